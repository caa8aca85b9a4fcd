// Bills with their charge and usage lines (spec 001 §3 Bill). Bills are synced with a per-service summary; the
// lines are kept once per line (bill_charges, bill_usages: reports and the server's own figures query them) and once
// per bill as the synced `bill_lines` row the single bill page reads offline (docs/architecture.md §14 Bills).
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts, vendors } from './accounts';
import {
  bytea,
  companyIdColumn,
  money,
  requiredRef,
  syncColumns,
  syncIndex,
  tenantId,
  tenantKey,
  tenantRef,
  timestamptz,
  usage,
} from './columns';
import type { BillServiceSummary } from '../../../../src/domain/billFigures';
import type { EarlierStatement } from '../../../../src/domain/bills';
import type { BillChargeLine, BillUsageLine } from '../../../../src/domain/billLines';
import { importBatches } from './imports';
import { locations } from './locations';

/** One service's totals on a bill, as the client stores and sums them offline (declared once, in src/domain). */
export type { BillServiceSummary };

/** A utility bill of an account for one bill month. */
export const bills = pgTable(
  'bills',
  {
    id: tenantId(),
    ...syncColumns(),
    accountId: uuid('account_id').notNull(),
    // Denormalised from the account so location and vendor queries need no join.
    locationId: uuid('location_id').notNull(),
    vendorId: requiredRef('vendor_id', () => vendors.id),
    // The vendor's name (second spec document §3 Bill vendorName), kept with vendorId like the account's.
    vendorName: text('vendor_name').notNull(),
    billMonth: varchar('bill_month', { length: 7 }).notNull(),
    // Null while the invoice is missing.
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status'),
    statusDate: date('status_date', { mode: 'string' }),
    statementDate: date('statement_date', { mode: 'string' }),
    readDateFrom: date('read_date_from', { mode: 'string' }),
    readDateTo: date('read_date_to', { mode: 'string' }),
    totalNewCharges: money('total_new_charges').notNull().default(0),
    amountDue: money('amount_due').notNull().default(0),
    outstandingBalance: money('outstanding_balance').notNull().default(0),
    prevMonthTotalNewCharges: money('prev_month_total_new_charges'),
    prevYearTotalCharges: money('prev_year_total_charges'),
    lateFee: money('late_fee').notNull().default(0),
    taxesFees: money('taxes_fees').notNull().default(0),
    isInvoiceMissing: boolean('is_invoice_missing').notNull().default(false),
    apFileInfo: text('ap_file_info'),
    // The statement's own number, when the bill came from a file that gives it (duplicates by invoice number).
    invoiceNumber: text('invoice_number'),
    // The import batch that brought the bill (null for bills entered otherwise), so an undo removes exactly them.
    importBatchId: uuid('import_batch_id'),
    // The statements a re-issue replaced, newest first (src/domain/bills.ts EarlierStatement).
    earlierStatements: jsonb('earlier_statements')
      .$type<EarlierStatement[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    services: jsonb('services')
      .$type<BillServiceSummary[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    tenantKey(t),
    tenantRef('bills_account_id_fk', { column: t.accountId, companyId: t.companyId }, accounts),
    tenantRef('bills_location_id_fk', { column: t.locationId, companyId: t.companyId }, locations),
    tenantRef('bills_import_batch_id_fk', { column: t.importBatchId, companyId: t.companyId }, importBatches),
    syncIndex('bills', t),
    index('bills_company_bill_month_idx').on(t.companyId, t.billMonth),
    index('bills_account_bill_month_idx').on(t.accountId, t.billMonth),
    index('bills_location_bill_month_idx').on(t.locationId, t.billMonth),
    index('bills_import_batch_idx').on(t.importBatchId),
  ],
);

/** A charge line of a bill. */
export const billCharges = pgTable(
  'bill_charges',
  {
    id: tenantId(),
    billId: uuid('bill_id').notNull(),
    companyId: companyIdColumn(),
    serviceType: text('service_type').notNull(),
    tariff: text('tariff'),
    chargeClassification: text('charge_classification'),
    description: text('description'),
    amount: money('amount').notNull(),
  },
  (t) => [
    tenantKey(t),
    tenantRef('bill_charges_bill_id_fk', { column: t.billId, companyId: t.companyId }, bills, 'cascade'),
    index('bill_charges_bill_id_idx').on(t.billId, t.companyId),
  ],
);

/** A usage line of a bill. */
export const billUsages = pgTable(
  'bill_usages',
  {
    id: tenantId(),
    billId: uuid('bill_id').notNull(),
    companyId: companyIdColumn(),
    serviceName: text('service_name').notNull(),
    tariff: text('tariff'),
    measurementType: text('measurement_type'),
    energyUnit: text('energy_unit'),
    usageTotal: usage('usage_total').notNull().default(0),
    kwMax: usage('kw_max'),
    kvaMax: usage('kva_max'),
    kvarSum: usage('kvar_sum'),
    readDateFrom: date('read_date_from', { mode: 'string' }),
    readDateTo: date('read_date_to', { mode: 'string' }),
  },
  (t) => [
    tenantKey(t),
    tenantRef('bill_usages_bill_id_fk', { column: t.billId, companyId: t.companyId }, bills, 'cascade'),
    index('bill_usages_bill_id_idx').on(t.billId, t.companyId),
  ],
);

/**
 * Every line of one bill as one synced row (id = the bill's id), so a bill's lines reach the device in one feed
 * change rather than one per line, and list pages never read them. Written with the bill's lines; never edited.
 */
export const billLines = pgTable(
  'bill_lines',
  {
    id: uuid('id').notNull(),
    ...syncColumns(),
    charges: jsonb('charges')
      .$type<BillChargeLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    usages: jsonb('usages')
      .$type<BillUsageLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    tenantKey(t),
    tenantRef('bill_lines_id_fk', { column: t.id, companyId: t.companyId }, bills, 'cascade'),
    syncIndex('bill_lines', t),
  ],
);

/** A file that came with a bill (a scanned page, a meter photo log): online only, `GET /downloadAttachment`. */
export const billAttachments = pgTable(
  'bill_attachments',
  {
    id: tenantId(),
    companyId: companyIdColumn(),
    billId: uuid('bill_id').notNull(),
    // The account number the spec's call names the attachment by, with the company.
    accountNumber: text('account_number').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef('bill_attachments_bill_id_fk', { column: t.billId, companyId: t.companyId }, bills, 'cascade'),
    index('bill_attachments_bill_id_idx').on(t.billId, t.companyId),
  ],
);

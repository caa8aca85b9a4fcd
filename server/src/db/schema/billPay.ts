// Accounts payable and bill pay (spec 001 §3 Accounts payable, Bill pay). AP deliveries, payment confirmations,
// client deposits and accrual rows are synced (read offline, docs/architecture.md §14); the files are online.
import { boolean, date, index, integer, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bills } from './bills';
import {
  bytea,
  companyIdColumn,
  money,
  syncColumns,
  syncIndex,
  tenantId,
  tenantKey,
  tenantRef,
  timestamptz,
} from './columns';
import { locations } from './locations';

/** A bill delivered in an accounts-payable file. */
export const apDeliveries = pgTable(
  'ap_deliveries',
  {
    id: tenantId(),
    ...syncColumns(),
    vendorName: text('vendor_name').notNull(),
    accountNumber: text('account_number').notNull(),
    locationId: uuid('location_id'),
    // The date as the AP file names it: six digits MMDDYY, or an ISO date (read by parseApFileDate, spec 001 §5).
    apFileDate: text('ap_file_date').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    amount: money('amount').notNull(),
    isPenalty: boolean('is_penalty').notNull().default(false),
    serviceGroup: text('service_group'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ap_deliveries_location_id_idx').on(t.locationId, t.companyId),
    tenantKey(t),
    tenantRef('ap_deliveries_location_id_fk', { column: t.locationId, companyId: t.companyId }, locations),
    syncIndex('ap_deliveries', t),
  ],
);

/** A payment made for an account's bill; `paymentMethod` is 'CHECK' or a digital method. */
export const paymentConfirmations = pgTable(
  'payment_confirmations',
  {
    id: tenantId(),
    ...syncColumns(),
    accountId: uuid('account_id').notNull(),
    amount: money('amount').notNull(),
    paymentMethod: text('payment_method').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    confirmationNumber: text('confirmation_number').notNull(),
    // The bill paid, when known: its bill pay notes show beside the payment.
    billId: uuid('bill_id'),
  },
  // The bill index lets a bill be deleted (an import undone) without reading every payment of the company.
  (t) => [
    index('payment_confirmations_account_id_idx').on(t.accountId, t.companyId),
    tenantKey(t),
    tenantRef(
      'payment_confirmations_account_id_fk',
      { column: t.accountId, companyId: t.companyId },
      accounts,
    ),
    tenantRef('payment_confirmations_bill_id_fk', { column: t.billId, companyId: t.companyId }, bills),
    syncIndex('payment_confirmations', t),
    index('payment_confirmations_bill_id_idx').on(t.billId, t.companyId),
  ],
);

/** Money a client deposited for bill pay and how much of it was matched to bills. */
export const clientDeposits = pgTable(
  'client_deposits',
  {
    id: tenantId(),
    ...syncColumns(),
    depositDate: date('deposit_date', { mode: 'string' }).notNull(),
    transactionAmount: money('transaction_amount').notNull(),
    matchedAmount: money('matched_amount').notNull().default(0),
  },
  (t) => [tenantKey(t), syncIndex('client_deposits', t)],
);

/** A general-ledger file produced on demand for a date range. */
export const glFiles = pgTable(
  'gl_files',
  {
    id: tenantId(),
    companyId: companyIdColumn(),
    fileName: text('file_name').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [tenantKey(t), index('gl_files_company_created_at_idx').on(t.companyId, t.createdAt)],
);

/** An accrual row: service not yet billed, estimated per day of service. */
export const accruals = pgTable(
  'accruals',
  {
    id: tenantId(),
    ...syncColumns(),
    accountId: uuid('account_id').notNull(),
    serviceStartPeriod: date('service_start_period', { mode: 'string' }).notNull(),
    serviceEndPeriod: date('service_end_period', { mode: 'string' }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    lastBillReceived: date('last_bill_received', { mode: 'string' }),
    lastBillPaid: date('last_bill_paid', { mode: 'string' }),
    batchDate: date('batch_date', { mode: 'string' }).notNull(),
    totalMinusAllCategories: money('total_minus_all_categories').notNull(),
    daysOfService: integer('days_of_service').notNull(),
  },
  (t) => [
    index('accruals_account_id_idx').on(t.accountId, t.companyId),
    tenantKey(t),
    tenantRef('accruals_account_id_fk', { column: t.accountId, companyId: t.companyId }, accounts),
    syncIndex('accruals', t),
  ],
);

/** An uploaded or generated accruals report file, addressed by blob id (GET /accrualsReport?blobId). */
export const accrualReports = pgTable(
  'accrual_reports',
  {
    blobId: uuid('blob_id').notNull().defaultRandom(),
    companyId: companyIdColumn(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blobId, t.companyId] }),
    index('accrual_reports_company_id_idx').on(t.companyId),
  ],
);

/** A control workbook of a payment batch (a month of payments); its PDF is rendered from them on download. */
export const controlWorkbooks = pgTable(
  'control_workbooks',
  {
    id: tenantId(),
    companyId: companyIdColumn(),
    fileName: text('file_name').notNull(),
    batchMonth: varchar('batch_month', { length: 7 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [tenantKey(t), index('control_workbooks_company_id_idx').on(t.companyId)],
);

/**
 * A bill pay team's note on a bill (`GET /BillPayBillNotes/{id}`, spec 001 §3): shown in the Bill pay payments tab
 * and, read-only, on the bill. Online: read when a bill or payment is opened.
 */
export const billPayBillNotes = pgTable(
  'bill_pay_bill_notes',
  {
    id: tenantId(),
    companyId: companyIdColumn(),
    billId: uuid('bill_id').notNull(),
    note: text('note').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef('bill_pay_bill_notes_bill_id_fk', { column: t.billId, companyId: t.companyId }, bills),
    index('bill_pay_bill_notes_bill_id_idx').on(t.billId, t.companyId),
  ],
);

// Accounts payable and bill pay (spec 001 §3 Accounts payable, Bill pay). Online areas: not synced.
import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bytea, companyIdColumn, money, timestamptz } from './columns';
import { locations } from './locations';

/** A bill delivered in an accounts-payable file. */
export const apDeliveries = pgTable(
  'ap_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    vendorName: text('vendor_name').notNull(),
    accountNumber: text('account_number').notNull(),
    locationId: uuid('location_id').references(() => locations.id),
    apFileDate: date('ap_file_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    amount: money('amount').notNull(),
    isPenalty: boolean('is_penalty').notNull().default(false),
    serviceGroup: text('service_group'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ap_deliveries_company_ap_file_date_idx').on(t.companyId, t.apFileDate),
    index('ap_deliveries_company_due_date_idx').on(t.companyId, t.dueDate),
  ],
);

/** A payment made for an account's bill; `paymentMethod` is 'CHECK' or a digital method. */
export const paymentConfirmations = pgTable(
  'payment_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    paymentMethod: text('payment_method').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('payment_confirmations_company_payment_date_idx').on(t.companyId, t.paymentDate)],
);

/** Money a client deposited for bill pay and how much of it was matched to bills. */
export const clientDeposits = pgTable(
  'client_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    depositDate: date('deposit_date', { mode: 'string' }).notNull(),
    transactionAmount: money('transaction_amount').notNull(),
    matchedAmount: money('matched_amount').notNull().default(0),
  },
  (t) => [index('client_deposits_company_deposit_date_idx').on(t.companyId, t.depositDate)],
);

/** A general-ledger file produced on demand for a date range. */
export const glFiles = pgTable(
  'gl_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    fileName: text('file_name').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('gl_files_company_created_at_idx').on(t.companyId, t.createdAt)],
);

/** An accrual row: service not yet billed, estimated per day of service. */
export const accruals = pgTable(
  'accruals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    serviceStartPeriod: date('service_start_period', { mode: 'string' }).notNull(),
    serviceEndPeriod: date('service_end_period', { mode: 'string' }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    lastBillReceived: date('last_bill_received', { mode: 'string' }),
    lastBillPaid: date('last_bill_paid', { mode: 'string' }),
    batchDate: date('batch_date', { mode: 'string' }).notNull(),
    totalMinusAllCategories: money('total_minus_all_categories').notNull(),
    daysOfService: integer('days_of_service').notNull(),
  },
  (t) => [index('accruals_company_batch_date_idx').on(t.companyId, t.batchDate)],
);

/** An uploaded or generated accruals report file, addressed by blob id (GET /accrualsReport?blobId). */
export const accrualReports = pgTable(
  'accrual_reports',
  {
    blobId: uuid('blob_id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('accrual_reports_company_id_idx').on(t.companyId)],
);

/** A control workbook PDF of a company. */
export const controlWorkbooks = pgTable(
  'control_workbooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('control_workbooks_company_id_idx').on(t.companyId)],
);

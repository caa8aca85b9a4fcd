// Saved report filters (synced, per user and company, so they work offline), archive records and GET AI chat
// sessions (online) — spec 001 §7 Reports, Archive, Chat.
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import {
  bytea,
  companyIdColumn,
  money,
  syncColumns,
  syncIndex,
  tenantId,
  tenantKey,
  timestamptz,
} from './columns';
import { users } from './users';

/**
 * A user's saved report filter (POST /reporting/saveReportFilter): a synced row private to its user, as grid
 * settings are (the change feed serves a user only their own rows).
 */
export const reportFilters = pgTable(
  'report_filters',
  {
    id: tenantId(),
    ...syncColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    reportType: text('report_type').notNull(),
    jsonFilter: jsonb('json_filter').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    syncIndex('report_filters', t),
    index('report_filters_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** An archived bill statement (only for companies with an archive table name), searched by POST /archive/search. */
export const archiveRecords = pgTable(
  'archive_records',
  {
    id: tenantId(),
    companyId: companyIdColumn(),
    gcStatementId: text('gc_statement_id').notNull(),
    accountNumber: text('account_number').notNull(),
    vendorName: text('vendor_name').notNull(),
    billMonth: varchar('bill_month', { length: 7 }).notNull(),
    // The statement's invoice date: what the archive search filters and sorts by (spec 001 §7 Archive).
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    // Null when the statement has no stored PDF; the download then renders one.
    pdf: bytea('pdf'),
  },
  (t) => [
    tenantKey(t),
    unique('archive_records_company_statement_key').on(t.companyId, t.gcStatementId),
    index('archive_records_company_account_idx').on(t.companyId, t.accountNumber),
    index('archive_records_company_bill_month_idx').on(t.companyId, t.billMonth),
    // The archive search answers within 300 ms on 100,000 statements (docs/architecture.md §9; figures: docs/decisions/bills.md):
    // each filter and each sort has an index that starts with the company.
    index('archive_records_company_invoice_date_idx').on(t.companyId, t.invoiceDate),
    index('archive_records_company_amount_idx').on(t.companyId, t.amount),
    // Prefix searches (`like 'abc%'`) read these; text_pattern_ops makes that work whatever the database's collation.
    index('archive_records_company_vendor_idx').on(t.companyId, sql`lower(${t.vendorName}) text_pattern_ops`),
    index('archive_records_company_account_prefix_idx').on(
      t.companyId,
      t.accountNumber.op('text_pattern_ops'),
    ),
  ],
);

/** A GET AI conversation of one user in one company; the server drops it once expired. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: tenantId(),
    companyId: companyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    history: jsonb('history')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [tenantKey(t), index('chat_sessions_user_id_idx').on(t.userId)],
);

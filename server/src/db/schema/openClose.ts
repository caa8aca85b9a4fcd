// Open/close account requests and their notes (spec 001 §3 Open/close account). Online area: not synced.
import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { companyIdColumn, timestamptz } from './columns';
import { locations } from './locations';
import { users } from './users';

/** A request to open (isOpen) or close a utility account at a site. */
export const openCloseRequests = pgTable(
  'open_close_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    // Null for an opening request until the new account exists.
    accountId: uuid('account_id').references(() => accounts.id),
    serviceType: text('service_type').notNull(),
    isOpen: boolean('is_open').notNull(),
    // Received=0, In Progress=1, Pending=2, Done=3.
    accountStatus: integer('account_status').notNull().default(0),
    turnoverDate: date('turnover_date', { mode: 'string' }),
    storeCloseDate: date('store_close_date', { mode: 'string' }),
    storeOpenDate: date('store_open_date', { mode: 'string' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('open_close_requests_company_created_at_idx').on(t.companyId, t.createdAt)],
);

/** A note on an open/close request. */
export const openCloseNotes = pgTable(
  'open_close_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => openCloseRequests.id, { onDelete: 'cascade' }),
    companyId: companyIdColumn(),
    note: text('note').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('open_close_notes_request_id_idx').on(t.requestId)],
);

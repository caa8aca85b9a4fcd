// Open/close account requests, their notes and their history (spec 001 §3 Open/close account, §4 statuses). All
// synced, so the list, a request and its notes open offline and every write queues on the device.
import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { syncColumns, syncIndex, tenantId, tenantKey, tenantRef, timestamptz } from './columns';
import { locations } from './locations';
import { users } from './users';

/**
 * A request to open (isOpen) or close one service at a site. A request made for several services is stored as one
 * row per service, each with its own status, since each utility account opens or closes on its own.
 */
export const openCloseRequests = pgTable(
  'open_close_requests',
  {
    id: tenantId(),
    ...syncColumns(),
    locationId: uuid('location_id').notNull(),
    // Null for an opening request until the new account exists; a closing names the account it ends.
    accountId: uuid('account_id'),
    serviceType: text('service_type').notNull(),
    isOpen: boolean('is_open').notNull(),
    // Received=0, In Progress=1, Pending=2, Done=3.
    accountStatus: integer('account_status').notNull().default(0),
    turnoverDate: date('turnover_date', { mode: 'string' }),
    storeCloseDate: date('store_close_date', { mode: 'string' }),
    storeOpenDate: date('store_open_date', { mode: 'string' }),
    // Who asked, and their name as it was then: users are not synced, so rows carry the name they show.
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name'),
    // The person at the site the utility or consultant calls.
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('open_close_requests_location_id_idx').on(t.locationId, t.companyId),
    index('open_close_requests_account_id_idx').on(t.accountId, t.companyId),
    tenantKey(t),
    tenantRef(
      'open_close_requests_location_id_fk',
      { column: t.locationId, companyId: t.companyId },
      locations,
    ),
    tenantRef('open_close_requests_account_id_fk', { column: t.accountId, companyId: t.companyId }, accounts),
    syncIndex('open_close_requests', t),
    index('open_close_requests_company_created_at_idx').on(t.companyId, t.createdAt),
  ],
);

/** A note on an open/close request. */
export const openCloseNotes = pgTable(
  'open_close_notes',
  {
    id: tenantId(),
    ...syncColumns(),
    requestId: uuid('request_id').notNull(),
    note: text('note').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(
      'open_close_notes_request_id_fk',
      { column: t.requestId, companyId: t.companyId },
      openCloseRequests,
      'cascade',
    ),
    syncIndex('open_close_notes', t),
    index('open_close_notes_request_id_idx').on(t.requestId),
  ],
);

/**
 * What happened to a request, written by the server in the transaction of each write: 'created', 'status' (from
 * and to), 'edited' (the fields changed, comma-separated). The audit trail is the server's, with its clock.
 */
export const openCloseEvents = pgTable(
  'open_close_events',
  {
    id: tenantId(),
    ...syncColumns(),
    requestId: uuid('request_id').notNull(),
    kind: text('kind').notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status'),
    fields: text('fields'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(
      'open_close_events_request_id_fk',
      { column: t.requestId, companyId: t.companyId },
      openCloseRequests,
      'cascade',
    ),
    syncIndex('open_close_events', t),
    index('open_close_events_request_id_idx').on(t.requestId),
  ],
);

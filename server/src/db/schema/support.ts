// Support tickets with comments and attachments (spec 000 §3, 001 §3 Support ticket). Tickets, comments and
// attachments (metadata; the bytes live in the file store) are synced entities, so the ticket list reads the device
// and a ticket or comment written offline goes through the outbox (docs/architecture.md §14 Support).
import { boolean, index, integer, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import {
  fileColumns,
  syncColumns,
  syncIndex,
  tenantId,
  tenantKey,
  tenantRef,
  tenantUnique,
  timestamptz,
} from './columns';
import { users } from './users';

/** Numbers of new tickets ('GET-' + nextval), so concurrent creations never collide. */
export const supportTicketNumberSeq = pgSequence('support_ticket_number_seq', { startWith: 101 });

/** A kind of support request; company null means offered to every company. */
export const supportRequestTypes = pgTable(
  'support_request_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
  },
  (t) => [index('support_request_types_company_id_idx').on(t.companyId)],
);

/** A support ticket, addressed in routes by its jiraIssueId (e.g. 'GET-101'). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: tenantId(),
    ...syncColumns(),
    jiraIssueId: text('jira_issue_id').notNull(),
    requestType: text('request_type').notNull(),
    summary: text('summary').notNull(),
    ticketDescription: text('ticket_description').notNull(),
    // Name or email of the person the request is for, as typed.
    requestedBy: text('requested_by').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The creator's name as it was, so the device shows it without the users list.
    createdByName: text('created_by_name'),
    // Workflow: Received, In Progress, Pending, Done; or Cancelled.
    status: text('status').notNull().default('Received'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    // The number comes from one sequence (support_ticket_number_seq), so it is unique across companies too.
    tenantUnique('support_tickets_company_jira_issue_id_key', t.companyId, t.jiraIssueId),
    index('support_tickets_company_created_at_idx').on(t.companyId, t.createdAt),
    syncIndex('support_tickets', t),
  ],
);

/** A comment on a ticket. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: tenantId(),
    ...syncColumns(),
    ticketId: uuid('ticket_id').notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(
      'ticket_comments_ticket_id_fk',
      { column: t.ticketId, companyId: t.companyId },
      supportTickets,
      'cascade',
    ),
    index('ticket_comments_ticket_id_idx').on(t.ticketId),
    syncIndex('ticket_comments', t),
  ],
);

/**
 * A file uploaded for a ticket (its bytes in the file store under `storageKey`). Uploads of the spec's two steps start
 * temporary with no ticket (POST temporary_attachment) and are bound to a ticket by finalize_attachments; an upload
 * that names its ticket (the device's queued ones) is bound at once. Temporary ones never reach the change feed.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: tenantId(),
    ...syncColumns(),
    ticketId: uuid('ticket_id'),
    accountNumber: text('account_number'),
    ...fileColumns(),
    // Opaque key of GET company_support/download_attachment?contentUrl.
    contentUrl: text('content_url'),
    isTemporary: boolean('is_temporary').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(
      'ticket_attachments_ticket_id_fk',
      { column: t.ticketId, companyId: t.companyId },
      supportTickets,
      'cascade',
    ),
    tenantUnique('ticket_attachments_company_storage_key_key', t.companyId, t.storageKey),
    tenantUnique('ticket_attachments_company_content_url_key', t.companyId, t.contentUrl),
    index('ticket_attachments_ticket_id_idx').on(t.ticketId),
    syncIndex('ticket_attachments', t),
  ],
);

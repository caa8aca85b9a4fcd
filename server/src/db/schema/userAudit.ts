// The audit of the Users page (docs/architecture.md §14 Support, users and invitations): every change a super
// consultant makes to roles, consultant access and company access flags — who, when, what — kept and shown.
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { timestamptz } from './columns';
import { users } from './users';

/** One change made on the Users page. */
export const userAdminAudit = pgTable(
  'user_admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // The actor's name as it was, so the line stays readable after the user is gone.
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetCompanyId: integer('target_company_id').references(() => companies.id, { onDelete: 'set null' }),
    // The audit line in a person's words (src/domain/userAdmin.ts auditText).
    detail: text('detail').notNull(),
  },
  (t) => [index('user_admin_audit_at_idx').on(t.at)],
);

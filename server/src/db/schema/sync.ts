// Bookkeeping of the sync protocol (docs/architecture.md §4): version counter, tombstones, idempotency keys.
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * One row per company. Writers bump `version` with UPDATE ... RETURNING inside their transaction: the row lock
 * serialises a company's writers, so versions commit in order and the change feed never skips a late commit.
 */
export const companySync = pgTable('company_sync', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  // Tombstones below this were pruned: a cursor older than it answers 410 and the client pulls afresh.
  minValidVersion: bigint('min_valid_version', { mode: 'number' }).notNull().default(0),
});

/** A deleted synced row, served by the change feed as op 'del' until retention prunes it. */
export const tombstones = pgTable(
  'tombstones',
  {
    // Surrogate key: the same entity id may be deleted, re-created and deleted again, each with its own version.
    // Not read by the change feed, which pages by version, so under Citus it needs no order across workers.
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('tombstones_company_version_idx').on(t.companyId, t.version),
  ],
);

/**
 * A processed `Idempotency-Key` with the response it produced, written in the effect's transaction.
 * The key is kept per company; a lookup must still compare user, method and path so one user never replays another's answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  // Expired keys are pruned by age.
  (t) => [
    // The key with its company: a synced write is one company's (docs/architecture.md §4 Several machines).
    primaryKey({ columns: [t.key, t.companyId] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

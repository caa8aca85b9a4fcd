// Import batches (docs/architecture.md §11, §14 Imports): one row per file applied, with who, when, the file's name,
// its mapping, counts, totals per unit and status. The bills a batch brought name it (`bills.import_batch_id`), so
// an undo removes exactly them. Synced to who may open the imports area.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type {
  ImportBatchCounts,
  ImportRowError,
  ImportUnitTotal,
} from '../../../../src/domain/imports/batches';
import type { billCharges, billLines, billUsages, bills } from './bills';
import { accounts } from './accounts';
import { syncColumns, syncIndex, tenantId, tenantKey, tenantRef, timestamptz } from './columns';
import { users } from './users';

/** A bill as it was before a re-issued statement replaced it, with its lines: what an undo puts back. */
export interface ReplacedBill {
  /** The re-issued bill that took its place. */
  byBillId: string;
  bill: Omit<typeof bills.$inferSelect, 'updatedAt'>;
  charges: (typeof billCharges.$inferSelect)[];
  usages: (typeof billUsages.$inferSelect)[];
  lines: Pick<typeof billLines.$inferSelect, 'charges' | 'usages'> | null;
}

/** The sites and accounts an import created, so an undo removes those nothing else has come to need. */
export interface ImportCreated {
  locations?: string[];
  accounts?: string[];
}

/** One applied import file. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: tenantId(),
    ...syncColumns(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    // 'bills' | 'greenButton' (src/domain/imports/batches.ts IMPORT_KINDS).
    kind: text('kind').notNull(),
    // The column mapping the file was read with (null for Green Button files).
    mapping: jsonb('mapping').$type<unknown>(),
    counts: jsonb('counts').$type<ImportBatchCounts>().notNull(),
    totals: jsonb('totals')
      .$type<ImportUnitTotal[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // 'applied' | 'undone' ('pending' exists only on the device that queued it).
    status: text('status').notNull(),
    errors: jsonb('errors')
      .$type<ImportRowError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // The bills re-issued statements of the file replaced, whole, so an undo puts them back (server only: the feed
    // leaves it out, server/src/sync/entities.ts).
    replaced: jsonb('replaced')
      .$type<ReplacedBill[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // The sites and accounts the file created (server only, like `replaced`).
    created: jsonb('created')
      .$type<ImportCreated>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [tenantKey(t), syncIndex('import_batches', t)],
);

/**
 * A local month of an account's interval readings from a Green Button file (src/domain/imports/greenButton/intervals.ts):
 * usage per slot of `interval_seconds` from `starts_at`. Synced with the bills (every user reads them), so the account's
 * chart draws the load shape offline; the batch that brought it removes it on undo.
 */
export const intervalMonths = pgTable(
  'interval_months',
  {
    id: tenantId(),
    ...syncColumns(),
    accountId: uuid('account_id').notNull(),
    importBatchId: uuid('import_batch_id'),
    month: text('month').notNull(),
    serviceType: text('service_type').notNull(),
    unit: text('unit').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    values: jsonb('values').$type<(number | null)[]>().notNull(),
  },
  (t) => [
    tenantKey(t),
    tenantRef('interval_months_account_id_fk', { column: t.accountId, companyId: t.companyId }, accounts),
    tenantRef(
      'interval_months_import_batch_id_fk',
      { column: t.importBatchId, companyId: t.companyId },
      importBatches,
    ),
    syncIndex('interval_months', t),
    index('interval_months_account_month_idx').on(t.accountId, t.month),
    index('interval_months_import_batch_idx').on(t.importBatchId),
  ],
);

// Import batches (docs/architecture.md §11, §14 Imports): one row per file applied, with who, when, the file's name,
// its mapping, counts, totals per unit and status. The bills a batch brought name it (`bills.import_batch_id`), so
// an undo removes exactly them. Synced to who may open the imports area.
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type {
  ImportBatchCounts,
  ImportRowError,
  ImportUnitTotal,
} from '../../../../src/domain/imports/batches';
import type { billCharges, billLines, billUsages, bills } from './bills';
import { syncColumns, syncIndex, timestamptz } from './columns';
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
    id: uuid('id').primaryKey().defaultRandom(),
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
  (t) => [syncIndex('import_batches', t)],
);

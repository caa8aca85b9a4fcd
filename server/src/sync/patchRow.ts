// The server's side of a write that sets fields of one row (src/domain/syncedWrites.ts ROW_PATCHES,
// docs/architecture.md §4 "Push"): the fields come from the write's one definition, which the device applies to its
// copy as it queues the write, so both sides change the row alike.
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource, PgTable } from 'drizzle-orm/pg-core';
import { ROW_PATCHES, patchFields } from '../../../src/domain/syncedWrites';
import type { PatchInput, PatchWriteName } from '../../../src/domain/syncedWrites';
import { notFound } from '../errors';
import { SYNCED_TABLES } from './entities';
import type { SyncedTable, SyncedTableName } from './entities';
import { assertVersion } from './syncedWrite';
import type { WriteResult } from './syncedWrite';
import type { WriteEffect } from './writeRoute';

/** What a patch write sent: its checked body and its query, as its schemas type them. */
export type PatchSent<Name extends PatchWriteName> = Omit<PatchInput<Name>, 'now'>;

/**
 * Sets a patch write's fields on its row of the write's company, with the write's version: 404 when the company has
 * no such row, 409 when the client edited another version (If-Match). Answers 200 with the row.
 */
export async function patchRow<Name extends PatchWriteName>(
  { tx, version, expected, companyId }: WriteEffect,
  name: Name,
  rowId: string,
  sent: PatchSent<Name>,
): Promise<WriteResult> {
  // Every patch names a table-backed entity; the company record is no patch's row.
  const entity = ROW_PATCHES[name].entity as SyncedTableName;
  const synced: SyncedTable = SYNCED_TABLES[entity];
  const where = and(eq(synced.id, rowId), eq(synced.companyId, companyId));
  const [current] = (await tx.select().from(synced.table).where(where)) as { version: number }[];
  // The access hook checked the company already; repeated under the company lock in case the row went since.
  if (!current) throw notFound();
  assertVersion(current, expected);
  const fields = patchFields(name, { ...sent, now: new Date().toISOString() });
  const set = { ...fields, version, updatedAt: sql`now()` } as PgUpdateSetSource<PgTable>;
  const [row] = await tx.update(synced.table).set(set).where(where).returning();
  return { statusCode: 200, body: row };
}

// Reads of the write queue and sync bookkeeping, for the top bar, the Sync panel and the rows pages mark as queued.
import type { OutboxStatus } from '../../domain/sync';
import { rowKey } from '../rowState';
import type { AppDb } from '../schema';
import type { OutboxEntry, SyncStateRow } from '../syncRows';

/** Counts of queued writes by state. */
export interface OutboxSummary {
  pending: number;
  sending: number;
  conflict: number;
  rejected: number;
}

/** Counts of queued writes by state, of one company or all. */
export async function outboxSummary(db: AppDb, companyId?: number): Promise<OutboxSummary> {
  const entries =
    companyId === undefined
      ? await db.outbox.toArray()
      : await db.outbox.where('companyId').equals(companyId).toArray();
  const summary: OutboxSummary = { pending: 0, sending: 0, conflict: 0, rejected: 0 };
  for (const entry of entries) summary[entry.status] += 1;
  return summary;
}

/** Every queued write in replay order (oldest first). */
export function outboxEntries(db: AppDb): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').toArray();
}

/** Sync bookkeeping of every company kept locally. */
export function syncStates(db: AppDb): Promise<SyncStateRow[]> {
  return db.syncState.toArray();
}

const STATUS_WEIGHT: Readonly<Record<OutboxStatus, number>> = {
  sending: 0,
  pending: 1,
  conflict: 2,
  rejected: 3,
};

/** Records the most pressing state per row: a rejection or conflict needs the user, a pending write only waits. */
function mark(out: Record<string, OutboxStatus>, key: string, status: OutboxStatus): void {
  const seen = out[key];
  if (seen === undefined || STATUS_WEIGHT[status] > STATUS_WEIGHT[seen]) out[key] = status;
}

/** The queued writes of some rows not yet acknowledged, by `{entity}:{id}`. */
export async function queuedWrites(
  db: AppDb,
  keys: readonly [string, string][],
): Promise<Record<string, OutboxStatus>> {
  const wanted = new Map(keys.map(([entity, id]) => [rowKey(entity, id), `${entity}:${id}`]));
  const entries = await db.outbox
    .where('rowKeys')
    .anyOf([...wanted.keys()])
    .distinct()
    .toArray();
  const out: Record<string, OutboxStatus> = {};
  for (const entry of entries) {
    for (const rowKeyOfEntry of entry.rowKeys) {
      const key = wanted.get(rowKeyOfEntry);
      if (key !== undefined) mark(out, key, entry.status);
    }
  }
  return out;
}

/** Every row of one entity with a queued write of a company, by id: for lists that mark many rows at once. */
export async function queuedRowsOf(
  db: AppDb,
  companyId: number,
  entity: string,
): Promise<Record<string, OutboxStatus>> {
  const prefix = `${entity}/`;
  const out: Record<string, OutboxStatus> = {};
  for (const entry of await db.outbox.where('companyId').equals(companyId).toArray())
    for (const key of entry.rowKeys)
      if (key.startsWith(prefix)) mark(out, key.slice(prefix.length), entry.status);
  return out;
}

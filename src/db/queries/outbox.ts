// Reads of the write queue and sync bookkeeping, for the top bar, the Sync panel and the marks of queued rows.

import type { AppDb } from '../schema';
import type { OutboxEntry, SyncStateRow } from '../syncRows';

/** Counts of queued writes by state. */
export interface OutboxSummary {
  pending: number;
  sending: number;
  conflict: number;
  rejected: number;
  setAside: number;
}

/** Counts of queued writes by state, of one company or all. */
export async function outboxSummary(db: AppDb, companyId?: number): Promise<OutboxSummary> {
  const entries =
    companyId === undefined
      ? await db.outbox.toArray()
      : await db.outbox.where('companyId').equals(companyId).toArray();
  const summary: OutboxSummary = { pending: 0, sending: 0, conflict: 0, rejected: 0, setAside: 0 };
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

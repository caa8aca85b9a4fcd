// Which rows have queued writes, and in what state: pages mark them (src/ui/QueuedBadge.tsx).
import type { OutboxStatus } from '../../domain/sync';
import { rowKey } from '../rowState';
import type { AppDb } from '../schema';

const STATUS_WEIGHT: Readonly<Record<OutboxStatus, number>> = {
  sending: 0,
  pending: 1,
  conflict: 2,
  rejected: 3,
};

/** The state of the queued writes of each row, by `{entity}:{id}`; rows without any are absent. */
export async function queuedWrites(
  db: AppDb,
  keys: readonly [string, string][],
): Promise<Record<string, OutboxStatus>> {
  const wanted = new Map(keys.map(([entity, id]) => [rowKey(entity, id), `${entity}:${id}`]));
  if (wanted.size === 0) return {};
  const entries = await db.outbox
    .where('rowKeys')
    .anyOf([...wanted.keys()])
    .distinct()
    .toArray();
  const out: Record<string, OutboxStatus> = {};
  for (const entry of entries) {
    for (const rowKeyOfEntry of entry.rowKeys) {
      const key = wanted.get(rowKeyOfEntry);
      if (key === undefined) continue;
      const seen = out[key];
      // The most pressing state wins: a rejection or conflict needs the user, a pending write only waits.
      if (seen === undefined || STATUS_WEIGHT[entry.status] > STATUS_WEIGHT[seen]) out[key] = entry.status;
    }
  }
  return out;
}

// Which rows a page shows have queued writes, and in what state, for their "Waiting to sync" badges (QueuedBadge),
// and which of them are uploads still queued with their file (docs/architecture.md §15: such a file opens from the queue).
import { isActiveStatus } from '../../domain/sync';
import type { OutboxStatus } from '../../domain/sync';
import { rowKey } from '../rowState';
import type { AppDb } from '../schema';

const STATUS_WEIGHT: Readonly<Record<OutboxStatus, number>> = {
  sending: 0,
  pending: 1,
  setAside: 2,
  conflict: 3,
  rejected: 4,
};

/**
 * Records the most pressing state per row: a rejection, a conflict or a set-aside write needs the user, a pending write
 * only waits.
 */
function mark(out: Record<string, OutboxStatus>, key: string, status: OutboxStatus): void {
  const seen = out[key];
  if (seen === undefined || STATUS_WEIGHT[status] > STATUS_WEIGHT[seen]) out[key] = status;
}

/**
 * The state of the queued writes of each `[entity, id]` row that has any, by `entity:id`; when several writes touch a
 * row, the most pressing state wins (a rejection or conflict needs the user, a pending write only waits).
 */
export async function queuedWrites(
  db: AppDb,
  keys: readonly (readonly [string, string])[],
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

/**
 * The file of each row of `entity` created by an upload still queued (active), by the row's id: the file opens from
 * the queue until the server has it.
 */
export async function queuedUploadFiles(
  db: AppDb,
  entity: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const entries = await db.outbox
    .where('rowKeys')
    .anyOf(ids.map((id) => rowKey(entity, id)))
    .distinct()
    .toArray();
  const files = new Map<string, string>();
  for (const entry of entries) {
    const [effect] = entry.effects;
    const [file] = entry.files ?? [];
    if (effect && file && isActiveStatus(entry.status)) files.set(String(effect.entityId), file.id);
  }
  return files;
}

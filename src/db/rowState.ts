// A row with queued writes is "its last server state with the active entries applied in order". Every
// change to either side (a pull, an answer, a rollback, a user's choice) rebuilds the row from that rule,
// so the local row, the entries' inverses and the server state never drift apart.
import type { Table } from 'dexie';
import { applyLocalChange, isActiveStatus } from '../domain/sync';
import type { AppDb } from './schema';
import type { AnyRow, SyncedEntity } from './rows';
import type { OutboxEntry } from './syncRows';

/** A synced table by entity name, typed for generic code. */
export function tableOf(db: AppDb, entity: SyncedEntity): Table<AnyRow, string | number> {
  return db.table<AnyRow, string | number>(entity);
}

/** The entries still shaping a row (pending, sending, conflict), oldest first. */
export async function activeEntriesOf(
  db: AppDb,
  entity: SyncedEntity,
  entityId: string | number,
): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[entity+entityId]').equals([entity, entityId]).toArray();
  return entries.filter((entry) => isActiveStatus(entry.status)).sort((a, b) => a.seq - b.seq);
}

/** The last known server state of a row with active entries: the first entry's inverse. */
export function serverStateOf(entries: readonly OutboxEntry[]): AnyRow | null {
  return entries[0]?.inverse ?? null;
}

/**
 * Rewrites a row as `base` with `entries` applied in order, and each entry's inverse as the row before it.
 * Call inside a transaction holding the outbox and the entity's table.
 */
export async function rebuildRow(
  db: AppDb,
  entity: SyncedEntity,
  entityId: string | number,
  base: AnyRow | null,
  entries: readonly OutboxEntry[],
): Promise<AnyRow | null> {
  let current = base;
  const updated: OutboxEntry[] = [];
  for (const entry of entries) {
    updated.push({ ...entry, inverse: current });
    current = applyLocalChange(current, entry.change);
  }
  if (updated.length > 0) await db.outbox.bulkPut(updated);
  const table = tableOf(db, entity);
  if (current) await table.put({ ...current, id: entityId });
  else await table.delete(entityId);
  return current;
}

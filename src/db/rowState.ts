// A row with queued writes is "its last server state with the active entries applied in order". Every
// change to either side (a pull, an answer, a rollback, a user's choice) rebuilds the row from that rule,
// so the local row, the entries' inverses and the server state never drift apart. An entry may change several
// rows; the rule holds for each of them, and a rebuild touches only the effects on the rows it rebuilds.
import type { Table } from 'dexie';
import { applyLocalChange, isActiveStatus } from '../domain/sync';
import type { AppDb } from './schema';
import type { AnyRow, SyncedEntity } from './rows';
import type { OutboxEntry, RowEffect } from './syncRows';

/** A synced table by entity name, typed for generic code. */
export function tableOf(db: AppDb, entity: SyncedEntity): Table<AnyRow, string | number> {
  return db.table<AnyRow, string | number>(entity);
}

/** The key of a row across tables, as the outbox's `rowKeys` index holds it. */
export function rowKey(entity: string, entityId: string | number): string {
  return `${entity}/${String(entityId)}`;
}

/** The key of the row an effect changes. */
export function keyOfEffect(effect: Pick<RowEffect, 'entity' | 'entityId'>): string {
  return rowKey(effect.entity, effect.entityId);
}

/** The write's own row: the one its If-Match and a 409 are about. */
export function primaryEffect(entry: Pick<OutboxEntry, 'effects' | 'seq'>): RowEffect {
  const effect = entry.effects[0];
  if (!effect) throw new Error(`Outbox entry ${entry.seq} changes no row`);
  return effect;
}

/** The tables an entry's rows live in, for its transactions. */
export function tablesOfEntry(
  db: AppDb,
  entry: Pick<OutboxEntry, 'effects'>,
): Table<AnyRow, string | number>[] {
  return [...new Set(entry.effects.map((effect) => effect.entity))].map((entity) => tableOf(db, entity));
}

/** The entries still shaping any of the rows (pending, sending, conflict), oldest first, each once. */
export async function activeEntriesOfRows(db: AppDb, keys: readonly string[]): Promise<OutboxEntry[]> {
  if (keys.length === 0) return [];
  const found = await db.outbox
    .where('rowKeys')
    .anyOf([...new Set(keys)])
    .toArray();
  const bySeq = new Map(
    found.filter((entry) => isActiveStatus(entry.status)).map((entry) => [entry.seq, entry]),
  );
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The entries still shaping one row, oldest first. */
export function activeEntriesOf(
  db: AppDb,
  entity: SyncedEntity,
  entityId: string | number,
): Promise<OutboxEntry[]> {
  return activeEntriesOfRows(db, [rowKey(entity, entityId)]);
}

/**
 * The last known server state of a row, from the active entries that touch it (oldest first): the inverse of the
 * first one's effect on the row. Undefined when none of them touches it.
 */
export function serverStateOf(entries: readonly OutboxEntry[], key: string): AnyRow | null | undefined {
  for (const entry of entries) {
    const effect = entry.effects.find((item) => keyOfEffect(item) === key);
    if (effect) return effect.inverse;
  }
  return undefined;
}

function listIn<T>(lists: Map<SyncedEntity, T[]>, entity: SyncedEntity): T[] {
  let list = lists.get(entity);
  if (!list) {
    list = [];
    lists.set(entity, list);
  }
  return list;
}

/** A row to rebuild: its new last server state. */
export interface RowBase {
  entity: SyncedEntity;
  entityId: string | number;
  base: AnyRow | null;
}

/**
 * Rewrites each row as its `base` with the active entries' effects on it applied in order, and each of those
 * effects' inverse as the row before it. Entries are read afresh, so callers first store what they change about
 * entries (status, version, removal). Call inside a transaction holding the outbox and the rows' tables.
 */
export async function rebuildRows(db: AppDb, rows: readonly RowBase[]): Promise<void> {
  if (rows.length === 0) return;
  const entries = await activeEntriesOfRows(
    db,
    rows.map((row) => rowKey(row.entity, row.entityId)),
  );
  const changed = new Set<OutboxEntry>();
  const copies = entries.map((entry) => ({ ...entry, effects: [...entry.effects] }));
  const puts = new Map<SyncedEntity, AnyRow[]>();
  const deletes = new Map<SyncedEntity, (string | number)[]>();
  for (const { entity, entityId, base } of rows) {
    const key = rowKey(entity, entityId);
    let current = base;
    for (const entry of copies) {
      const index = entry.effects.findIndex((effect) => keyOfEffect(effect) === key);
      const effect = entry.effects[index];
      if (!effect) continue;
      entry.effects[index] = { ...effect, inverse: current };
      changed.add(entry);
      current = applyLocalChange(current, effect.change);
    }
    if (current) listIn(puts, entity).push({ ...current, id: entityId });
    else listIn(deletes, entity).push(entityId);
  }
  for (const [entity, keys] of deletes) await tableOf(db, entity).bulkDelete(keys);
  for (const [entity, values] of puts) await tableOf(db, entity).bulkPut(values);
  if (changed.size > 0) await db.outbox.bulkPut([...changed]);
}

/** Rebuilds one row (see rebuildRows). */
export function rebuildRow(
  db: AppDb,
  entity: SyncedEntity,
  entityId: string | number,
  base: AnyRow | null,
): Promise<void> {
  return rebuildRows(db, [{ entity, entityId, base }]);
}

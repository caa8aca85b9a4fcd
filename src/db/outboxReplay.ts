// The sync worker's side of the outbox (docs/architecture.md §4): which entry goes next and what each answer does to
// the entry and its rows. Every function is one transaction, so a crash leaves either the old or new state.
import { SERVER_FAILURES_BEFORE_SET_ASIDE, applyLocalChange, isRecord, newerRow } from '../domain/sync';
import type { OutboxStatus } from '../domain/sync';
import { conflictBases } from './outbox';
import { dropFilesOfEntry, fileTablesOf } from './outboxFiles';
import {
  activeEntriesOfRows,
  keyOfEffect,
  primaryEffect,
  rebuildRows,
  rowKey,
  serverStateOf,
  tableOf,
  tablesOfEntry,
} from './rowState';
import type { RowBase } from './rowState';
import type { AppDb } from './schema';
import type { AnyRow } from './rows';
import type { AnswerRows, CarriedRow, OutboxEntry, RowEffect } from './syncRows';

/** Whether an answer body is a synced row (has an id and a version). */
export function asRow(body: unknown): AnyRow | null {
  if (!isRecord(body)) return null;
  const { id, version } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof version !== 'number') return null;
  return body as AnyRow;
}

/** The rows an answer carries by its entry's `answerRows`, and the entities whose whole touched list it carries. */
function carriedRows(body: unknown, members: AnswerRows): { rows: CarriedRow[]; lists: Set<string> } {
  const rows: CarriedRow[] = [];
  const lists = new Set<string>();
  if (!isRecord(body)) return { rows, lists };
  for (const [member, entity] of Object.entries(members)) {
    const value = body[member];
    if (Array.isArray(value)) lists.add(entity);
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      const row = asRow(item);
      if (row) rows.push({ entity, row });
    }
  }
  return { rows, lists };
}

/**
 * What an answer (or a 409's `current`) says about an entry's rows: the write's own row (null when not carried), and
 * for a multi-row write, each carried row by key, with `null` for touched rows a carried list leaves out (gone).
 */
export function answerOf(
  entry: OutboxEntry,
  body: unknown,
): { own: AnyRow | null; byKey: Map<string, AnyRow | null>; rows: CarriedRow[] } {
  const primary = primaryEffect(entry);
  if (!entry.answerRows) return { own: asRow(body), byKey: new Map(), rows: [] };
  const { rows, lists } = carriedRows(body, entry.answerRows);
  const byKey = new Map<string, AnyRow | null>(
    rows.map((item) => [rowKey(item.entity, item.row.id), item.row]),
  );
  for (const effect of entry.effects)
    if (lists.has(effect.entity) && !byKey.has(keyOfEffect(effect))) byKey.set(keyOfEffect(effect), null);
  return { own: byKey.get(keyOfEffect(primary)) ?? null, byKey, rows };
}

/**
 * The If-Match header of an entry, or null when it sends none: the version its own row was based on, or for a batch
 * (ifMatchEach) the version of each of its rows of that entity, in order, as the row stood when the write was made on
 * it. Those are the effects' inverses, which answers, pulls and resolutions keep current.
 */
export function ifMatchHeader(entry: OutboxEntry): string | null {
  if (entry.baseVersion === null) return null;
  if (!entry.ifMatchEach) return String(entry.baseVersion);
  const { entity } = primaryEffect(entry);
  return entry.effects
    .filter((effect) => effect.entity === entity)
    .map((effect) => `"${String(effect.inverse?.version ?? 0)}"`)
    .join(', ');
}

/**
 * The next entry of a company to send, in order. A conflict or a set-aside write waits for the user and holds the later
 * entries that share a row with it (they were made on top of it), and what those hold in turn; the others go on. A
 * rejected entry holds nothing.
 */
export async function nextToSend(db: AppDb, companyId: number): Promise<OutboxEntry | undefined> {
  const entries = await db.outbox.where('companyId').equals(companyId).sortBy('seq');
  const held = new Set<string>();
  for (const entry of entries) {
    if (entry.status === 'rejected') continue;
    const isWaiting = entry.status === 'conflict' || entry.status === 'setAside';
    const isHeld = isWaiting || entry.rowKeys.some((key) => held.has(key));
    if (isHeld) for (const key of entry.rowKeys) held.add(key);
    else return entry;
  }
  return undefined;
}

/** Marks an entry as on its way (it may reach the server even if we never hear back). */
export async function markSending(db: AppDb, seq: number): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || (entry.status !== 'pending' && entry.status !== 'sending')) return undefined;
    const sending: OutboxEntry = { ...entry, status: 'sending', attempts: entry.attempts + 1 };
    await db.outbox.put(sending);
    return sending;
  });
}

/** A transient failure: the entry waits, unchanged, for the next attempt with the same key. */
export async function markRetry(db: AppDb, seq: number, message: string): Promise<void> {
  await db.outbox.update(seq, { status: 'pending', lastError: message });
}

/**
 * A 5xx answer: the entry waits for the next attempt with the same key, one server failure more. At
 * SERVER_FAILURES_BEFORE_SET_ASIDE it is set aside instead, with the server's answer for the Sync panel: its local
 * effect stays applied (the server may take it later), and it holds only the later entries of its rows (nextToSend).
 * Returns the entry's new status.
 */
export async function markServerFailure(
  db: AppDb,
  seq: number,
  status: number,
  reason: string,
): Promise<OutboxStatus | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || (entry.status !== 'pending' && entry.status !== 'sending')) return entry?.status;
    const serverFailures = (entry.serverFailures ?? 0) + 1;
    const isSetAside = serverFailures >= SERVER_FAILURES_BEFORE_SET_ASIDE;
    await db.outbox.put({
      ...entry,
      status: isSetAside ? 'setAside' : 'pending',
      serverFailures,
      lastError: reason,
      ...(isSetAside ? { setAside: { status, reason } } : {}),
    });
    return isSetAside ? 'setAside' : 'pending';
  });
}

/** After a restart nothing is on its way any more; resending with the same key is safe. */
export async function resetSending(db: AppDb): Promise<number> {
  return db.outbox.where('status').equals('sending').modify({ status: 'pending' });
}

/** Carried rows the entry did not touch: stored when no queued write holds them (the pull would bring them too). */
async function storeUntouched(db: AppDb, entry: OutboxEntry, rows: readonly CarriedRow[]): Promise<void> {
  const untouched = rows.filter((item) => !entry.rowKeys.includes(rowKey(item.entity, item.row.id)));
  const held = new Set(
    (
      await activeEntriesOfRows(
        db,
        untouched.map((item) => rowKey(item.entity, item.row.id)),
      )
    ).flatMap((other) => other.rowKeys),
  );
  for (const { entity, row } of untouched) {
    if (held.has(rowKey(entity, row.id))) continue;
    const table = tableOf(db, entity);
    const local = (await table.get(row.id)) ?? null;
    const newer = newerRow(local, row);
    if (newer && newer !== local) await table.put(newer);
  }
}

/**
 * The server applied the write: each row's answered state becomes its server state (a row the answer does not
 * carry keeps the write applied until the pull brings the server's row, instead of flashing the old value), later
 * entries of an answered row are rebased on its version, and the rows are rebuilt. A row created offline may come
 * back under the server's id; later entries follow it there.
 */
export async function acknowledge(db: AppDb, seq: number, body: unknown): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) return;
  const answerTables = Object.values(found.answerRows ?? {}).map((entity) => tableOf(db, entity));
  const tables = [db.outbox, ...tablesOfEntry(db, found), ...answerTables, ...fileTablesOf(db, found)];
  await db.transaction('rw', tables, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    const entries = await activeEntriesOfRows(db, entry.rowKeys);
    const primary = primaryEffect(entry);
    const answer = answerOf(entry, body);
    // Undefined: the answer does not say (keep the write applied); null: the row is gone on the server.
    const answered = (effect: RowEffect): AnyRow | null | undefined => {
      if (effect.change.kind === 'delete') return null;
      if (entry.answerRows) return answer.byKey.get(keyOfEffect(effect));
      return answer.own ?? undefined;
    };
    const bases: RowBase[] = entry.effects.map((effect) => {
      const server = serverStateOf(entries, keyOfEffect(effect)) ?? null;
      const row = answered(effect);
      const base = row === undefined ? applyLocalChange(server, effect.change) : row && newerRow(server, row);
      return { ...effect, base };
    });

    // Only a single-row answer names its row: a row created offline may come back under the server's id.
    const own = answered(primary);
    const movedTo = !entry.answerRows && own && own.id !== primary.entityId ? own.id : null;
    const ownKey = keyOfEffect(primary);
    const versions = new Map<string, number>();
    for (const [key, row] of answer.byKey) if (row) versions.set(key, row.version);
    if (own) versions.set(movedTo === null ? ownKey : rowKey(primary.entity, movedTo), own.version);
    const remaining = entries
      .filter((item) => item.seq !== seq)
      .map((item): OutboxEntry => {
        const effects =
          movedTo === null
            ? item.effects
            : item.effects.map((effect) =>
                keyOfEffect(effect) === ownKey ? { ...effect, entityId: movedTo } : effect,
              );
        const version = versions.get(keyOfEffect(effects[0] ?? primary));
        return {
          ...item,
          effects,
          rowKeys: effects.map(keyOfEffect),
          baseVersion: version !== undefined && item.baseVersion !== null ? version : item.baseVersion,
        };
      });
    await db.outbox.delete(seq);
    if (entry.files && entry.files.length > 0) await dropFilesOfEntry(db, seq);
    await db.outbox.bulkPut(remaining);
    if (movedTo === null) await rebuildRows(db, bases);
    else {
      const table = tableOf(db, primary.entity);
      await table.delete(primary.entityId);
      const existing = (await table.get(movedTo)) ?? null;
      const [ownBase, ...others] = bases;
      await rebuildRows(db, [
        { entity: primary.entity, entityId: movedTo, base: newerRow(existing, ownBase?.base ?? null) },
        ...others,
      ]);
    }
    await storeUntouched(db, entry, answer.rows);
  });
}

/** 409: the entry waits for the user with both versions; its rows keep showing mine meanwhile. */
export async function markConflict(db: AppDb, seq: number, current: unknown, message: string): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) return;
  await db.transaction('rw', [db.outbox, ...tablesOfEntry(db, found)], async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    const { own, rows } = answerOf(entry, current);
    const conflicted: OutboxEntry = {
      ...entry,
      status: 'conflict',
      conflict: entry.answerRows ? { theirs: own, rows } : { theirs: own },
      lastError: message,
    };
    const entries = await activeEntriesOfRows(db, entry.rowKeys);
    await db.outbox.put(conflicted);
    await rebuildRows(db, conflictBases(conflicted, entries));
  });
}

/**
 * Any other 4xx: the entry is rejected with its reason and its local effect rolled back — each of its rows is
 * rebuilt from its last server state with the remaining entries of the row re-applied. Its files are dropped: a
 * refused upload will not be sent again, and the entry keeps their names for the Sync panel.
 */
export async function reject(db: AppDb, seq: number, status: number, reason: string): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) return;
  await db.transaction(
    'rw',
    [db.outbox, ...tablesOfEntry(db, found), ...fileTablesOf(db, found)],
    async () => {
      const entry = await db.outbox.get(seq);
      if (!entry) return;
      const entries = await activeEntriesOfRows(db, entry.rowKeys);
      const bases = entry.effects.map((effect) => ({
        ...effect,
        base: serverStateOf(entries, keyOfEffect(effect)) ?? null,
      }));
      await db.outbox.put({ ...entry, status: 'rejected', rejection: { status, reason }, lastError: reason });
      if (entry.files && entry.files.length > 0) await dropFilesOfEntry(db, seq);
      await rebuildRows(db, bases);
    },
  );
}

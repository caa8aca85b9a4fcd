// The sync worker's side of the outbox (DESIGN.md §4): which entry goes next and what each answer does to
// the entry and its row. Every function is one transaction, so a crash leaves either the old or new state.
import { applyLocalChange, isRecord, newerRow } from '../domain/sync';
import { activeEntriesOf, rebuildRow, serverStateOf, tableOf } from './rowState';
import type { AppDb } from './schema';
import type { AnyRow } from './rows';
import type { OutboxEntry } from './syncRows';

/** Whether an answer body is a synced row (has an id and a version). */
export function asRow(body: unknown): AnyRow | null {
  if (!isRecord(body)) return null;
  const { id, version } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof version !== 'number') return null;
  return body as AnyRow;
}

/**
 * The next entry of a company to send, in order. A conflict waits for the user and holds only the later
 * entries of its own row (they were made on top of it); a rejected entry holds nothing.
 */
export async function nextToSend(db: AppDb, companyId: number): Promise<OutboxEntry | undefined> {
  const entries = await db.outbox.where('companyId').equals(companyId).sortBy('seq');
  const held = new Set<string>();
  for (const entry of entries) {
    const rowKey = `${entry.entity}/${String(entry.entityId)}`;
    if (entry.status === 'conflict') held.add(rowKey);
    else if ((entry.status === 'pending' || entry.status === 'sending') && !held.has(rowKey)) return entry;
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

/** After a restart nothing is on its way any more; resending with the same key is safe. */
export async function resetSending(db: AppDb): Promise<number> {
  return db.outbox.where('status').equals('sending').modify({ status: 'pending' });
}

/**
 * The server applied the write: the answered row becomes the row's server state, later entries of the row
 * are rebased on its version, and the row is rebuilt. A row created offline may come back under the
 * server's id; later entries follow it there.
 */
export async function acknowledge(db: AppDb, seq: number, body: unknown): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) return;
  const table = tableOf(db, found.entity);
  await db.transaction('rw', [db.outbox, table], async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    const entries = await activeEntriesOf(db, entry.entity, entry.entityId);
    const answered = entry.change.kind === 'delete' ? null : asRow(body);
    // An answer that is not the row itself (e.g. `{ meter, account }`) still means the write took effect:
    // keep it applied until the pull brings the server's row, instead of flashing the old value.
    const base =
      entry.change.kind === 'delete'
        ? null
        : answered
          ? newerRow(serverStateOf(entries), answered)
          : applyLocalChange(serverStateOf(entries), entry.change);
    const newId = answered && answered.id !== entry.entityId ? answered.id : entry.entityId;
    const remaining = entries
      .filter((item) => item.seq !== seq)
      .map((item) => ({
        ...item,
        entityId: newId,
        baseVersion: answered && item.baseVersion !== null ? answered.version : item.baseVersion,
      }));
    await db.outbox.delete(seq);
    if (newId !== entry.entityId) {
      await table.delete(entry.entityId);
      const existing = (await table.get(newId)) ?? null;
      await rebuildRow(db, entry.entity, newId, newerRow(existing, base), remaining);
      return;
    }
    await rebuildRow(db, entry.entity, entry.entityId, base, remaining);
  });
}

/** 409: the entry waits for the user with both versions; the row keeps showing mine meanwhile. */
export async function markConflict(
  db: AppDb,
  seq: number,
  theirs: AnyRow | null,
  message: string,
): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) return;
  const table = tableOf(db, found.entity);
  await db.transaction('rw', [db.outbox, table], async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    await db.outbox.put({ ...entry, status: 'conflict', conflict: { theirs }, lastError: message });
    const entries = await activeEntriesOf(db, entry.entity, entry.entityId);
    await rebuildRow(db, entry.entity, entry.entityId, newerRow(serverStateOf(entries), theirs), entries);
  });
}

/**
 * Any other 4xx: the entry is rejected with its reason and its local effect rolled back — the row is
 * rebuilt from its last server state with the remaining entries of the row re-applied.
 */
export async function reject(db: AppDb, seq: number, status: number, reason: string): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) return;
  const table = tableOf(db, found.entity);
  await db.transaction('rw', [db.outbox, table], async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    const entries = await activeEntriesOf(db, entry.entity, entry.entityId);
    const base = serverStateOf(entries);
    await db.outbox.put({ ...entry, status: 'rejected', rejection: { status, reason }, lastError: reason });
    await rebuildRow(
      db,
      entry.entity,
      entry.entityId,
      base,
      entries.filter((item) => item.seq !== seq),
    );
  });
}

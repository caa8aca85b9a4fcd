// Writes to synced data (DESIGN.md §1, §4): the UI applies them locally and queues them in one transaction;
// the sync worker replays the queue. The user's answers to conflicts and rejections live here too.
import { applyLocalChange, newerRow } from '../domain/sync';
import type { LocalChange } from '../domain/sync';
import { randomId } from './ids';
import { activeEntriesOf, rebuildRow, serverStateOf, tableOf } from './rowState';
import type { AppDb } from './schema';
import type { SyncedEntity } from './rows';
import type { ClientMetaRow, OutboxEntry } from './syncRows';

/** A write to queue: the REST call to replay and its local effect on one row. */
export interface Mutation {
  companyId: number;
  method: OutboxEntry['method'];
  path: string;
  body?: unknown;
  entity: SyncedEntity;
  entityId: string | number;
  change: LocalChange;
  /** Send If-Match with the version the user edited; defaults to true when the row exists locally. */
  ifMatch?: boolean;
}

/** Reads the client identity, creating it on first use. Call inside a transaction holding `meta`. */
export async function clientMeta(db: AppDb): Promise<ClientMetaRow> {
  const existing = await db.meta.get('client');
  if (existing) return existing;
  const created: ClientMetaRow = { key: 'client', clientId: randomId(), nextMutationId: 1 };
  await db.meta.put(created);
  return created;
}

/** Applies a write locally (optimistic) and appends its outbox entry, in one transaction. */
export async function enqueue(db: AppDb, mutation: Mutation): Promise<OutboxEntry> {
  const table = tableOf(db, mutation.entity);
  return db.transaction('rw', [db.outbox, db.meta, table], async () => {
    const meta = await clientMeta(db);
    await db.meta.put({ ...meta, nextMutationId: meta.nextMutationId + 1 });
    const before = (await table.get(mutation.entityId)) ?? null;
    const earlier = await activeEntriesOf(db, mutation.entity, mutation.entityId);
    // A chain of edits of one row is based on what the user first edited; answers rebase the rest.
    const chainVersion = earlier[0] ? earlier[0].baseVersion : (before?.version ?? null);
    const draft: Omit<OutboxEntry, 'seq'> = {
      mutationId: meta.nextMutationId,
      companyId: mutation.companyId,
      method: mutation.method,
      path: mutation.path,
      body: mutation.body ?? null,
      entity: mutation.entity,
      entityId: mutation.entityId,
      change: mutation.change,
      baseVersion: (mutation.ifMatch ?? before !== null) ? chainVersion : null,
      inverse: before,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: new Date().toISOString(),
    };
    const seq = await db.outbox.add(draft);
    const after = applyLocalChange(before, mutation.change);
    if (after) await table.put({ ...after, id: mutation.entityId });
    else if (before) await table.delete(mutation.entityId);
    return { ...draft, seq };
  });
}

async function entryOrThrow(db: AppDb, seq: number, status: OutboxEntry['status']): Promise<OutboxEntry> {
  const entry = await db.outbox.get(seq);
  if (!entry) throw new Error(`Outbox entry ${seq} no longer exists`);
  if (entry.status !== status) throw new Error(`Outbox entry ${seq} is ${entry.status}, not ${status}`);
  return entry;
}

/** Later entries of a row were made on top of this one: after a resolution they build on `version`. */
function rebaseLater(
  entries: readonly OutboxEntry[],
  afterSeq: number,
  version: number | null | undefined,
): OutboxEntry[] {
  if (version === undefined || version === null) return [...entries];
  return entries.map((entry) =>
    entry.seq > afterSeq && entry.baseVersion !== null ? { ...entry, baseVersion: version } : entry,
  );
}

/** Conflict, keep mine: resend my write over the server's current version. */
export async function keepMine(db: AppDb, seq: number): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) throw new Error(`Outbox entry ${seq} no longer exists`);
  const table = tableOf(db, found.entity);
  await db.transaction('rw', [db.outbox, table], async () => {
    const entry = await entryOrThrow(db, seq, 'conflict');
    const theirs = entry.conflict?.theirs ?? null;
    const entries = await activeEntriesOf(db, entry.entity, entry.entityId);
    const base = newerRow(serverStateOf(entries), theirs);
    const resumed = rebaseLater(entries, seq, theirs?.version).map((item): OutboxEntry => {
      if (item.seq !== seq) return item;
      const { conflict: _resolved, ...rest } = item;
      // Attempts restart: to the engine this is a fresh write to send.
      return {
        ...rest,
        status: 'pending',
        attempts: 0,
        baseVersion: theirs ? theirs.version : null,
        lastError: null,
      };
    });
    await rebuildRow(db, entry.entity, entry.entityId, base, resumed);
  });
}

/** Conflict, take theirs: drop my write; the row shows the server's version (and my later edits, if any). */
export async function takeTheirs(db: AppDb, seq: number): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) throw new Error(`Outbox entry ${seq} no longer exists`);
  const table = tableOf(db, found.entity);
  await db.transaction('rw', [db.outbox, table], async () => {
    const entry = await entryOrThrow(db, seq, 'conflict');
    const theirs = entry.conflict?.theirs ?? null;
    const entries = await activeEntriesOf(db, entry.entity, entry.entityId);
    const base = newerRow(serverStateOf(entries), theirs);
    const remaining = rebaseLater(
      entries.filter((item) => item.seq !== seq),
      seq,
      theirs?.version,
    );
    await db.outbox.delete(seq);
    await rebuildRow(db, entry.entity, entry.entityId, base, remaining);
  });
}

/** Rejected write, dismiss: forget it (its local effect was rolled back when it was rejected). */
export async function dismissRejected(db: AppDb, seq: number): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    await entryOrThrow(db, seq, 'rejected');
    await db.outbox.delete(seq);
  });
}

// Writes to synced data (docs/architecture.md §1, §4): the UI applies them locally and queues them in one transaction;
// the sync worker replays the queue. The user's answers to conflicts, rejections and set-aside writes live here too.
import { applyLocalChange, newerRow } from '../domain/sync';
import type { LocalChange } from '../domain/sync';
import { ROW_PATCHES, SYNCED_WRITES, patchFields, writeUrl } from '../domain/syncedWrites';
import type {
  PatchInput,
  PatchWriteName,
  SyncedWriteName,
  WriteBody,
  WriteParams,
  WriteQuery,
  WriteQueryValues,
} from '../domain/syncedWrites';
import { randomId } from './ids';
import { dropFilesOfEntry, fileRefs, fileTablesOf, placeholderIds } from './outboxFiles';
import type { NewOutboxFile } from './outboxFiles';
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
import type { AnyRow, SyncedEntity } from './rows';
import type { AnswerRows, ClientMetaRow, OutboxEncoding, OutboxEntry, RowEffect } from './syncRows';

/** One row a write changes, and how. */
export interface RowWrite {
  entity: SyncedEntity;
  entityId: string | number;
  change: LocalChange;
}

/** The body of a call: required and typed by its write's schema where the definition has one. */
type BodyField<Name extends SyncedWriteName> = (typeof SYNCED_WRITES)[Name] extends { body: object }
  ? { body: WriteBody<Name> }
  : { body?: unknown };

/** The query of a call: its write's query as text where the definition has one, else none. */
type QueryField<Name extends SyncedWriteName> = (typeof SYNCED_WRITES)[Name] extends { query: object }
  ? { query: WriteQuery<Name> }
  : { query?: never };

/**
 * Which synced write it is (src/domain/syncedWrites.ts), what fills in its path and the body it sends; the entry's
 * method and URL come from the write's one definition, never from a path written here, and its body is typed by the
 * write's schema, which the server checks it against.
 */
export type WriteCall = {
  [Name in SyncedWriteName]: {
    write: Name;
    params: WriteParams<Name>;
  } & BodyField<Name> &
    QueryField<Name>;
}[SyncedWriteName];

type MutationBase = WriteCall & {
  companyId: number;
  /** Send If-Match with the version of the write's own row; defaults to true when that row exists locally. */
  ifMatch?: boolean;
  /** Files the write sends, each named in `body` by its placeholder (src/db/outboxFiles.ts). */
  files?: readonly NewOutboxFile[];
  /** How the body travels (JSON unless said). */
  encoding?: OutboxEncoding;
  /** What the write does, in a person's words, for the Sync panel. */
  label?: string;
};

/** A write to queue: the REST call to replay and its local effect on one row. */
export type Mutation = MutationBase & RowWrite;

/**
 * A write of several rows in one REST call (a set and the row that owns it): its effects are applied, sent,
 * acknowledged, held by a conflict and rolled back together.
 */
export type MultiRowMutation = MutationBase & {
  /** The rows it changes, each once; the write's own row first (see OutboxEntry.effects). */
  effects: readonly RowWrite[];
  answerRows?: AnswerRows;
  /** A batch of rows with no owner: If-Match lists each row's version (OutboxEntry.ifMatchEach). */
  ifMatchEach?: boolean;
};

/** The method and URL of a write call. */
function requestOf(call: WriteCall): { method: OutboxEntry['method']; path: string } {
  const { write, params, query } = call as {
    write: SyncedWriteName;
    params: never;
    query?: Record<string, string>;
  };
  return { method: SYNCED_WRITES[write].method, path: writeUrl(write, params, query) };
}

/** Reads the client identity, creating it on first use. Call inside a transaction holding `meta`. */
export async function clientMeta(db: AppDb): Promise<ClientMetaRow> {
  const existing = await db.meta.get('client');
  if (existing) return existing;
  const created: ClientMetaRow = { key: 'client', clientId: randomId(), nextMutationId: 1 };
  await db.meta.put(created);
  return created;
}

function rowWritesOf(mutation: Mutation | MultiRowMutation): readonly RowWrite[] {
  if (!('effects' in mutation)) {
    const { entity, entityId, change } = mutation;
    return [{ entity, entityId, change }];
  }
  const keys = mutation.effects.map(keyOfEffect);
  if (keys.length === 0) throw new Error('A write must change at least one row');
  if (new Set(keys).size !== keys.length) throw new Error('A write changes each row at most once');
  return mutation.effects;
}

/**
 * The If-Match of a new entry: a chain of edits of one row is based on what the user first edited (answers and
 * resolutions rebase the rest); otherwise the row's last server state.
 */
function chainVersion(earlier: readonly OutboxEntry[], own: RowWrite, before: AnyRow | null): number | null {
  const key = keyOfEffect(own);
  const chain = earlier.find((entry) => keyOfEffect(primaryEffect(entry)) === key);
  if (chain) return chain.baseVersion;
  const server = serverStateOf(earlier, key);
  return (server === undefined ? before : server)?.version ?? null;
}

function checkFiles(mutation: Mutation | MultiRowMutation): void {
  const given = new Set((mutation.files ?? []).map((file) => file.id));
  const named = placeholderIds(mutation.body);
  if (given.size !== (mutation.files ?? []).length) throw new Error('Each file of a write needs its own id');
  if (named.length !== given.size || named.some((id) => !given.has(id)))
    throw new Error("A write's body names each of its files exactly once");
}

/**
 * Applies a write locally (optimistic) to all its rows and appends its outbox entry, with the bytes of its files, in
 * one transaction: an upload is queued whole or not at all (a full disk aborts it and loses nothing else).
 */
export async function enqueue(db: AppDb, mutation: Mutation | MultiRowMutation): Promise<OutboxEntry> {
  const writes = rowWritesOf(mutation);
  checkFiles(mutation);
  const files = mutation.files ?? [];
  const tables = [...new Set(writes.map((write) => write.entity))].map((entity) => tableOf(db, entity));
  const fileTables = files.length > 0 ? [db.outboxFiles] : [];
  return db.transaction('rw', [db.outbox, db.meta, ...tables, ...fileTables], async () => {
    const meta = await clientMeta(db);
    await db.meta.put({ ...meta, nextMutationId: meta.nextMutationId + 1 });
    const befores = await Promise.all(
      writes.map(async (write) => (await tableOf(db, write.entity).get(write.entityId)) ?? null),
    );
    const earlier = await activeEntriesOfRows(db, writes.map(keyOfEffect));
    const [own] = writes;
    const ownBefore = befores[0] ?? null;
    const effects: RowEffect[] = writes.map((write, i) => ({ ...write, inverse: befores[i] ?? null }));
    const draft: Omit<OutboxEntry, 'seq'> = {
      mutationId: meta.nextMutationId,
      companyId: mutation.companyId,
      ...requestOf(mutation),
      body: mutation.body ?? null,
      effects,
      rowKeys: effects.map(keyOfEffect),
      ...('effects' in mutation && mutation.answerRows ? { answerRows: mutation.answerRows } : {}),
      ...(mutation.label ? { label: mutation.label } : {}),
      ...(files.length > 0 ? { files: fileRefs(files) } : {}),
      ...(mutation.encoding && mutation.encoding !== 'json' ? { encoding: mutation.encoding } : {}),
      ...('effects' in mutation && mutation.ifMatchEach ? { ifMatchEach: true } : {}),
      baseVersion:
        own && (mutation.ifMatch ?? ownBefore !== null) ? chainVersion(earlier, own, ownBefore) : null,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: new Date().toISOString(),
    };
    const seq = await db.outbox.add(draft);
    if (files.length > 0) {
      const createdAt = draft.createdAt;
      await db.outboxFiles.bulkAdd(
        files.map(({ id, name, type, blob }) => ({
          id,
          name,
          type,
          size: blob.size,
          blob,
          entrySeq: seq,
          companyId: mutation.companyId,
          createdAt,
        })),
      );
    }
    for (const [i, effect] of effects.entries()) {
      const table = tableOf(db, effect.entity);
      const after = applyLocalChange(befores[i] ?? null, effect.change);
      if (after) await table.put({ ...after, id: effect.entityId });
      else if (befores[i]) await table.delete(effect.entityId);
    }
    return { ...draft, seq };
  });
}

/** The query of a patch write as its schema types it, where its definition has one. */
type PatchQueryField<Name extends PatchWriteName> = (typeof SYNCED_WRITES)[Name] extends { query: object }
  ? { query: WriteQueryValues<Name> }
  : { query?: never };

/** A write that sets fields of one row (ROW_PATCHES): the row, what fills in its path and what it sends. */
export type PatchCall<Name extends PatchWriteName> = {
  write: Name;
  rowId: string;
  params: WriteParams<Name>;
} & BodyField<Name> &
  PatchQueryField<Name>;

/**
 * Queues a write that sets fields of one row: the row's company is the write's, the fields come from the write's one
 * definition (src/domain/syncedWrites.ts ROW_PATCHES, which the server applies too), and If-Match carries the version
 * the user edited.
 */
export async function enqueuePatch<Name extends PatchWriteName>(
  db: AppDb,
  call: PatchCall<Name>,
): Promise<OutboxEntry> {
  const { entity, noun } = ROW_PATCHES[call.write];
  const row = await tableOf(db, entity).get(call.rowId);
  if (row?.companyId === undefined) throw new Error(`${noun} ${call.rowId} is not in the local database`);
  const { write, params, body, query } = call as PatchCall<Name> & { body?: unknown; query?: object };
  const fields = patchFields(write, { body, query, now: new Date().toISOString() } as PatchInput<Name>);
  // The URL carries each query value as text ('true', '12').
  const queryText =
    query && Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
  // One call of the typed union WriteCall, built from this write's typed parts.
  const mutation = {
    companyId: row.companyId,
    write,
    params,
    ...(body === undefined ? {} : { body }),
    ...(queryText ? { query: queryText } : {}),
    entity,
    entityId: call.rowId,
    change: { kind: 'patch', fields: { ...fields } },
    ifMatch: true,
  } as Mutation;
  return enqueue(db, mutation);
}

async function entryOrThrow(db: AppDb, seq: number, status: OutboxEntry['status']): Promise<OutboxEntry> {
  const entry = await db.outbox.get(seq);
  if (!entry) throw new Error(`Outbox entry ${seq} no longer exists`);
  if (entry.status !== status) throw new Error(`Outbox entry ${seq} is ${entry.status}, not ${status}`);
  return entry;
}

/**
 * Later entries of the write's own row were made on top of this one: after a resolution they build on
 * `version`. Entries that only touch the row as part of another write keep their own row's version.
 */
function rebaseLater(
  entries: readonly OutboxEntry[],
  afterSeq: number,
  key: string,
  version: number | null | undefined,
): OutboxEntry[] {
  if (version === undefined || version === null) return [];
  return entries
    .filter(
      (entry) =>
        entry.seq > afterSeq && entry.baseVersion !== null && keyOfEffect(primaryEffect(entry)) === key,
    )
    .map((entry) => ({ ...entry, baseVersion: version }));
}

/**
 * Each row of a conflicted entry on the newer of its last server state and the server's answer (the pull may
 * have brought a newer one meanwhile). Read before the entry itself changes.
 */
export function conflictBases(entry: OutboxEntry, entries: readonly OutboxEntry[]): RowBase[] {
  const theirs = entry.conflict?.theirs ?? null;
  const carried = new Map(
    (entry.conflict?.rows ?? []).map((item) => [rowKey(item.entity, item.row.id), item.row]),
  );
  return entry.effects.map((effect, i) => {
    const key = keyOfEffect(effect);
    const answer = i === 0 ? theirs : (carried.get(key) ?? null);
    return { ...effect, base: newerRow(serverStateOf(entries, key) ?? null, answer) };
  });
}

/** Runs `change` in one transaction over the outbox, the tables of the entry's rows and its files. */
async function inEntryTransaction(db: AppDb, seq: number, change: () => Promise<void>): Promise<void> {
  const found = await db.outbox.get(seq);
  if (!found) throw new Error(`Outbox entry ${seq} no longer exists`);
  await db.transaction('rw', [db.outbox, ...tablesOfEntry(db, found), ...fileTablesOf(db, found)], change);
}

async function resolveConflict(db: AppDb, seq: number, isMine: boolean): Promise<void> {
  await inEntryTransaction(db, seq, async () => {
    const entry = await entryOrThrow(db, seq, 'conflict');
    const theirs = entry.conflict?.theirs ?? null;
    const entries = await activeEntriesOfRows(db, entry.rowKeys);
    const bases = conflictBases(entry, entries);
    const rebased = rebaseLater(entries, seq, keyOfEffect(primaryEffect(entry)), theirs?.version);
    if (isMine) {
      const { conflict: _resolved, ...rest } = entry;
      // Attempts restart: to the engine this is a fresh write to send.
      rebased.push({
        ...rest,
        status: 'pending',
        attempts: 0,
        serverFailures: 0,
        baseVersion: theirs ? theirs.version : null,
        lastError: null,
      });
    } else {
      await db.outbox.delete(seq);
      if (entry.files && entry.files.length > 0) await dropFilesOfEntry(db, seq);
    }
    await db.outbox.bulkPut(rebased);
    await rebuildRows(db, bases);
  });
}

/** Conflict, keep mine: resend my write over the server's current version. */
export function keepMine(db: AppDb, seq: number): Promise<void> {
  return resolveConflict(db, seq, true);
}

/** Conflict, take theirs: drop my write; its rows show the server's version (and my later edits, if any). */
export function takeTheirs(db: AppDb, seq: number): Promise<void> {
  return resolveConflict(db, seq, false);
}

/**
 * Rejected write, dismiss: forget it (its local effect was rolled back, and its files dropped, when it was rejected;
 * they go here too, for entries rejected before files were dropped at rejection).
 */
export async function dismissRejected(db: AppDb, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.outboxFiles], async () => {
    await entryOrThrow(db, seq, 'rejected');
    await db.outbox.delete(seq);
    await dropFilesOfEntry(db, seq);
  });
}

/**
 * Set-aside write, retry: back in the queue in its place, as a fresh write to the engine (attempts and server failures
 * restart). Its local effect never left its rows.
 */
export async function retrySetAside(db: AppDb, seq: number): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const { setAside: _answer, ...entry } = await entryOrThrow(db, seq, 'setAside');
    await db.outbox.put({ ...entry, status: 'pending', attempts: 0, serverFailures: 0, lastError: null });
  });
}

/**
 * Set-aside write, discard: forget it and undo it, as a rejection does — each of its rows is rebuilt from its last
 * server state with the other queued writes of the row re-applied — and drop its files.
 */
export async function discardSetAside(db: AppDb, seq: number): Promise<void> {
  await inEntryTransaction(db, seq, async () => {
    const entry = await entryOrThrow(db, seq, 'setAside');
    const entries = await activeEntriesOfRows(db, entry.rowKeys);
    const bases: RowBase[] = entry.effects.map((effect) => ({
      ...effect,
      base: serverStateOf(entries, keyOfEffect(effect)) ?? null,
    }));
    await db.outbox.delete(seq);
    if (entry.files && entry.files.length > 0) await dropFilesOfEntry(db, seq);
    await rebuildRows(db, bases);
  });
}

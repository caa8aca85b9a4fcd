// Files of queued writes (docs/architecture.md §15): an upload made offline waits in IndexedDB beside its outbox entry,
// stored in the entry's own transaction, and goes when the entry is acknowledged, taken over by the server's version
// or refused. The entry's body names each file by a placeholder that the sync worker replaces when it sends.
import type { Table } from 'dexie';
import { fileSizeText } from '../domain/files';
import { isRecord } from '../domain/sync';
import type { AppDb } from './schema';
import type { OutboxEntry, OutboxFileRef, OutboxFileRow } from './syncRows';

/** Where a file goes in a queued body: `{ "$outboxFile": id }`. */
export interface FilePlaceholder {
  $outboxFile: string;
}

/** A file to send with a queued write; `id` is what its placeholder in the body names. */
export interface NewOutboxFile {
  id: string;
  name: string;
  type: string;
  blob: Blob;
}

/** The placeholder of a file in a queued body. */
export function filePlaceholder(fileId: string): FilePlaceholder {
  return { $outboxFile: fileId };
}

/** The file id a body value stands for, or null when it is not a placeholder. */
export function placeholderId(value: unknown): string | null {
  if (!isRecord(value) || typeof value.$outboxFile !== 'string') return null;
  return Object.keys(value).length === 1 ? value.$outboxFile : null;
}

/** Every file id a body names, in order. */
export function placeholderIds(body: unknown): string[] {
  const id = placeholderId(body);
  if (id !== null) return [id];
  if (Array.isArray(body)) return body.flatMap(placeholderIds);
  if (isRecord(body)) return Object.values(body).flatMap(placeholderIds);
  return [];
}

/** What the entry keeps of its files. */
export function fileRefs(files: readonly NewOutboxFile[]): OutboxFileRef[] {
  return files.map(({ id, name, type, blob }) => ({ id, name, type, size: blob.size }));
}

/** The file table, for transactions over an entry that carries files (none otherwise). */
export function fileTablesOf(db: AppDb, entry: Pick<OutboxEntry, 'files'>): Table<OutboxFileRow, string>[] {
  return entry.files && entry.files.length > 0 ? [db.outboxFiles] : [];
}

/** The stored files of an entry, in the entry's order. */
export async function filesOfEntry(
  db: AppDb,
  entry: Pick<OutboxEntry, 'seq' | 'files'>,
): Promise<OutboxFileRow[]> {
  const rows = await db.outboxFiles.where('entrySeq').equals(entry.seq).toArray();
  const order = new Map((entry.files ?? []).map((file, i) => [file.id, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** Deletes an entry's stored files (inside the caller's transaction when it holds outboxFiles). */
export async function dropFilesOfEntry(db: AppDb, seq: number): Promise<void> {
  await db.outboxFiles.where('entrySeq').equals(seq).delete();
}

/** A queued file by id (a page opens an upload that has not reached the server yet), or undefined. */
export function queuedFile(db: AppDb, fileId: string): Promise<OutboxFileRow | undefined> {
  return db.outboxFiles.get(fileId);
}

/** IndexedDB's own overhead beside a file, and room left for the rest of the app. */
const HEADROOM_BYTES = 5 * 1024 * 1024;

/** The parts of `navigator.storage` the room check reads. */
export interface StorageEstimator {
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

/**
 * Why files of `bytes` bytes cannot be queued on this device (the quota left is too small), or null when they fit or
 * the browser does not say. Checked before anything is stored, so a refusal loses nothing.
 */
export async function noRoomProblem(
  bytes: number,
  storage: StorageEstimator | undefined = globalThis.navigator?.storage,
): Promise<string | null> {
  let estimate: { usage?: number; quota?: number };
  try {
    if (!storage?.estimate) return null;
    estimate = await storage.estimate();
  } catch {
    return null;
  }
  if (estimate.quota === undefined) return null;
  const free = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  if (bytes + HEADROOM_BYTES <= free) return null;
  return noRoomMessage(bytes, free);
}

/** The message of a refused upload: what it needs, what is free, and that nothing was queued. */
export function noRoomMessage(bytes: number, free: number | null): string {
  const left = free === null ? '' : `, ${fileSizeText(free)} free`;
  return `This device has no room to keep this file until it is sent (${fileSizeText(bytes)} needed${left}). Nothing was queued: free some space and try again.`;
}

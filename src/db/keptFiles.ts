// Files kept on the device (docs/architecture.md §15): a file downloaded once opens again without a network. Stored in
// IndexedDB, in the user's own database (so logout deletes them with the rest), under a stable key such as
// `documents/{id}` or `bills/{id}.pdf`. keptFiles holds what the size cap and the LRU read; keptFileData holds the
// bytes, read only when a file opens. A total cap evicts the least recently used files first.
import { isQuotaError } from '../domain/sync';
import type { AppDb } from './schema';

/** What is known of a kept file, without its bytes. */
export interface KeptFileRow {
  key: string;
  /** The company the file belongs to (removing a company's offline copy removes its files); null for none. */
  companyId: number | null;
  name: string;
  type: string;
  size: number;
  /** The server's ETag when it sent one (the sha-256 of stored files). */
  etag: string | null;
  keptAt: string;
  lastUsedAt: string;
}

/** The bytes of a kept file. */
export interface KeptFileDataRow {
  key: string;
  blob: Blob;
}

/** A kept file with its bytes. */
export interface KeptFile extends KeptFileRow {
  blob: Blob;
}

/** A file to keep. */
export interface NewKeptFile {
  key: string;
  companyId: number | null;
  name: string;
  blob: Blob;
  etag?: string | null;
}

/** How much the device keeps: all files together, and any one file. */
export interface KeptFilesLimits {
  capBytes: number;
  maxFileBytes: number;
}

/** 200 MB in all (a few hundred bill PDFs and documents), 50 MB for one file. */
export const KEPT_FILES_LIMITS: KeptFilesLimits = {
  capBytes: 200 * 1024 * 1024,
  maxFileBytes: 50 * 1024 * 1024,
};

/** What keeping did: kept (and which files made room for it), or why not. */
export type KeepResult =
  { kept: true; evicted: string[] } | { kept: false; reason: 'too-large' | 'no-room'; evicted: string[] };

/**
 * Keeps a file, replacing an older copy under the same key; evicts the least recently used other files until the
 * total fits the cap. A file over the per-file limit, or a device out of space, keeps nothing (the caller still has
 * the file it downloaded).
 */
export async function keepFile(
  db: AppDb,
  file: NewKeptFile,
  options: { limits?: KeptFilesLimits; now?: Date } = {},
): Promise<KeepResult> {
  const limits = options.limits ?? KEPT_FILES_LIMITS;
  const size = file.blob.size;
  if (size > limits.maxFileBytes || size > limits.capBytes)
    return { kept: false, reason: 'too-large', evicted: [] };
  const stamp = (options.now ?? new Date()).toISOString();
  const evicted: string[] = [];
  try {
    await db.transaction('rw', [db.keptFiles, db.keptFileData], async () => {
      const others = (await db.keptFiles.orderBy('lastUsedAt').toArray()).filter(
        (row) => row.key !== file.key,
      );
      let total = others.reduce((sum, row) => sum + row.size, 0);
      for (const row of others) {
        if (total + size <= limits.capBytes) break;
        evicted.push(row.key);
        total -= row.size;
      }
      await db.keptFiles.bulkDelete(evicted);
      await db.keptFileData.bulkDelete(evicted);
      await db.keptFiles.put({
        key: file.key,
        companyId: file.companyId,
        name: file.name,
        type: file.blob.type,
        size,
        etag: file.etag ?? null,
        keptAt: stamp,
        lastUsedAt: stamp,
      });
      await db.keptFileData.put({ key: file.key, blob: file.blob });
    });
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return { kept: false, reason: 'no-room', evicted: [] };
  }
  return { kept: true, evicted };
}

/** A kept file with its bytes, marked as just used; null when the device does not keep it. */
export async function getKeptFile(db: AppDb, key: string, now: Date = new Date()): Promise<KeptFile | null> {
  return db.transaction('rw', [db.keptFiles, db.keptFileData], async () => {
    const [row, data] = await Promise.all([db.keptFiles.get(key), db.keptFileData.get(key)]);
    if (!row || !data) return null;
    const used = { ...row, lastUsedAt: now.toISOString() };
    await db.keptFiles.put(used);
    return { ...used, blob: data.blob };
  });
}

/** Whether the device keeps a file. */
export async function hasKeptFile(db: AppDb, key: string): Promise<boolean> {
  return (await db.keptFiles.get(key)) !== undefined;
}

/** Which of these keys the device keeps. */
export async function keptKeys(db: AppDb, keys: readonly string[]): Promise<Set<string>> {
  const rows = await db.keptFiles.bulkGet([...keys]);
  return new Set(rows.flatMap((row) => (row ? [row.key] : [])));
}

/** Every kept file, most recently used first. */
export async function listKeptFiles(db: AppDb): Promise<KeptFileRow[]> {
  return (await db.keptFiles.orderBy('lastUsedAt').toArray()).reverse();
}

/** Removes kept files by key. */
export async function evictKeptFiles(db: AppDb, keys: readonly string[]): Promise<void> {
  await db.transaction('rw', [db.keptFiles, db.keptFileData], async () => {
    await db.keptFiles.bulkDelete([...keys]);
    await db.keptFileData.bulkDelete([...keys]);
  });
}

/** Removes one kept file. */
export function evictKeptFile(db: AppDb, key: string): Promise<void> {
  return evictKeptFiles(db, [key]);
}

/** Removes every kept file (the Sync panel's "Remove kept files"). */
export async function evictAllKeptFiles(db: AppDb): Promise<void> {
  await db.transaction('rw', [db.keptFiles, db.keptFileData], async () => {
    await db.keptFiles.clear();
    await db.keptFileData.clear();
  });
}

/** Removes every kept file of a company (its offline copy is being removed). */
export async function evictKeptFilesOf(db: AppDb, companyId: number): Promise<void> {
  const keys = await db.keptFiles.where('companyId').equals(companyId).primaryKeys();
  await evictKeptFiles(db, keys);
}

/** Bytes and number of kept files, and the cap they live under. */
export async function keptFilesUsage(
  db: AppDb,
  limits: KeptFilesLimits = KEPT_FILES_LIMITS,
): Promise<{ bytes: number; count: number; capBytes: number }> {
  const rows = await db.keptFiles.toArray();
  return {
    bytes: rows.reduce((sum, row) => sum + row.size, 0),
    count: rows.length,
    capBytes: limits.capBytes,
  };
}

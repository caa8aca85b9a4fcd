// Files no row names any more (docs/architecture.md §15). A write stores its file before the database commits and a
// delete removes it after, so a crash between the two can leave a file behind; the sweep, run at start, removes such
// files once they are old enough that no write in progress can still be about to name them.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileInbox } from '../db/schema';
import { FILE_TABLES } from './registry';
import type { FileStore } from './store';

/** How old an unnamed file must be before the sweep removes it. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

const BATCH = 500;

async function entries(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch {
    return [];
  }
}

/** Keys of the namespace's files (and leftover `.part` files) older than the cut-off. */
async function oldFiles(store: FileStore, namespace: string, before: number): Promise<string[]> {
  const keys: string[] = [];
  for (const company of await entries(join(store.root, namespace))) {
    for (const name of await entries(join(store.root, namespace, company))) {
      const info = await stat(join(store.root, namespace, company, name)).catch(() => null);
      if (info?.isFile() && info.mtimeMs < before) keys.push(`${namespace}/${company}/${name}`);
    }
  }
  return keys;
}

/** Removes files older than `minAgeMs` that no row of their namespace's table (nor the inbox) names; answers how many. */
export async function sweepOrphanFiles(
  db: Db,
  store: FileStore,
  options: { minAgeMs?: number; now?: number } = {},
): Promise<number> {
  const before = (options.now ?? Date.now()) - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  let removed = 0;
  for (const [namespace, { table, storageKey }] of Object.entries(FILE_TABLES)) {
    const keys = await oldFiles(store, namespace, before);
    for (let start = 0; start < keys.length; start += BATCH) {
      const batch = keys.slice(start, start + BATCH);
      const named = new Set<string>();
      const rows = await db.select({ key: storageKey }).from(table).where(inArray(storageKey, batch));
      for (const row of rows) named.add(String(row.key));
      const waiting = await db
        .select({ key: fileInbox.storageKey })
        .from(fileInbox)
        .where(inArray(fileInbox.storageKey, batch));
      for (const row of waiting) named.add(row.key);
      for (const key of batch) {
        if (named.has(key)) continue;
        // Names read from the store's own folders (a `.part` leftover is no storage key), never from a request.
        await rm(join(store.root, ...key.split('/')), { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

// Moves files waiting in the database (file_inbox: written by a migration or the seed, which can only write SQL) to
// the file store, one at a time so a large backlog never sits in memory at once (docs/architecture.md §15).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileInbox } from '../db/schema';
import type { FileStore } from './store';

/** Writes every waiting file to disk and deletes its inbox row; answers how many moved. */
export async function drainFileInbox(db: Db, store: FileStore): Promise<number> {
  const waiting = await db
    .select({ storageKey: fileInbox.storageKey })
    .from(fileInbox)
    .orderBy(asc(fileInbox.storageKey));
  for (const { storageKey } of waiting) {
    const [row] = await db.select().from(fileInbox).where(eq(fileInbox.storageKey, storageKey));
    if (!row) continue;
    // Written before the row goes: a crash in between writes the same bytes again at the next start.
    await store.write(storageKey, row.content);
    await db.delete(fileInbox).where(eq(fileInbox.storageKey, storageKey));
  }
  return waiting.length;
}

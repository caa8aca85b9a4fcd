// Files waiting to reach the file store (docs/architecture.md §15). Paths that can only write SQL — a migration moving
// bytes out of a table, the seed writing in one transaction — leave a file's bytes here under the storage key its row
// already names; the server moves them to disk when it starts (server/src/files/inbox.ts) and deletes the row.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns';

/** A file's bytes on their way to the file store. */
export const fileInbox = pgTable('file_inbox', {
  storageKey: text('storage_key').primaryKey(),
  content: bytea('content').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

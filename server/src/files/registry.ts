// Which table holds the files of each storage namespace (docs/architecture.md §15). Typed by FileNamespace: a
// namespace added to the store without its table here does not compile, so the orphan sweep never mistakes an
// area's files for orphans.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { companyDocuments, contractDocuments, ticketAttachments } from '../db/schema';
import type { FileNamespace } from './store';

/** A table whose rows name files of the store by `storage_key`. */
export interface FileTable {
  table: PgTable;
  storageKey: PgColumn;
}

/** The table of each namespace. */
export const FILE_TABLES: Readonly<Record<FileNamespace, FileTable>> = {
  'company-documents': { table: companyDocuments, storageKey: companyDocuments.storageKey },
  'ticket-attachments': { table: ticketAttachments, storageKey: ticketAttachments.storageKey },
  'contract-documents': { table: contractDocuments, storageKey: contractDocuments.storageKey },
};

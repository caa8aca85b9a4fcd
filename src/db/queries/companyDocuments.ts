// The company documents panel's reads (docs/architecture.md §14 Documents): the company's documents as synced, each
// with the state of its queued writes, whether its file is kept on the device, and the file of an upload not sent yet.
import type { OutboxStatus } from '../../domain/sync';
import { keptKeys } from '../keptFiles';
import type { CompanyDocumentRow } from '../rows';
import type { AppDb } from '../schema';
import { queuedUploadFiles, queuedWrites } from './queuedWrites';

/** The key a document's file is kept under on the device. */
export function documentFileKey(documentId: string): string {
  return `documents/${documentId}`;
}

/** A document as the panel lists it. */
export interface DocumentListItem {
  document: CompanyDocumentRow;
  /** The state of its queued writes, if any. */
  queued: OutboxStatus | undefined;
  /** Its file is kept on this device (opens offline). */
  isKept: boolean;
  /** The queued upload's file, while the upload has not reached the server. */
  queuedFileId: string | null;
}

/** A company's documents, newest first, with their device state. */
export async function companyDocumentList(db: AppDb, companyId: number): Promise<DocumentListItem[]> {
  const rows = await db.companyDocuments.where('companyId').equals(companyId).toArray();
  // Server rows carry PostgreSQL's timestamp text, rows made here ISO text: compared as times, not as text.
  rows.sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || a.fileName.localeCompare(b.fileName),
  );
  const ids = rows.map((row) => row.id);
  const [queued, kept, files] = await Promise.all([
    queuedWrites(
      db,
      ids.map((id): [string, string] => ['companyDocuments', id]),
    ),
    keptKeys(db, ids.map(documentFileKey)),
    queuedUploadFiles(db, 'companyDocuments', ids),
  ]);
  return rows.map((document) => ({
    document,
    queued: queued[`companyDocuments:${document.id}`],
    isKept: kept.has(documentFileKey(document.id)),
    queuedFileId: files.get(document.id) ?? null,
  }));
}

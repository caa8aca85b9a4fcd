// Company document writes through the outbox (docs/architecture.md §4, §15), offline too. An upload is queued with its
// file: the document shows at once (pending), and the file goes to the server once, with the entry's
// Idempotency-Key. Writes use the company-scoped paths, so a replay after a lost answer reaches its stored answer
// even when the document is gone by then (the client form resolves the company from the document itself).
import type { CheckedFile } from '../../domain/files';
import { checkDocumentChanges, documentChangeLabel, isDocumentType } from '../../domain/documents';
import { isQuotaError } from '../../domain/sync';
import { randomId } from '../ids';
import { evictKeptFile } from '../keptFiles';
import { enqueue } from '../outbox';
import type { WriteCall } from '../outbox';
import { filePlaceholder, noRoomMessage, noRoomProblem } from '../outboxFiles';
import type { StorageEstimator } from '../outboxFiles';
import { documentFileKey } from '../queries/companyDocuments';
import type { CompanyDocumentRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A queued write, or why nothing was queued (and which field it concerns). */
export type DocumentWriteResult =
  | { ok: true; entry: OutboxEntry; documentId: string }
  | { ok: false; field: 'file' | 'fileName' | 'documentType'; problem: string };

/** A new document: a file that passed the upload checks (src/domain/files.ts), its type and who uploads it. */
export interface NewCompanyDocument {
  companyId: number;
  file: CheckedFile;
  blob: Blob;
  documentType: string;
  isConsultant: boolean;
  uploader: { id: number; name: string | null };
}

/**
 * Queues an upload: the document row (made here under its final id) and the entry with its file, in one transaction.
 * Refused up front when the device has no room for the file; a full disk during the write refuses it the same way.
 */
export async function addCompanyDocument(
  db: AppDb,
  input: NewCompanyDocument,
  options: { storage?: StorageEstimator; now?: Date } = {},
): Promise<DocumentWriteResult> {
  if (!isDocumentType(input.documentType))
    return { ok: false, field: 'documentType', problem: 'is not one of the document types' };
  const noRoom = await noRoomProblem(input.blob.size, options.storage);
  if (noRoom) return { ok: false, field: 'file', problem: noRoom };
  const id = randomId();
  const fileId = randomId();
  const now = (options.now ?? new Date()).toISOString();
  const row: CompanyDocumentRow = {
    id,
    companyId: input.companyId,
    // 0 until the answer brings the server's version and the file's sha-256.
    version: 0,
    updatedAt: now,
    isConsultant: input.isConsultant,
    fileName: input.file.fileName,
    mimeType: input.file.mimeType,
    size: input.file.size,
    sha256: '',
    documentType: input.documentType,
    uploadedBy: input.uploader.id,
    uploadedByName: input.uploader.name,
    createdAt: now,
  };
  try {
    const entry = await enqueue(db, {
      companyId: input.companyId,
      write: 'addCompanyDocument',
      params: { companyId: input.companyId },
      body: {
        id,
        fileName: input.file.fileName,
        fileValue: filePlaceholder(fileId),
        documentType: input.documentType,
        isConsultant: input.isConsultant,
      },
      entity: 'companyDocuments',
      entityId: id,
      change: { kind: 'put', row: { ...row } },
      ifMatch: false,
      files: [{ id: fileId, name: input.file.fileName, type: input.file.mimeType, blob: input.blob }],
      label: `Upload of ${input.file.fileName}`,
    });
    return { ok: true, entry, documentId: id };
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return { ok: false, field: 'file', problem: noRoomMessage(input.blob.size, null) };
  }
}

/**
 * Queues a rename and type change of a document of either kind, checked first with the server's rule; If-Match
 * carries the version the user edited.
 */
export async function queueDocumentEdit(
  db: AppDb,
  entity: 'companyDocuments' | 'contractDocuments',
  document: { id: string; companyId: number; fileName: string },
  changes: { fileName?: string; documentType?: string },
): Promise<DocumentWriteResult> {
  const checked = checkDocumentChanges(document.fileName, changes);
  if (!checked.ok) return checked;
  const params = { companyId: document.companyId, id: document.id };
  const call: WriteCall =
    entity === 'companyDocuments'
      ? { write: 'updateCompanyDocument', params }
      : { write: 'updateContractDocument', params };
  const entry = await enqueue(db, {
    companyId: document.companyId,
    ...call,
    body: { ...checked.fields },
    entity,
    entityId: document.id,
    change: { kind: 'patch', fields: { ...checked.fields } },
    label: documentChangeLabel(document.fileName, checked.fields),
  });
  return { ok: true, entry, documentId: document.id };
}

/** Renames a document (its type, read from its bytes, never changes) and sets its document type. */
export async function updateCompanyDocument(
  db: AppDb,
  documentId: string,
  changes: { fileName?: string; documentType?: string },
): Promise<DocumentWriteResult> {
  const document = await db.companyDocuments.get(documentId);
  if (!document) throw new Error(`Document ${documentId} is not in the local database`);
  return queueDocumentEdit(db, 'companyDocuments', document, changes);
}

/** Deletes a document (If-Match: the version the user saw); its copy kept on the device goes with it. */
export async function deleteCompanyDocument(db: AppDb, documentId: string): Promise<OutboxEntry> {
  const tables = [db.outbox, db.meta, db.companyDocuments, db.keptFiles, db.keptFileData];
  return db.transaction('rw', tables, async () => {
    const document = await db.companyDocuments.get(documentId);
    if (!document) throw new Error(`Document ${documentId} is not in the local database`);
    const entry = await enqueue(db, {
      companyId: document.companyId,
      write: 'deleteCompanyDocument',
      params: { companyId: document.companyId, id: documentId },
      entity: 'companyDocuments',
      entityId: documentId,
      change: { kind: 'delete' },
      label: `Delete ${document.fileName}`,
    });
    await evictKeptFile(db, documentFileKey(documentId));
    return entry;
  });
}

// Writes of documents associated with a contract (spec 001 §7 /contracts/associated_documents), through the outbox
// like company documents (src/db/mutations/companyDocuments.ts, docs/architecture.md §15): an upload is queued with its
// file and sent once with the entry's Idempotency-Key; company-scoped paths, so a replay reaches its stored answer.
import type { CheckedFile } from '../../domain/files';
import { isDocumentType } from '../../domain/documents';
import { isQuotaError } from '../../domain/sync';
import { randomId } from '../ids';
import { evictKeptFile } from '../keptFiles';
import { enqueue } from '../outbox';
import { filePlaceholder, noRoomMessage, noRoomProblem } from '../outboxFiles';
import type { StorageEstimator } from '../outboxFiles';
import { contractDocumentFileKey } from '../queries/contracts';
import type { ContractDocumentRow } from '../rows';
import { queueDocumentEdit } from './companyDocuments';
import type { DocumentWriteResult } from './companyDocuments';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A queued upload, or why nothing was queued. */
export type ContractDocumentResult =
  { ok: true; entry: OutboxEntry; documentId: string } | { ok: false; problem: string };

/** A new document of a contract: a file that passed the upload checks, its type and who uploads it. */
export interface NewContractDocument {
  contractId: string;
  file: CheckedFile;
  blob: Blob;
  documentType: string;
  uploader: { id: number; name: string | null };
}

/** Queues an upload for a contract of the device; refused up front when the device has no room for the file. */
export async function addContractDocument(
  db: AppDb,
  input: NewContractDocument,
  options: { storage?: StorageEstimator } = {},
): Promise<ContractDocumentResult> {
  if (!isDocumentType(input.documentType)) return { ok: false, problem: 'is not one of the document types' };
  const contract = await db.contracts.get(input.contractId);
  if (!contract) throw new Error(`Contract ${input.contractId} is not in the local database`);
  const noRoom = await noRoomProblem(input.blob.size, options.storage);
  if (noRoom) return { ok: false, problem: noRoom };
  const id = randomId();
  const fileId = randomId();
  const now = new Date().toISOString();
  const row: ContractDocumentRow = {
    id,
    companyId: contract.companyId,
    // 0 until the answer brings the server's version and the file's sha-256.
    version: 0,
    updatedAt: now,
    contractId: contract.id,
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
      companyId: contract.companyId,
      write: 'addContractDocument',
      params: { companyId: contract.companyId },
      body: {
        id,
        contractId: contract.id,
        fileName: input.file.fileName,
        fileValue: filePlaceholder(fileId),
        documentType: input.documentType,
      },
      entity: 'contractDocuments',
      entityId: id,
      change: { kind: 'put', row: { ...row } },
      ifMatch: false,
      files: [{ id: fileId, name: input.file.fileName, type: input.file.mimeType, blob: input.blob }],
      label: `Upload of ${input.file.fileName}`,
    });
    return { ok: true, entry, documentId: id };
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return { ok: false, problem: noRoomMessage(input.blob.size, null) };
  }
}

/** Renames a contract document (keeping its extension) and sets its type (`PUT .../{id}/update`, If-Match). */
export async function updateContractDocument(
  db: AppDb,
  documentId: string,
  changes: { fileName?: string; documentType?: string },
): Promise<DocumentWriteResult> {
  const document = await db.contractDocuments.get(documentId);
  if (!document) throw new Error(`Document ${documentId} is not in the local database`);
  return queueDocumentEdit(db, 'contractDocuments', document, changes);
}

/** Deletes a contract document (If-Match: the version the user saw); its copy kept on the device goes with it. */
export async function deleteContractDocument(db: AppDb, documentId: string): Promise<OutboxEntry> {
  const tables = [db.outbox, db.meta, db.contractDocuments, db.keptFiles, db.keptFileData];
  return db.transaction('rw', tables, async () => {
    const document = await db.contractDocuments.get(documentId);
    if (!document) throw new Error(`Document ${documentId} is not in the local database`);
    const entry = await enqueue(db, {
      companyId: document.companyId,
      write: 'deleteContractDocument',
      params: { companyId: document.companyId, id: documentId },
      entity: 'contractDocuments',
      entityId: documentId,
      change: { kind: 'delete' },
      label: `Delete ${document.fileName}`,
    });
    await evictKeptFile(db, contractDocumentFileKey(documentId));
    return entry;
  });
}

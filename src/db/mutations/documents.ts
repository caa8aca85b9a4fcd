// Document writes through the outbox (docs/architecture.md §4, §15), offline too, for either owner: the company's
// documents (spec 001 §7 /contracts/company_documents) and a contract's (/contracts/associated_documents). An upload is
// queued with its file: the document shows at once (pending), and the file goes to the server once, with the entry's
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
import { contractDocumentFileKey } from '../queries/contracts';
import type { CompanyDocumentRow, ContractDocumentRow, DocumentFileColumns } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** The synced entity of each owner's documents. */
export type DocumentEntity = 'companyDocuments' | 'contractDocuments';

/** A call of one of the document writes, which send bodies the server reads itself (no schema in SYNCED_WRITES). */
type DocumentCall = Extract<WriteCall, { write: `${string}Document` }>;

/** The parameters of a write on one document. */
type DocumentParams = { companyId: number; id: string };

/** Each owner's three synced writes (src/domain/syncedWrites.ts) and the key its files are kept under. */
const OWNER_WRITES: Record<
  DocumentEntity,
  {
    add: (companyId: number) => DocumentCall;
    update: (params: DocumentParams) => DocumentCall;
    remove: (params: DocumentParams) => DocumentCall;
    fileKey: (documentId: string) => string;
  }
> = {
  companyDocuments: {
    add: (companyId) => ({ write: 'addCompanyDocument', params: { companyId } }),
    update: (params) => ({ write: 'updateCompanyDocument', params }),
    remove: (params) => ({ write: 'deleteCompanyDocument', params }),
    fileKey: documentFileKey,
  },
  contractDocuments: {
    add: (companyId) => ({ write: 'addContractDocument', params: { companyId } }),
    update: (params) => ({ write: 'updateContractDocument', params }),
    remove: (params) => ({ write: 'deleteContractDocument', params }),
    fileKey: contractDocumentFileKey,
  },
};

/** A queued write, or why nothing was queued (and which field it concerns). */
export type DocumentWriteResult =
  | { ok: true; entry: OutboxEntry; documentId: string }
  | { ok: false; field: 'file' | 'fileName' | 'documentType'; problem: string };

/** Whose new document it is: the company's (for consultants only or not) or a contract's of the device. */
export type DocumentOwner =
  | { entity: 'companyDocuments'; companyId: number; isConsultant: boolean }
  | { entity: 'contractDocuments'; contractId: string };

/** A new document: a file that passed the upload checks (src/domain/files.ts), its type and who uploads it. */
export interface NewDocument {
  owner: DocumentOwner;
  file: CheckedFile;
  blob: Blob;
  documentType: string;
  uploader: { id: number; name: string | null };
}

/** The company of a new document and the owner's own columns, which its row and its upload's body both carry. */
async function ownerColumns(
  db: AppDb,
  owner: DocumentOwner,
): Promise<{
  companyId: number;
  columns: Pick<CompanyDocumentRow, 'isConsultant'> | Pick<ContractDocumentRow, 'contractId'>;
}> {
  if (owner.entity === 'companyDocuments')
    return { companyId: owner.companyId, columns: { isConsultant: owner.isConsultant } };
  const contract = await db.contracts.get(owner.contractId);
  if (!contract) throw new Error(`Contract ${owner.contractId} is not in the local database`);
  return { companyId: contract.companyId, columns: { contractId: contract.id } };
}

/**
 * Queues an upload: the document row (made here under its final id) and the entry with its file, in one transaction.
 * Refused up front when the device has no room for the file; a full disk during the write refuses it the same way.
 */
export async function addDocument(
  db: AppDb,
  input: NewDocument,
  options: { storage?: StorageEstimator; now?: Date } = {},
): Promise<DocumentWriteResult> {
  if (!isDocumentType(input.documentType))
    return { ok: false, field: 'documentType', problem: 'is not one of the document types' };
  const { companyId, columns } = await ownerColumns(db, input.owner);
  const noRoom = await noRoomProblem(input.blob.size, options.storage);
  if (noRoom) return { ok: false, field: 'file', problem: noRoom };
  const { entity } = input.owner;
  const id = randomId();
  const fileId = randomId();
  const now = (options.now ?? new Date()).toISOString();
  const file: DocumentFileColumns = {
    fileName: input.file.fileName,
    mimeType: input.file.mimeType,
    size: input.file.size,
    // Empty until the answer brings the file's sha-256, as version stays 0 until it brings the server's version.
    sha256: '',
    documentType: input.documentType,
    uploadedBy: input.uploader.id,
    uploadedByName: input.uploader.name,
    createdAt: now,
  };
  try {
    const entry = await enqueue(db, {
      companyId,
      ...OWNER_WRITES[entity].add(companyId),
      body: {
        id,
        ...columns,
        fileName: input.file.fileName,
        fileValue: filePlaceholder(fileId),
        documentType: input.documentType,
      },
      entity,
      entityId: id,
      change: { kind: 'put', row: { id, companyId, version: 0, updatedAt: now, ...columns, ...file } },
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
 * Renames a document (its type, read from its bytes, never changes) and sets its document type, checked first with
 * the server's rule; If-Match carries the version the user edited.
 */
export async function updateDocument(
  db: AppDb,
  entity: DocumentEntity,
  documentId: string,
  changes: { fileName?: string; documentType?: string },
): Promise<DocumentWriteResult> {
  const document = await db[entity].get(documentId);
  if (!document) throw new Error(`Document ${documentId} is not in the local database`);
  const checked = checkDocumentChanges(document.fileName, changes);
  if (!checked.ok) return checked;
  const entry = await enqueue(db, {
    companyId: document.companyId,
    ...OWNER_WRITES[entity].update({ companyId: document.companyId, id: document.id }),
    body: { ...checked.fields },
    entity,
    entityId: document.id,
    change: { kind: 'patch', fields: { ...checked.fields } },
    label: documentChangeLabel(document.fileName, checked.fields),
  });
  return { ok: true, entry, documentId: document.id };
}

/** Deletes a document (If-Match: the version the user saw); its copy kept on the device goes with it. */
export async function deleteDocument(
  db: AppDb,
  entity: DocumentEntity,
  documentId: string,
): Promise<OutboxEntry> {
  const tables = [db.outbox, db.meta, db[entity], db.keptFiles, db.keptFileData];
  return db.transaction('rw', tables, async () => {
    const document = await db[entity].get(documentId);
    if (!document) throw new Error(`Document ${documentId} is not in the local database`);
    const entry = await enqueue(db, {
      companyId: document.companyId,
      ...OWNER_WRITES[entity].remove({ companyId: document.companyId, id: documentId }),
      entity,
      entityId: documentId,
      change: { kind: 'delete' },
      label: `Delete ${document.fileName}`,
    });
    await evictKeptFile(db, keptDocumentKey(entity, documentId));
    return entry;
  });
}

/** The key a document's file is kept under on the device. */
export function keptDocumentKey(entity: DocumentEntity, documentId: string): string {
  return OWNER_WRITES[entity].fileKey(documentId);
}

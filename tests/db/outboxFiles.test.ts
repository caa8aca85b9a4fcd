import type { DBCore, DBCoreTable } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDocument, deleteDocument, updateDocument } from '../../src/db/mutations/documents';
import type { NewDocument } from '../../src/db/mutations/documents';
import { dismissRejected, enqueue, keepMine, takeTheirs } from '../../src/db/outbox';
import {
  filePlaceholder,
  filesOfEntry,
  noRoomProblem,
  placeholderIds,
  queuedFile,
} from '../../src/db/outboxFiles';
import { acknowledge, markConflict, reject } from '../../src/db/outboxReplay';
import type { CompanyDocumentRow, ContractDocumentRow } from '../../src/db/rows';
import type { AppDb } from '../../src/db/schema';
import { openLocalDb } from '../helpers/localDb';
import { contractRow } from './queries/locationRows';

const MB = 1024 * 1024;
const pdf = new Blob(['%PDF-1.4 test'], { type: 'application/pdf' });

function newDocument(overrides: Partial<NewDocument> = {}): NewDocument {
  return {
    owner: { entity: 'companyDocuments', companyId: 2, isConsultant: false },
    file: { fileName: 'Contract.pdf', kind: 'pdf', mimeType: 'application/pdf', size: pdf.size },
    blob: pdf,
    documentType: 'Contract',
    uploader: { id: 4, name: 'Dana Client' },
    ...overrides,
  };
}

let db: AppDb;

beforeEach(() => {
  db = openLocalDb();
});

async function queuedUpload() {
  const result = await addDocument(db, newDocument());
  if (!result.ok) throw new Error(result.problem);
  return result;
}

describe('queued uploads', () => {
  it('stores the row, the entry and the file together, the body naming the file by placeholder', async () => {
    const { entry, documentId } = await queuedUpload();
    expect(await db.companyDocuments.get(documentId)).toMatchObject({
      fileName: 'Contract.pdf',
      version: 0,
      size: pdf.size,
      uploadedByName: 'Dana Client',
    });
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/companies/2/contracts/company_documents/add',
      label: 'Upload of Contract.pdf',
      baseVersion: null,
    });
    expect(entry.files).toEqual([
      { id: expect.any(String), name: 'Contract.pdf', type: 'application/pdf', size: pdf.size },
    ]);
    const [ref] = entry.files ?? [];
    expect(entry.body).toMatchObject({ id: documentId, fileValue: filePlaceholder(ref?.id ?? '') });
    const [stored] = await filesOfEntry(db, entry);
    expect(stored).toMatchObject({ entrySeq: entry.seq, companyId: 2, name: 'Contract.pdf' });
    expect(await stored?.blob.text()).toBe('%PDF-1.4 test');
    expect((await queuedFile(db, ref?.id ?? ''))?.id).toBe(ref?.id);
  });

  it('drops the file when the server acknowledges the upload, and keeps the answered row', async () => {
    const { entry, documentId } = await queuedUpload();
    const answer = { ...(await db.companyDocuments.get(documentId)), version: 7, sha256: 'abc' };
    await acknowledge(db, entry.seq, answer);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
    expect(await db.companyDocuments.get(documentId)).toMatchObject({ version: 7, sha256: 'abc' });
  });

  it('rolls a refused upload back and drops its file at once; dismissing forgets the entry', async () => {
    const { entry, documentId } = await queuedUpload();
    await reject(db, entry.seq, 400, 'The file is not one of the allowed types');
    expect(await db.companyDocuments.get(documentId)).toBeUndefined();
    expect(await db.outboxFiles.count()).toBe(0);
    expect((await db.outbox.get(entry.seq))?.files?.[0]?.name).toBe('Contract.pdf');
    await dismissRejected(db, entry.seq);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the file of a conflicted entry for "keep mine" and drops it with "take theirs"', async () => {
    const { entry } = await queuedUpload();
    await markConflict(db, entry.seq, null, 'changed');
    await keepMine(db, entry.seq);
    expect(await db.outboxFiles.count()).toBe(1);
    await markConflict(db, entry.seq, null, 'changed again');
    await takeTheirs(db, entry.seq);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('refuses a file larger than the room left, up front, storing nothing', async () => {
    const storage = { estimate: () => Promise.resolve({ usage: 90 * MB, quota: 100 * MB }) };
    const big = new Blob([new Uint8Array(8 * MB)], { type: 'application/pdf' });
    const result = await addDocument(
      db,
      newDocument({ blob: big, file: { ...newDocument().file, size: big.size } }),
      { storage },
    );
    expect(result).toEqual({
      ok: false,
      field: 'file',
      problem:
        'This device has no room to keep this file until it is sent (8.0 MB needed, 10 MB free). Nothing was queued: free some space and try again.',
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.companyDocuments.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
    expect(await noRoomProblem(MB, storage)).toBeNull();
    expect(await noRoomProblem(MB, {})).toBeNull();
    expect(await noRoomProblem(MB, { estimate: () => Promise.reject(new Error('no')) })).toBeNull();
  });

  it('loses nothing when the disk fills during the write: no row, no entry, no file', async () => {
    db.use({
      stack: 'dbcore',
      name: 'full-disk',
      create: (down: DBCore): DBCore => ({
        ...down,
        table: (name: string): DBCoreTable => {
          const table = down.table(name);
          if (name !== 'outboxFiles') return table;
          return {
            ...table,
            mutate: () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' })),
          };
        },
      }),
    });
    const result = await addDocument(db, newDocument());
    expect(result).toMatchObject({
      ok: false,
      field: 'file',
      problem: expect.stringContaining('Nothing was queued'),
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.companyDocuments.count()).toBe(0);
  });

  it('refuses a write whose body and files do not match', async () => {
    const write = {
      companyId: 2,
      write: 'addCompanyDocument' as const,
      params: { companyId: 2 },
      entity: 'companyDocuments' as const,
      entityId: 'd1',
      change: { kind: 'put' as const, row: { id: 'd1' } },
    };
    await expect(
      enqueue(db, { ...write, body: {}, files: [{ id: 'f1', name: 'a', type: 'x', blob: pdf }] }),
    ).rejects.toThrow('names each of its files');
    await expect(enqueue(db, { ...write, body: { a: filePlaceholder('f9') } })).rejects.toThrow(
      'names each of its files',
    );
    expect(placeholderIds({ a: [filePlaceholder('x'), { b: filePlaceholder('y') }], c: 'z' })).toEqual([
      'x',
      'y',
    ]);
  });
});

describe('document edits', () => {
  const stored: CompanyDocumentRow = {
    id: 'doc-1',
    companyId: 2,
    version: 5,
    updatedAt: '2026-01-01T00:00:00Z',
    isConsultant: false,
    fileName: 'Draft.pdf',
    mimeType: 'application/pdf',
    size: 10,
    sha256: 'abc',
    documentType: 'Other',
    uploadedBy: 4,
    uploadedByName: 'Dana Client',
    createdAt: '2026-01-01T00:00:00Z',
  };

  it('renames within the type and changes the type, with If-Match, through the company path', async () => {
    await db.companyDocuments.put(stored);
    const result = await updateDocument(db, 'companyDocuments', 'doc-1', {
      fileName: 'Signed',
      documentType: 'Contract',
    });
    expect(result.ok && result.entry).toMatchObject({
      method: 'PUT',
      path: '/api/companies/2/contracts/company_documents/doc-1/update',
      body: { fileName: 'Signed.pdf', documentType: 'Contract' },
      baseVersion: 5,
      label: 'Rename Draft.pdf to Signed.pdf, type Contract',
    });
    expect(await db.companyDocuments.get('doc-1')).toMatchObject({
      fileName: 'Signed.pdf',
      documentType: 'Contract',
    });
    expect(await updateDocument(db, 'companyDocuments', 'doc-1', { fileName: 'x.png' })).toEqual({
      ok: false,
      field: 'fileName',
      problem: 'is named .png but the file is a PDF',
    });
    expect(await updateDocument(db, 'companyDocuments', 'doc-1', { documentType: 'Memo' })).toMatchObject({
      ok: false,
    });
  });

  it('deletes locally and queues the delete', async () => {
    await db.companyDocuments.put(stored);
    const entry = await deleteDocument(db, 'companyDocuments', 'doc-1');
    expect(entry).toMatchObject({ method: 'DELETE', baseVersion: 5, label: 'Delete Draft.pdf' });
    expect(await db.companyDocuments.get('doc-1')).toBeUndefined();
  });
});

describe('contract document edits', () => {
  const stored: ContractDocumentRow = {
    id: 'cdoc-1',
    companyId: 2,
    version: 8,
    updatedAt: '2026-01-01T00:00:00Z',
    contractId: 'contract-1',
    fileName: 'Scan.pdf',
    mimeType: 'application/pdf',
    size: 10,
    sha256: 'abc',
    documentType: 'Other',
    uploadedBy: 4,
    uploadedByName: 'Dana Client',
    createdAt: '2026-01-01T00:00:00Z',
  };

  it('renames and retypes with the company documents’ rule, with If-Match, through the contract documents path', async () => {
    await db.contractDocuments.put(stored);
    const result = await updateDocument(db, 'contractDocuments', 'cdoc-1', {
      fileName: 'Signed copy',
      documentType: 'Amendment',
    });
    expect(result.ok && result.entry).toMatchObject({
      method: 'PUT',
      path: '/api/companies/2/contracts/associated_documents/cdoc-1/update',
      body: { fileName: 'Signed copy.pdf', documentType: 'Amendment' },
      baseVersion: 8,
      label: 'Rename Scan.pdf to Signed copy.pdf, type Amendment',
    });
    expect(await db.contractDocuments.get('cdoc-1')).toMatchObject({
      fileName: 'Signed copy.pdf',
      documentType: 'Amendment',
    });
    expect(await updateDocument(db, 'contractDocuments', 'cdoc-1', { fileName: '***' })).toEqual({
      ok: false,
      field: 'fileName',
      problem: 'needs letters or digits',
    });
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('contract document uploads and deletes', () => {
  it('queues an upload for a contract of the device through the contract documents path, with its contract', async () => {
    await db.contracts.put(contractRow('contract-1', 2, '2026-12-31'));
    const result = await addDocument(db, {
      ...newDocument(),
      owner: { entity: 'contractDocuments', contractId: 'contract-1' },
    });
    if (!result.ok) throw new Error(result.problem);
    expect(result.entry).toMatchObject({
      method: 'POST',
      path: '/api/companies/2/contracts/associated_documents/add',
      body: {
        id: result.documentId,
        contractId: 'contract-1',
        fileName: 'Contract.pdf',
        documentType: 'Contract',
      },
      label: 'Upload of Contract.pdf',
    });
    expect(result.entry.body).not.toHaveProperty('isConsultant');
    expect(await db.contractDocuments.get(result.documentId)).toMatchObject({
      companyId: 2,
      contractId: 'contract-1',
      version: 0,
      uploadedByName: 'Dana Client',
    });
    expect(await filesOfEntry(db, result.entry)).toHaveLength(1);
  });

  it('deletes a contract document through the contract documents path, with If-Match', async () => {
    await db.contractDocuments.put({
      id: 'cdoc-2',
      companyId: 2,
      version: 3,
      updatedAt: '2026-01-01T00:00:00Z',
      contractId: 'contract-1',
      fileName: 'Scan.pdf',
      mimeType: 'application/pdf',
      size: 10,
      sha256: 'abc',
      documentType: 'Other',
      uploadedBy: 4,
      uploadedByName: 'Dana Client',
      createdAt: '2026-01-01T00:00:00Z',
    });
    const entry = await deleteDocument(db, 'contractDocuments', 'cdoc-2');
    expect(entry).toMatchObject({
      method: 'DELETE',
      path: '/api/companies/2/contracts/associated_documents/cdoc-2/delete',
      baseVersion: 3,
      label: 'Delete Scan.pdf',
    });
    expect(await db.contractDocuments.get('cdoc-2')).toBeUndefined();
  });
});

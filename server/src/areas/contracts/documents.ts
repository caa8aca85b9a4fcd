// Documents (spec 001 §3 Document, §7 Contracts and documents) of either owner: the company's
// (`/contracts/company_documents`) and a contract's (`/contracts/associated_documents`), each call also under
// /api/companies/:companyId: the list (the bare path and `/list`), the document types, the download, and add,
// `{id}/update` and `{id}/delete` as synced writes (idempotent by key, versioned, If-Match) so the device's outbox can
// replay them, each with its client form. Documents belong to the Contracts area (limited clients get 403); a
// company document a consultant keeps for the consultancy is for consultants only: 404 to anyone else, and never in a
// client's feed. The file reaches the disk before the row names it and leaves it after the row is gone
// (files/storedWrite.ts, docs/architecture.md §15).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import type { Caller } from '../../auth/access';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { companyDocuments, contractDocuments } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { UuidString } from '../../http/commonSchemas';
import { sendWriteResult } from '../../http/writeReply';
import { sendStoredFile } from '../../files/download';
import { storeUpload, withDroppedFiles, withStoredFile } from '../../files/storedWrite';
import { createFileStore } from '../../files/store';
import type { FileNamespace, FileStore } from '../../files/store';
import { UPLOAD_BODY_LIMIT, readJsonUpload, readMultipartUpload } from '../../files/upload';
import type { Upload } from '../../files/upload';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, runWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';
import { DOCUMENT_TYPES, canSeeDocument } from '../../../../src/domain/documents';
import {
  DocumentType,
  DocumentUpdateBody,
  callerName,
  checkConsultantOnly,
  checkedDocumentType,
  documentInputOfForm,
  failIfAny,
  updatedDocument,
} from './documentRows';
import type { DocumentInput } from './documentRows';
import { findContract } from './contractRows';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';

type DocumentTable = typeof companyDocuments | typeof contractDocuments;

/** A stored document of either owner. */
type StoredDocument = DocumentTable['$inferSelect'];

/** The row as answered and synced: every column but the storage key, which never leaves the server. */
export function publicDocument<Row extends StoredDocument>(row: Row): Omit<Row, 'storageKey'> {
  const { storageKey: _key, ...rest } = row;
  return rest;
}

/** A new document as its add request gives it, read and checked before its file is stored. */
interface Addition {
  upload: Upload;
  /** The id the device gave it offline (docs/architecture.md §6), and the field that names it in errors. */
  id: string | undefined;
  idField: string;
  documentType: string;
  /** The owner's own columns, read in the write's transaction. */
  ownerColumns: (tx: Tx, companyId: number) => Promise<{ isConsultant: boolean } | { contractId: string }>;
}

/** What differs between the owners: their table, paths, writes, list and how an add request names its document. */
interface DocumentOwner {
  table: DocumentTable;
  entity: 'companyDocuments' | 'contractDocuments';
  base: string;
  namespace: FileNamespace;
  writes: {
    add: 'addCompanyDocument' | 'addContractDocument';
    update: 'updateCompanyDocument' | 'updateContractDocument';
    remove: 'deleteCompanyDocument' | 'deleteContractDocument';
  };
  /** The list's query string, when it takes one. */
  listQuery?: ReturnType<typeof Type.Object>;
  /** The list's condition besides the company. */
  listFilter: (request: FastifyRequest, caller: Caller) => SQL | undefined;
  listOrder: SQL[];
  /** The add's body schema as its route declares it. */
  addBody: object;
  readAddition: (db: Db, request: FastifyRequest) => Promise<Addition>;
}

/** The members of an add's JSON body that both owners take: the spec's `fileName` + `fileValue`, and the type. */
const UPLOAD_MEMBERS = {
  // A document added offline carries the id the device gave it (docs/architecture.md §6).
  id: Type.Optional(UuidString),
  fileName: Type.String({ minLength: 1, maxLength: 1000 }),
  // No maxLength: the route's body limit bounds it, and the size check answers 413 with the field.
  fileValue: Type.String({ minLength: 1 }),
  documentType: Type.Optional(DocumentType),
};

const CompanyAddBody = Type.Object(
  { ...UPLOAD_MEMBERS, isConsultant: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** The company's documents: the spec's JSON body or a multipart form; consultants may keep one for themselves. */
const COMPANY_DOCUMENTS: DocumentOwner = {
  table: companyDocuments,
  entity: 'companyDocuments',
  base: '/contracts/company_documents',
  namespace: 'company-documents',
  writes: { add: 'addCompanyDocument', update: 'updateCompanyDocument', remove: 'deleteCompanyDocument' },
  listFilter: (_request, caller) =>
    caller.roles.isConsultant ? undefined : eq(companyDocuments.isConsultant, false),
  listOrder: [desc(companyDocuments.createdAt), asc(companyDocuments.fileName)],
  // JSON bodies are checked here; a multipart form is read and checked by the handler (files/upload.ts).
  addBody: { content: { 'application/json': { schema: CompanyAddBody } } },
  readAddition: async (_db, request) => {
    const fields: FieldErrors = {};
    let upload: Upload;
    let input: DocumentInput;
    let prefix: string;
    if (request.isMultipart()) {
      upload = await readMultipartUpload(request);
      input = documentInputOfForm(upload.fields, fields);
      prefix = '';
    } else {
      const body: unknown = request.body;
      if (!Value.Check(CompanyAddBody, body)) throw badRequest('The body is not a document upload');
      upload = await readJsonUpload(body);
      input = body;
      prefix = 'body.';
    }
    const documentType = checkedDocumentType(input.documentType, `${prefix}documentType`, fields);
    const isConsultant = input.isConsultant ?? false;
    checkConsultantOnly(isConsultant, callerOf(request), `${prefix}isConsultant`, fields);
    failIfAny(fields);
    return {
      upload,
      id: input.id,
      idField: `${prefix}id`,
      documentType,
      ownerColumns: async () => ({ isConsultant }),
    };
  },
};

const ContractListQuery = Type.Object(
  { contractId: Type.Optional(UuidString) },
  { additionalProperties: false },
);

const ContractAddBody = Type.Object(
  { ...UPLOAD_MEMBERS, contractId: UuidString },
  { additionalProperties: false },
);

/** A contract's documents: listed by contract, added as the spec's JSON body to a contract of the company. */
const CONTRACT_DOCUMENTS: DocumentOwner = {
  table: contractDocuments,
  entity: 'contractDocuments',
  base: '/contracts/associated_documents',
  namespace: 'contract-documents',
  writes: { add: 'addContractDocument', update: 'updateContractDocument', remove: 'deleteContractDocument' },
  listQuery: ContractListQuery,
  listFilter: (request) => {
    const { contractId } = request.query as { contractId?: string };
    return contractId ? eq(contractDocuments.contractId, contractId.toLowerCase()) : undefined;
  },
  listOrder: [asc(contractDocuments.createdAt), asc(contractDocuments.fileName)],
  addBody: ContractAddBody,
  readAddition: async (db, request) => {
    const input: unknown = request.body;
    if (!Value.Check(ContractAddBody, input)) throw badRequest('The body is not a document upload');
    const fields: FieldErrors = {};
    const documentType = checkedDocumentType(input.documentType, 'body.documentType', fields);
    failIfAny(fields);
    // The contract is checked before the file is stored: a foreign or missing contract answers 404.
    await findContract(db, companyOf(request).id, input.contractId);
    return {
      upload: await readJsonUpload(input),
      id: input.id,
      idField: 'body.id',
      documentType,
      ownerColumns: async (tx, companyId) => ({
        contractId: (await findContract(tx, companyId, input.contractId)).id,
      }),
    };
  },
};

/** A document of the company that this caller may see; 404 otherwise (another company's, or consultants-only). */
async function findDocument(
  { table }: DocumentOwner,
  db: Db | Tx,
  companyId: number,
  id: string,
  caller: Caller,
): Promise<StoredDocument> {
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id.toLowerCase()), eq(table.companyId, companyId)));
  if (!row || ('isConsultant' in row && !canSeeDocument(row, caller.roles)))
    throw notFound('No such document');
  return row;
}

/** Registers the list (the spec names the call "list"; the bare path answers the same), the types and the download. */
function documentReadRoutes(app: App, db: Db, store: FileStore, owner: DocumentOwner) {
  const { table, base } = owner;
  for (const path of [base, `${base}/list`]) {
    for (const route of twinRoutes(path, { area: 'contracts' })) {
      app.get(
        route.url,
        {
          config: { access: route.access },
          schema: {
            params: CompanyScopeParams,
            ...(owner.listQuery ? { querystring: owner.listQuery } : {}),
          },
        },
        async (request) => {
          const rows = await db
            .select()
            .from(table)
            .where(
              and(eq(table.companyId, companyOf(request).id), owner.listFilter(request, callerOf(request))),
            )
            .orderBy(...owner.listOrder);
          return rows.map(publicDocument);
        },
      );
    }
  }

  for (const route of twinRoutes(`${base}/types`, { area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async () => [...DOCUMENT_TYPES],
    );
  }

  for (const route of twinRoutes(`${base}/:id/download`, { entity: owner.entity, area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request, reply) => {
        const document = await findDocument(
          owner,
          db,
          companyOf(request).id,
          request.params.id,
          callerOf(request),
        );
        return sendStoredFile(request, reply, store, document);
      },
    );
  }
}

/** Registers add, update and delete with their client forms. */
function documentWriteRoutes(app: App, db: Db, store: FileStore, owner: DocumentOwner) {
  const { table } = owner;
  syncedWriteRoute(
    app,
    owner.writes.add,
    { area: 'contracts', clientForm: { from: 'caller' } },
    { params: CompanyScopeParams, body: owner.addBody },
    async (request, reply) => {
      const addition = await owner.readAddition(db, request);
      const uploadedByName = await callerName(db, callerOf(request));
      const file = await storeUpload(store, owner.namespace, companyOf(request).id, addition.upload);
      const result = await withStoredFile(store, file, () =>
        runWrite(db, request, async ({ tx, version, companyId, userId }) => {
          const ownerColumns = await addition.ownerColumns(tx, companyId);
          const id = addition.id?.toLowerCase();
          if (id) {
            const [taken] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
            // 400, not 409: the sync worker reads 409 as a version conflict to resend.
            if (taken)
              throw badRequest('Some fields are not valid', { [addition.idField]: 'is already used' });
          }
          const [row] = await tx
            .insert(table)
            .values({
              ...(id ? { id } : {}),
              companyId,
              version,
              ...ownerColumns,
              ...file,
              documentType: addition.documentType,
              uploadedBy: userId,
              uploadedByName,
            })
            .returning();
          if (!row) throw new Error('insert returned no document');
          return { statusCode: 201, body: publicDocument(row) };
        }),
      );
      return sendWriteResult(reply, result);
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  const onDocument = {
    area: 'contracts',
    clientForm: { from: 'entity', entity: owner.entity, param: 'id' },
  } as const;

  syncedWriteRoute(
    app,
    owner.writes.update,
    onDocument,
    { params: EntityScopeParams, body: DocumentUpdateBody },
    async (request, reply) => {
      const caller = callerOf(request);
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const current = await findDocument(owner, tx, companyId, request.params.id, caller);
        assertVersion(current, expected);
        const [row] = await tx
          .update(table)
          .set({ ...updatedDocument(current, request.body), version, updatedAt: sql`now()` })
          .where(eq(table.id, current.id))
          .returning();
        if (!row) throw new Error('update returned no document');
        return { statusCode: 200, body: publicDocument(row) };
      });
    },
  );

  syncedWriteRoute(
    app,
    owner.writes.remove,
    onDocument,
    { params: EntityScopeParams },
    async (request, reply) => {
      const caller = callerOf(request);
      const result = await withDroppedFiles(store, (dropped) =>
        runWrite(db, request, async ({ tx, version, expected, companyId }) => {
          const current = await findDocument(owner, tx, companyId, request.params.id, caller);
          assertVersion(current, expected);
          await tx.delete(table).where(eq(table.id, current.id));
          await writeTombstone(tx, companyId, owner.entity, current.id, version);
          dropped.push(current.storageKey);
          return { statusCode: 200, body: { id: current.id } };
        }),
      );
      return sendWriteResult(reply, result);
    },
  );
}

/** Registers every route of the company's documents and of the contracts' documents, each with its consultant twin. */
export async function documentRoutes(app: App, deps: AppDeps): Promise<void> {
  const store = createFileStore(deps.config.filesDir);
  for (const owner of [COMPANY_DOCUMENTS, CONTRACT_DOCUMENTS]) {
    documentReadRoutes(app, deps.db, store, owner);
    documentWriteRoutes(app, deps.db, store, owner);
  }
}

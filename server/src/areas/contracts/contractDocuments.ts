// Documents associated with a contract (spec 001 §7 `/contracts/associated_documents`: list, types, add, {id}/update,
// {id}/delete, {id}/download), each with its consultant twin. They use the shared file module like company
// documents (docs/architecture.md §15): the spec's `fileName` + `fileValue` body, content checks, the disk store,
// attachment downloads; writes are synced writes (idempotent by key, If-Match), so the outbox replays them offline.
import { and, asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { contractDocuments } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { UuidString } from '../../http/commonSchemas';
import { sendWriteResult } from '../../http/writeReply';
import { sendStoredFile } from '../../files/download';
import { storeUpload, withDroppedFiles, withStoredFile } from '../../files/storedWrite';
import { createFileStore } from '../../files/store';
import { UPLOAD_BODY_LIMIT, readJsonUpload } from '../../files/upload';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, runWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';
import { DOCUMENT_TYPES } from '../../../../src/domain/documents';
import {
  DocumentType,
  DocumentUpdateBody,
  callerName,
  checkedDocumentType,
  failIfAny,
  updatedDocument,
} from './companyDocumentRows';
import { findContract } from './contractRows';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';

const BASE = '/contracts/associated_documents';

/** A stored contract document. */
type ContractDocument = typeof contractDocuments.$inferSelect;

/** The row as answered and synced: every column but the storage key, which never leaves the server. */
export function publicContractDocument(row: ContractDocument): Omit<ContractDocument, 'storageKey'> {
  const { storageKey: _key, ...rest } = row;
  return rest;
}

async function findContractDocument(db: Db | Tx, companyId: number, id: string): Promise<ContractDocument> {
  const [row] = await db
    .select()
    .from(contractDocuments)
    .where(and(eq(contractDocuments.id, id.toLowerCase()), eq(contractDocuments.companyId, companyId)));
  if (!row) throw notFound('No such document');
  return row;
}

const ListQuery = Type.Object({ contractId: Type.Optional(UuidString) }, { additionalProperties: false });

const AddBody = Type.Object(
  {
    id: Type.Optional(UuidString),
    contractId: UuidString,
    fileName: Type.String({ minLength: 1, maxLength: 1000 }),
    // No maxLength: the route's body limit bounds it, and the size check answers 413 with the field.
    fileValue: Type.String({ minLength: 1 }),
    documentType: Type.Optional(DocumentType),
  },
  { additionalProperties: false },
);

/** Registers the associated document routes with their twins. */
export async function contractDocumentRoutes(app: App, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const store = createFileStore(deps.config.filesDir);

  for (const path of [BASE, `${BASE}/list`]) {
    for (const route of twinRoutes(path, { area: 'contracts' })) {
      app.get(
        route.url,
        { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ListQuery } },
        async (request) => {
          const { contractId } = request.query;
          const rows = await db
            .select()
            .from(contractDocuments)
            .where(
              and(
                eq(contractDocuments.companyId, companyOf(request).id),
                contractId ? eq(contractDocuments.contractId, contractId.toLowerCase()) : undefined,
              ),
            )
            .orderBy(asc(contractDocuments.createdAt), asc(contractDocuments.fileName));
          return rows.map(publicContractDocument);
        },
      );
    }
  }

  for (const route of twinRoutes(`${BASE}/types`, { area: 'contracts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams } },
      async () => [...DOCUMENT_TYPES],
    );
  }

  for (const route of twinRoutes(`${BASE}/:id/download`, {
    entity: 'contractDocuments',
    area: 'contracts',
  })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request, reply) => {
        const document = await findContractDocument(db, companyOf(request).id, request.params.id);
        return sendStoredFile(request, reply, store, document);
      },
    );
  }

  syncedWriteRoute(
    app,
    'addContractDocument',
    { area: 'contracts', clientForm: { from: 'caller' } },
    { params: CompanyScopeParams, body: AddBody },
    async (request, reply) => {
      const company = companyOf(request);
      const caller = callerOf(request);
      const input = request.body;
      const fields: FieldErrors = {};
      const documentType = checkedDocumentType(input.documentType, 'body.documentType', fields);
      failIfAny(fields);
      // The contract is checked before the file is stored: a foreign or missing contract answers 404.
      await findContract(db, company.id, input.contractId);
      const upload = await readJsonUpload(input);
      const uploadedByName = await callerName(db, caller);
      const file = await storeUpload(store, 'contract-documents', company.id, upload);
      const result = await withStoredFile(store, file, () =>
        runWrite(db, request, async ({ tx, version, companyId, userId }) => {
          const contract = await findContract(tx, companyId, input.contractId);
          const id = input.id?.toLowerCase();
          if (id) {
            const [taken] = await tx
              .select({ id: contractDocuments.id })
              .from(contractDocuments)
              .where(eq(contractDocuments.id, id));
            // 400, not 409: the sync worker reads 409 as a version conflict to resend.
            if (taken) throw badRequest('Some fields are not valid', { 'body.id': 'is already used' });
          }
          const [row] = await tx
            .insert(contractDocuments)
            .values({
              ...(id ? { id } : {}),
              companyId,
              version,
              contractId: contract.id,
              ...file,
              documentType,
              uploadedBy: userId,
              uploadedByName,
            })
            .returning();
          if (!row) throw new Error('insert returned no document');
          return { statusCode: 201, body: publicContractDocument(row) };
        }),
      );
      return sendWriteResult(reply, result);
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  const onDocument = {
    area: 'contracts',
    clientForm: { from: 'entity', entity: 'contractDocuments', param: 'id' },
  } as const;

  syncedWriteRoute(
    app,
    'updateContractDocument',
    onDocument,
    { params: EntityScopeParams, body: DocumentUpdateBody },
    async (request, reply) =>
      applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const current = await findContractDocument(tx, companyId, request.params.id);
        assertVersion(current, expected);
        const [row] = await tx
          .update(contractDocuments)
          .set({ ...updatedDocument(current, request.body), version, updatedAt: sql`now()` })
          .where(eq(contractDocuments.id, current.id))
          .returning();
        if (!row) throw new Error('update returned no document');
        return { statusCode: 200, body: publicContractDocument(row) };
      }),
  );

  syncedWriteRoute(
    app,
    'deleteContractDocument',
    onDocument,
    { params: EntityScopeParams },
    async (request, reply) => {
      const result = await withDroppedFiles(store, (dropped) =>
        runWrite(db, request, async ({ tx, version, expected, companyId }) => {
          const current = await findContractDocument(tx, companyId, request.params.id);
          assertVersion(current, expected);
          await tx.delete(contractDocuments).where(eq(contractDocuments.id, current.id));
          await writeTombstone(tx, companyId, 'contractDocuments', current.id, version);
          dropped.push(current.storageKey);
          return { statusCode: 200, body: { id: current.id } };
        }),
      );
      return sendWriteResult(reply, result);
    },
  );
}

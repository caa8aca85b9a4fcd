// Company document writes (spec 001 §7): add (the spec's `fileName` + `fileValue` JSON body, or a multipart form),
// `{id}/update` (rename, change type) and `{id}/delete`, each a synced write (idempotent by key, versioned, If-Match)
// so the device's outbox can replay them, and each with its consultant twin. The file reaches the disk before the
// row names it and leaves it after the row is gone (files/storedWrite.ts).
import { eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import type { App } from '../http/types';
import { callerOf, companyOf } from '../auth/access';
import type { Db } from '../db/client';
import { companyDocuments } from '../db/schema';
import { badRequest } from '../errors';
import type { FieldErrors } from '../errors';
import { UuidString } from '../http/commonSchemas';
import { sendWriteResult } from '../http/writeReply';
import { storeUpload, withDroppedFiles, withStoredFile } from '../files/storedWrite';
import type { FileStore } from '../files/store';
import { UPLOAD_BODY_LIMIT, readJsonUpload, readMultipartUpload } from '../files/upload';
import type { Upload } from '../files/upload';
import { assertVersion, ifMatchOf, runSyncedWrite, writeContextOf } from '../sync/syncedWrite';
import { writeTombstone } from '../sync/versioning';
import { renamedFile } from '../../../src/domain/files';
import {
  callerName,
  checkConsultantOnly,
  checkedDocumentType,
  documentInputOfForm,
  findDocument,
  publicDocument,
} from './companyDocumentRows';
import type { DocumentInput } from './companyDocumentRows';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from './twinRoutes';

const BASE = '/contracts/company_documents';

const DocumentType = Type.Union([Type.String({ maxLength: 100 }), Type.Null()]);

const AddBody = Type.Object(
  {
    // A document added offline carries the id the device gave it (docs/architecture.md §6).
    id: Type.Optional(UuidString),
    fileName: Type.String({ minLength: 1, maxLength: 1000 }),
    // No maxLength: the route's body limit bounds it, and the size check answers 413 with the field.
    fileValue: Type.String({ minLength: 1 }),
    documentType: Type.Optional(DocumentType),
    isConsultant: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const UpdateBody = Type.Object(
  {
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    documentType: Type.Optional(DocumentType),
  },
  { additionalProperties: false, minProperties: 1 },
);

function failIfAny(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', fields);
}

/** Registers add, update and delete with their twins. */
export async function companyDocumentWriteRoutes(app: App, { db, store }: { db: Db; store: FileStore }) {
  for (const route of twinRoutes(`${BASE}/add`, { area: 'contracts' })) {
    app.post(
      route.url,
      {
        config: { access: route.access },
        bodyLimit: UPLOAD_BODY_LIMIT,
        // JSON bodies are checked here; a multipart form is read and checked by the handler (files/upload.ts).
        schema: {
          params: CompanyScopeParams,
          body: { content: { 'application/json': { schema: AddBody } } },
        },
      },
      async (request, reply) => {
        const company = companyOf(request);
        const caller = callerOf(request);
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
          if (!Value.Check(AddBody, body)) throw badRequest('The body is not a document upload');
          upload = await readJsonUpload(body);
          input = body;
          prefix = 'body.';
        }
        const documentType = checkedDocumentType(input.documentType, `${prefix}documentType`, fields);
        const isConsultant = input.isConsultant ?? false;
        checkConsultantOnly(isConsultant, caller, `${prefix}isConsultant`, fields);
        failIfAny(fields);
        const uploadedByName = await callerName(db, caller);
        const context = writeContextOf(request, company.id, caller.userId);
        const file = await storeUpload(store, 'company-documents', company.id, upload);
        const result = await withStoredFile(store, file, () =>
          runSyncedWrite(db, context, async (tx, version) => {
            if (input.id) {
              const [taken] = await tx
                .select({ id: companyDocuments.id })
                .from(companyDocuments)
                .where(eq(companyDocuments.id, input.id.toLowerCase()));
              // 400, not 409: the sync worker reads 409 as a version conflict to resend.
              if (taken)
                throw badRequest('Some fields are not valid', { [`${prefix}id`]: 'is already used' });
            }
            const [row] = await tx
              .insert(companyDocuments)
              .values({
                ...(input.id ? { id: input.id.toLowerCase() } : {}),
                companyId: company.id,
                version,
                isConsultant,
                ...file,
                documentType,
                uploadedBy: caller.userId,
                uploadedByName,
              })
              .returning();
            if (!row) throw new Error('insert returned no document');
            return { statusCode: 201, body: publicDocument(row) };
          }),
        );
        return sendWriteResult(reply, result);
      },
    );
  }

  for (const route of twinRoutes(`${BASE}/:id/update`, { entity: 'companyDocuments', area: 'contracts' })) {
    app.put(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams, body: UpdateBody } },
      async (request, reply) => {
        const company = companyOf(request);
        const caller = callerOf(request);
        const body: Static<typeof UpdateBody> = request.body;
        const expected = ifMatchOf(request);
        const context = writeContextOf(request, company.id, caller.userId);
        const result = await runSyncedWrite(db, context, async (tx, version) => {
          const current = await findDocument(tx, company.id, request.params.id, caller);
          assertVersion(current, expected);
          const fields: FieldErrors = {};
          let fileName = current.fileName;
          if (body.fileName !== undefined) {
            const renamed = renamedFile(current.fileName, body.fileName);
            if (renamed.ok) fileName = renamed.name;
            else fields['body.fileName'] = renamed.problem;
          }
          const documentType =
            body.documentType === undefined
              ? current.documentType
              : checkedDocumentType(body.documentType, 'body.documentType', fields);
          failIfAny(fields);
          const [row] = await tx
            .update(companyDocuments)
            .set({ fileName, documentType, version, updatedAt: sql`now()` })
            .where(eq(companyDocuments.id, current.id))
            .returning();
          if (!row) throw new Error('update returned no document');
          return { statusCode: 200, body: publicDocument(row) };
        });
        return sendWriteResult(reply, result);
      },
    );
  }

  for (const route of twinRoutes(`${BASE}/:id/delete`, { entity: 'companyDocuments', area: 'contracts' })) {
    app.delete(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request, reply) => {
        const company = companyOf(request);
        const caller = callerOf(request);
        const expected = ifMatchOf(request);
        const context = writeContextOf(request, company.id, caller.userId);
        const result = await withDroppedFiles(store, (dropped) =>
          runSyncedWrite(db, context, async (tx, version) => {
            const current = await findDocument(tx, company.id, request.params.id, caller);
            assertVersion(current, expected);
            await tx.delete(companyDocuments).where(eq(companyDocuments.id, current.id));
            await writeTombstone(tx, company.id, 'companyDocuments', current.id, version);
            dropped.push(current.storageKey);
            return { statusCode: 200, body: { id: current.id } };
          }),
        );
        return sendWriteResult(reply, result);
      },
    );
  }
}

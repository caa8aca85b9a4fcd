// Company document writes (spec 001 §7): add (the spec's `fileName` + `fileValue` JSON body, or a multipart form),
// `{id}/update` (rename, change type) and `{id}/delete`, each a synced write (idempotent by key, versioned, If-Match)
// so the device's outbox can replay them, and each with its client form (without `/companies/:companyId`). The file
// reaches the disk before the row names it and leaves it after the row is gone (files/storedWrite.ts).
import { eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { App } from '../../http/types';
import { callerOf, companyOf } from '../../auth/access';
import type { Db } from '../../db/client';
import { companyDocuments } from '../../db/schema';
import { badRequest } from '../../errors';
import type { FieldErrors } from '../../errors';
import { UuidString } from '../../http/commonSchemas';
import { sendWriteResult } from '../../http/writeReply';
import { storeUpload, withDroppedFiles, withStoredFile } from '../../files/storedWrite';
import type { FileStore } from '../../files/store';
import { UPLOAD_BODY_LIMIT, readJsonUpload, readMultipartUpload } from '../../files/upload';
import type { Upload } from '../../files/upload';
import { assertVersion } from '../../sync/syncedWrite';
import { applyWrite, runWrite, syncedWriteRoute } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';
import {
  DocumentType,
  DocumentUpdateBody,
  callerName,
  checkConsultantOnly,
  checkedDocumentType,
  documentInputOfForm,
  failIfAny,
  findDocument,
  publicDocument,
  updatedDocument,
} from './companyDocumentRows';
import type { DocumentInput } from './companyDocumentRows';
import { CompanyScopeParams, EntityScopeParams } from '../../http/twinRoutes';

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

/** Registers add, update and delete with their client forms. */
export async function companyDocumentWriteRoutes(app: App, { db, store }: { db: Db; store: FileStore }) {
  syncedWriteRoute(
    app,
    'addCompanyDocument',
    { area: 'contracts', clientForm: { from: 'caller' } },
    // JSON bodies are checked here; a multipart form is read and checked by the handler (files/upload.ts).
    { params: CompanyScopeParams, body: { content: { 'application/json': { schema: AddBody } } } },
    async (request, reply) => {
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
      const file = await storeUpload(store, 'company-documents', companyOf(request).id, upload);
      const result = await withStoredFile(store, file, () =>
        runWrite(db, request, async ({ tx, version, companyId, userId }) => {
          if (input.id) {
            const [taken] = await tx
              .select({ id: companyDocuments.id })
              .from(companyDocuments)
              .where(eq(companyDocuments.id, input.id.toLowerCase()));
            // 400, not 409: the sync worker reads 409 as a version conflict to resend.
            if (taken) throw badRequest('Some fields are not valid', { [`${prefix}id`]: 'is already used' });
          }
          const [row] = await tx
            .insert(companyDocuments)
            .values({
              ...(input.id ? { id: input.id.toLowerCase() } : {}),
              companyId,
              version,
              isConsultant,
              ...file,
              documentType,
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
    clientForm: { from: 'entity', entity: 'companyDocuments', param: 'id' },
  } as const;

  syncedWriteRoute(
    app,
    'updateCompanyDocument',
    onDocument,
    { params: EntityScopeParams, body: DocumentUpdateBody },
    async (request, reply) => {
      const caller = callerOf(request);
      return applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
        const current = await findDocument(tx, companyId, request.params.id, caller);
        assertVersion(current, expected);
        const [row] = await tx
          .update(companyDocuments)
          .set({ ...updatedDocument(current, request.body), version, updatedAt: sql`now()` })
          .where(eq(companyDocuments.id, current.id))
          .returning();
        if (!row) throw new Error('update returned no document');
        return { statusCode: 200, body: publicDocument(row) };
      });
    },
  );

  syncedWriteRoute(
    app,
    'deleteCompanyDocument',
    onDocument,
    { params: EntityScopeParams },
    async (request, reply) => {
      const caller = callerOf(request);
      const result = await withDroppedFiles(store, (dropped) =>
        runWrite(db, request, async ({ tx, version, expected, companyId }) => {
          const current = await findDocument(tx, companyId, request.params.id, caller);
          assertVersion(current, expected);
          await tx.delete(companyDocuments).where(eq(companyDocuments.id, current.id));
          await writeTombstone(tx, companyId, 'companyDocuments', current.id, version);
          dropped.push(current.storageKey);
          return { statusCode: 200, body: { id: current.id } };
        }),
      );
      return sendWriteResult(reply, result);
    },
  );
}

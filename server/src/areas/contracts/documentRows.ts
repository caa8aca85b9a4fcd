// The checks of a document's own fields, for the company's and the contracts' documents (documents.ts): a multipart
// form's fields, the document type, the consultant-only rule (spec 001 §6), the update's body and rules, and the
// uploader's name as documents show it.
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { Caller } from '../../auth/access';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../errors';
import type { FieldErrors } from '../../errors';
import { consultantOnlyProblem, isDocumentType } from '../../../../src/domain/documents';
import { renamedFile } from '../../../../src/domain/files';

/** The fields of a new document besides its file, as JSON members or form fields. */
export interface DocumentInput {
  id?: string;
  documentType?: string | null;
  isConsultant?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A multipart form's text fields read as a document's fields; wrong shapes become field errors. */
export function documentInputOfForm(
  fields: Readonly<Record<string, string>>,
  errors: FieldErrors,
): DocumentInput {
  const input: DocumentInput = {};
  if (fields.id !== undefined) {
    if (UUID.test(fields.id)) input.id = fields.id;
    else errors.id = 'must be a UUID';
  }
  if (fields.documentType !== undefined) input.documentType = fields.documentType;
  if (fields.isConsultant !== undefined) {
    if (fields.isConsultant === 'true' || fields.isConsultant === 'false')
      input.isConsultant = fields.isConsultant === 'true';
    else errors.isConsultant = 'must be true or false';
  }
  return input;
}

/** The document type as stored (default 'Other'), with a field error when it is not one of the list. */
export function checkedDocumentType(
  value: string | null | undefined,
  field: string,
  errors: FieldErrors,
): string {
  const type = value?.trim() || 'Other';
  if (!isDocumentType(type)) errors[field] = 'is not one of the document types';
  return type;
}

/** Field error when a caller who is not a consultant asks for a consultant-only document. */
export function checkConsultantOnly(
  isConsultant: boolean,
  caller: Caller,
  field: string,
  errors: FieldErrors,
) {
  const problem = consultantOnlyProblem(isConsultant, caller.roles);
  if (problem) errors[field] = problem;
}

/** The caller's name as documents show it. */
export async function callerName(db: Db, caller: Caller): Promise<string | null> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, caller.userId));
  return user ? `${user.firstName} ${user.lastName}` : null;
}

/** A document's type in a request body: one of the list (checked by `checkedDocumentType`), or null for 'Other'. */
export const DocumentType = Type.Union([Type.String({ maxLength: 100 }), Type.Null()]);

/** The body of a document's `{id}/update`, company or contract: a new name, a new type, or both. */
export const DocumentUpdateBody = Type.Object(
  {
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    documentType: Type.Optional(DocumentType),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** 400 with the field errors, when there are any. */
export function failIfAny(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', fields);
}

/** The name and type an update leaves a document with (the name keeps its extension); 400 with the wrong fields. */
export function updatedDocument(
  current: { fileName: string; documentType: string | null },
  body: Static<typeof DocumentUpdateBody>,
): { fileName: string; documentType: string | null } {
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
  return { fileName, documentType };
}

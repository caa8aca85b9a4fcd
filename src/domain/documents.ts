// Company documents (spec 001 §3 Document, §6, §7): who sees them and what may be written. A document a consultant
// keeps for the consultancy (`isConsultant`) is for consultants only; the server enforces it on every route and in
// the change feed, and the client reads the same rule (docs/architecture.md §14 Documents).
import { renamedFile } from './files';

/** The kinds of document a company keeps; the list answered by `GET /contracts/company_documents/types`. */
export const DOCUMENT_TYPES = [
  'Contract',
  'Amendment',
  'Invoice',
  'Letter of Authorization',
  'Tax Exemption Certificate',
  'Report',
  'Strategy',
  'Reference',
  'Other',
] as const;

/** One of the document types. */
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Whether a text is one of the document types. */
export function isDocumentType(text: string): text is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(text);
}

/** Whether a user with these roles may see a document: consultants see all, everyone else only shared ones. */
export function canSeeDocument(
  document: { isConsultant: boolean },
  roles: { isConsultant: boolean },
): boolean {
  return roles.isConsultant || !document.isConsultant;
}

/** Why a document may not be marked consultant-only by this user, or null when it may. */
export function consultantOnlyProblem(
  isConsultantOnly: boolean,
  roles: { isConsultant: boolean },
): string | null {
  return isConsultantOnly && !roles.isConsultant ? 'can be set by consultants only' : null;
}

/** A document's rename and type change as checked: the fields to write, or the field at fault and why. */
export type CheckedDocumentChanges =
  | { ok: true; fields: { fileName?: string; documentType?: DocumentType } }
  | { ok: false; field: 'fileName' | 'documentType'; problem: string };

/**
 * Checks an edit of a company or contract document as the server does: a new name keeps the stored file's extension
 * (renaming never changes what a file is), and the type is one of the list.
 */
export function checkDocumentChanges(
  currentFileName: string,
  changes: { fileName?: string; documentType?: string },
): CheckedDocumentChanges {
  const fields: { fileName?: string; documentType?: DocumentType } = {};
  if (changes.fileName !== undefined) {
    const renamed = renamedFile(currentFileName, changes.fileName);
    if (!renamed.ok) return { ok: false, field: 'fileName', problem: renamed.problem };
    fields.fileName = renamed.name;
  }
  if (changes.documentType !== undefined) {
    if (!isDocumentType(changes.documentType))
      return { ok: false, field: 'documentType', problem: 'is not one of the document types' };
    fields.documentType = changes.documentType;
  }
  return { ok: true, fields };
}

/** The Sync panel's words for a document edit: 'Rename a.pdf to b.pdf, type Invoice'. */
export function documentChangeLabel(
  currentFileName: string,
  fields: { fileName?: string; documentType?: string },
): string {
  return [
    fields.fileName ? `Rename ${currentFileName} to ${fields.fileName}` : `Document ${currentFileName}`,
    fields.documentType ? `type ${fields.documentType}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

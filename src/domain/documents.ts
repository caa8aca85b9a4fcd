// Company documents (spec 001 §3 Document, §6, §7): who sees them and what may be written. A document a consultant
// keeps for the consultancy (`isConsultant`) is for consultants only; the server enforces it on every route and in
// the change feed, and the client reads the same rule (docs/architecture.md §14 Documents).

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

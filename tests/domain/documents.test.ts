import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  canSeeDocument,
  checkDocumentChanges,
  consultantOnlyProblem,
  documentChangeLabel,
  isDocumentType,
} from '../../src/domain/documents';

const consultant = { isConsultant: true };
const client = { isConsultant: false };

describe('company documents', () => {
  it('shows consultant-only documents to consultants only', () => {
    expect(canSeeDocument({ isConsultant: true }, consultant)).toBe(true);
    expect(canSeeDocument({ isConsultant: true }, client)).toBe(false);
    expect(canSeeDocument({ isConsultant: false }, client)).toBe(true);
    expect(canSeeDocument({ isConsultant: false }, consultant)).toBe(true);
  });

  it('lets only consultants mark a document consultant-only', () => {
    expect(consultantOnlyProblem(true, client)).toBe('can be set by consultants only');
    expect(consultantOnlyProblem(true, consultant)).toBeNull();
    expect(consultantOnlyProblem(false, client)).toBeNull();
  });

  it('knows its types', () => {
    expect(DOCUMENT_TYPES).toContain('Other');
    expect(isDocumentType('Letter of Authorization')).toBe(true);
    expect(isDocumentType('letter of authorization')).toBe(false);
  });
});

describe('document edits', () => {
  it('keep the stored extension on a rename and accept only the listed types', () => {
    expect(checkDocumentChanges('Draft.pdf', { fileName: 'Final', documentType: 'Invoice' })).toEqual({
      ok: true,
      fields: { fileName: 'Final.pdf', documentType: 'Invoice' },
    });
    expect(checkDocumentChanges('Draft.pdf', {})).toEqual({ ok: true, fields: {} });
    expect(checkDocumentChanges('Draft.pdf', { documentType: 'Memo' })).toEqual({
      ok: false,
      field: 'documentType',
      problem: 'is not one of the document types',
    });
    expect(checkDocumentChanges('Draft.pdf', { fileName: '  ' })).toMatchObject({
      ok: false,
      field: 'fileName',
    });
  });

  it('are named for the Sync panel', () => {
    expect(documentChangeLabel('a.pdf', { fileName: 'b.pdf', documentType: 'Report' })).toBe(
      'Rename a.pdf to b.pdf, type Report',
    );
    expect(documentChangeLabel('a.pdf', { documentType: 'Report' })).toBe('Document a.pdf, type Report');
  });
});

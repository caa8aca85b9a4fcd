import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  canSeeDocument,
  consultantOnlyProblem,
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

import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useOnline } from '../../platform/useOnline';
import type { CheckedFile } from '../../domain/files';
import { rolesAtom } from '../../session/atoms';
import { UploadDocumentDialog } from './documents/DocumentDialogs';
import type { SaveProblem, UploadChoice } from './documents/DocumentDialogs';
import { DocumentsPanel, useQueueUpload } from './documents/DocumentsPanel';
import { useCompanyDocuments } from './useCompanyDocuments';
import './contracts.css';

/**
 * The company's documents (spec 001 §7 Contracts and documents): a picked file opens 'Upload document' for its
 * name, type and (for consultants) consultants-only before it is queued; who uploaded each document shows.
 */
export function CompanyDocuments({ companyId }: { companyId: number }) {
  const roles = useAtomValue(rolesAtom);
  const isOnline = useOnline();
  const items = useCompanyDocuments(companyId);
  const queueUpload = useQueueUpload();
  const [picked, setPicked] = useState<{ file: CheckedFile; blob: Blob } | null>(null);
  const [isUploadOpen, setUploadOpen] = useState(false);

  const upload = async (choice: UploadChoice): Promise<SaveProblem> => {
    if (!picked) throw new Error('You are signed out.');
    const owner = { entity: 'companyDocuments', companyId, isConsultant: choice.isConsultant } as const;
    const file = { ...picked.file, fileName: choice.fileName };
    const result = await queueUpload(owner, { file, blob: picked.blob }, choice.documentType);
    return result.ok ? null : { field: result.field, problem: result.problem };
  };

  return (
    <DocumentsPanel
      entity="companyDocuments"
      companyId={companyId}
      items={items}
      titleId="company-documents-title"
      title={<>Company documents {items ? <span className="badge">{items.length}</span> : null}</>}
      uploadLabel="Upload a document"
      onPicked={async (next) => {
        setPicked(next);
        setUploadOpen(true);
        return null;
      }}
      caption="Company documents"
      loadingText="Loading documents…"
      emptyText="No documents yet: contracts, letters and reports the company keeps appear here."
      hasUploader
    >
      <UploadDocumentDialog
        isOpen={isUploadOpen}
        onClose={() => setUploadOpen(false)}
        file={picked?.file ?? null}
        canKeepForConsultants={roles?.isConsultant ?? false}
        isOnline={isOnline}
        onSave={upload}
      />
    </DocumentsPanel>
  );
}

import { useState } from 'react';
import { FileText } from 'lucide-react';
import type { ContractDocumentItem } from '../../db/queries/contracts';
import type { ContractRow } from '../../db/rows';
import { DOCUMENT_TYPES } from '../../domain/documents';
import { DocumentsPanel, useQueueUpload } from './documents/DocumentsPanel';
import './contracts.css';

/**
 * The documents associated with a contract (spec 001 §3, §7 associated documents): a picked file is queued at once
 * with the type chosen beside the panel's title.
 */
export function ContractDocuments({
  contract,
  items,
}: {
  contract: ContractRow;
  items: readonly ContractDocumentItem[];
}) {
  const queueUpload = useQueueUpload();
  const [documentType, setDocumentType] = useState<string>('Contract');
  return (
    <DocumentsPanel
      entity="contractDocuments"
      companyId={contract.companyId}
      items={items}
      titleId="contract-documents-title"
      title={
        <>
          <FileText size={18} aria-hidden="true" /> Documents ({items.length})
        </>
      }
      headExtra={
        <label className="contracts-document-type">
          <span className="muted">Type of the next upload</span>
          <select
            className="select select--sm"
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value)}
          >
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
      }
      uploadLabel="Upload a contract document"
      onPicked={async (picked) => {
        const owner = { entity: 'contractDocuments', contractId: contract.id } as const;
        const result = await queueUpload(owner, picked, documentType);
        return result.ok ? null : `${picked.blob.name}: ${result.problem}`;
      }}
      caption="Contract documents"
      emptyText="No documents are attached to this contract."
      hasUploader={false}
    />
  );
}

import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Download, FileText, Pencil, Trash2 } from 'lucide-react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import {
  addContractDocument,
  deleteContractDocument,
  updateContractDocument,
} from '../../db/mutations/contractDocuments';
import { queuedFile } from '../../db/outboxFiles';
import { contractDocumentFileKey } from '../../db/queries/contracts';
import type { ContractDocumentItem } from '../../db/queries/contracts';
import type { ContractDocumentRow, ContractRow } from '../../db/rows';
import { DOCUMENT_TYPES } from '../../domain/documents';
import { ALLOWED_TYPES_TEXT, FILE_INPUT_ACCEPT, MAX_FILE_BYTES, fileSizeText } from '../../domain/files';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { checkPickedFile } from '../../files/checkPickedFile';
import { useFileDownload } from '../../ui/useFileDownload';
import { sessionAtom } from '../../session/atoms';
import { FileDropZone } from '../../ui/FileDropZone';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { useToasts } from '../../ui/useToasts';
import { DOCUMENT_OFFLINE_MESSAGE } from './CompanyDocuments';
import { DeleteDocumentDialog, EditDocumentDialog } from './CompanyDocumentDialogs';
import type { SaveProblem } from './CompanyDocumentDialogs';
import '../../ui/table.css';
import './contracts.css';

const HINT = `${ALLOWED_TYPES_TEXT}, up to ${fileSizeText(MAX_FILE_BYTES)}. Uploads made offline are sent when you are back online.`;

/**
 * The documents associated with a contract (spec 001 §3, §7 associated documents), from the device: upload of the
 * chosen type (checked here with the server's rules, then queued with its file, offline too), download through the
 * kept-files store (a document opened once opens offline), rename and type, delete after a confirmation.
 */
export function ContractDocuments({
  contract,
  items,
}: {
  contract: ContractRow;
  items: readonly ContractDocumentItem[];
}) {
  const db = useUserDb();
  const session = useAtomValue(sessionAtom);
  const { toast } = useToasts();
  const { download, busyKey } = useFileDownload(DOCUMENT_OFFLINE_MESSAGE);
  const [documentType, setDocumentType] = useState<string>('Contract');
  const [isChecking, setChecking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const isOnline = useOnline();
  const [editing, setEditing] = useState<ContractDocumentRow | null>(null);
  const [deleting, setDeleting] = useState<ContractDocumentRow | null>(null);

  const save = async (changes: { fileName: string; documentType: string }): Promise<SaveProblem> => {
    if (!db || !editing) throw new Error('You are signed out.');
    const result = await updateContractDocument(db, editing.id, changes);
    return result.ok ? null : { field: result.field, problem: result.problem };
  };
  const remove = async (document: ContractDocumentRow) => {
    if (!db) return;
    await deleteContractDocument(db, document.id);
    toast('Document deleted', `${document.fileName} was deleted.`, { kind: 'success' });
  };

  const onFiles = async ([file]: File[]) => {
    if (!file || !db || !session) return;
    setPickError(null);
    setChecking(true);
    try {
      const check = await checkPickedFile(file);
      if (!check.ok) {
        setPickError(`${file.name} ${check.problem.message}.`);
        return;
      }
      const result = await addContractDocument(db, {
        contractId: contract.id,
        file: check.file,
        blob: file,
        documentType,
        uploader: { id: session.userId, name: null },
      });
      if (!result.ok) setPickError(`${file.name}: ${result.problem}`);
      else
        toast(
          'Document queued',
          navigator.onLine
            ? `${check.file.fileName} is being uploaded.`
            : `${check.file.fileName} is kept on this device and uploaded when you are back online.`,
          { kind: 'success' },
        );
    } finally {
      setChecking(false);
    }
  };

  const downloadItem = ({ document, queuedFileId }: ContractDocumentItem) =>
    void download({
      key: contractDocumentFileKey(document.id),
      path: `/companies/${contract.companyId}/contracts/associated_documents/${document.id}/download`,
      name: document.fileName,
      companyId: contract.companyId,
      queued: db && queuedFileId ? async () => (await queuedFile(db, queuedFileId))?.blob ?? null : undefined,
    });

  return (
    <section className="panel" aria-labelledby="contract-documents-title">
      <div className="panel__head">
        <h2 id="contract-documents-title" className="panel__title">
          <FileText size={18} aria-hidden="true" /> Documents ({items.length})
        </h2>
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
      </div>
      <FileDropZone
        onFiles={(files) => void onFiles(files)}
        accept={FILE_INPUT_ACCEPT}
        buttonLabel="Upload a contract document"
        hint={HINT}
        error={pickError}
        isBusy={isChecking}
      />
      {items.length === 0 ? (
        <p className="muted">No documents are attached to this contract.</p>
      ) : (
        <div className="data-table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Contract documents</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Size</th>
                <th scope="col">Uploaded</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const { document } = item;
                const isBusy = busyKey === contractDocumentFileKey(document.id);
                return (
                  <tr key={document.id}>
                    <th scope="row">
                      <span className="contracts-document">
                        <span className="contracts-document__name">
                          <FileText aria-hidden="true" size={16} className="contracts-document__icon" />
                          {document.fileName}
                        </span>
                        {item.isKept ? <span className="badge badge--success">On this device</span> : null}
                        <QueuedBadge status={item.queued} />
                      </span>
                    </th>
                    <td>{document.documentType ?? EMPTY_CELL_TEXT}</td>
                    <td>{fileSizeText(document.size)}</td>
                    <td>{formatDay(document.createdAt) ?? EMPTY_CELL_TEXT}</td>
                    <td className="data-table__actions">
                      <button
                        type="button"
                        className="btn btn--ghost btn--icon"
                        aria-label={`Download ${document.fileName}`}
                        title="Download"
                        disabled={isBusy}
                        aria-busy={isBusy || undefined}
                        onClick={() => downloadItem(item)}
                      >
                        <Download aria-hidden="true" size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--icon"
                        aria-label={`Edit ${document.fileName}`}
                        title="Edit"
                        onClick={() => setEditing(document)}
                      >
                        <Pencil aria-hidden="true" size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--icon"
                        aria-label={`Delete ${document.fileName}`}
                        title="Delete"
                        onClick={() => setDeleting(document)}
                      >
                        <Trash2 aria-hidden="true" size={16} />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <EditDocumentDialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        document={editing}
        isOnline={isOnline}
        onSave={save}
      />
      <DeleteDocumentDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        document={deleting}
        onDelete={remove}
      />
    </section>
  );
}

import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Download, FileText, Pencil, Trash2 } from 'lucide-react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import {
  addCompanyDocument,
  deleteCompanyDocument,
  updateCompanyDocument,
} from '../../db/mutations/companyDocuments';
import { queuedFile } from '../../db/outboxFiles';
import { documentFileKey } from '../../db/queries/companyDocuments';
import type { DocumentListItem } from '../../db/queries/companyDocuments';
import type { CompanyDocumentRow } from '../../db/rows';
import { ALLOWED_TYPES_TEXT, FILE_INPUT_ACCEPT, MAX_FILE_BYTES, fileSizeText } from '../../domain/files';
import type { CheckedFile } from '../../domain/files';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { checkPickedFile } from '../../files/checkPickedFile';
import { useFileDownload } from '../../ui/useFileDownload';
import { rolesAtom, sessionAtom } from '../../session/atoms';
import { FileDropZone } from '../../ui/FileDropZone';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { useToasts } from '../../ui/useToasts';
import { DeleteDocumentDialog, EditDocumentDialog, UploadDocumentDialog } from './CompanyDocumentDialogs';
import type { SaveProblem, UploadChoice } from './CompanyDocumentDialogs';
import { useCompanyDocuments } from './useCompanyDocuments';
import '../../ui/table.css';
import './contracts.css';

/** What a document that never opened on this device says offline. */
export const DOCUMENT_OFFLINE_MESSAGE =
  'This document needs a network connection: it has not been opened on this device yet. Documents you open once stay available offline.';

const HINT = `${ALLOWED_TYPES_TEXT}, up to ${fileSizeText(MAX_FILE_BYTES)}. Uploads made offline are sent when you are back online.`;

/** One document row: name with its marks, type, size, who uploaded it and when, and its actions. */
function DocumentRow({
  item,
  userId,
  isBusy,
  onDownload,
  onEdit,
  onDelete,
}: {
  item: DocumentListItem;
  userId: number | null;
  isBusy: boolean;
  onDownload: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { document, queued, isKept } = item;
  const uploader = document.uploadedByName ?? (document.uploadedBy === userId ? 'You' : EMPTY_CELL_TEXT);
  return (
    <tr>
      <th scope="row">
        <span className="contracts-document">
          <span className="contracts-document__name">
            <FileText aria-hidden="true" size={16} className="contracts-document__icon" />
            {document.fileName}
          </span>
          {document.isConsultant ? <span className="badge badge--warning">Consultants only</span> : null}
          {isKept ? <span className="badge badge--success">On this device</span> : null}
          <QueuedBadge status={queued} />
        </span>
      </th>
      <td>{document.documentType ?? EMPTY_CELL_TEXT}</td>
      <td>{fileSizeText(document.size)}</td>
      <td>{uploader}</td>
      <td>{formatDay(document.createdAt) ?? EMPTY_CELL_TEXT}</td>
      <td className="data-table__actions">
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={`Download ${document.fileName}`}
          title="Download"
          disabled={isBusy}
          aria-busy={isBusy || undefined}
          onClick={onDownload}
        >
          <Download aria-hidden="true" size={16} />
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={`Edit ${document.fileName}`}
          title="Edit"
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" size={16} />
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={`Delete ${document.fileName}`}
          title="Delete"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" size={16} />
        </button>
      </td>
    </tr>
  );
}

/**
 * The company's documents (spec 001 §7 Contracts and documents), from the device: upload (checked here with the
 * server's rules, then queued with its file, offline too), rename and type, delete, and download through the
 * kept-files store, so a document opened once opens offline (docs/architecture.md §14 Documents, §15).
 */
export function CompanyDocuments({ companyId }: { companyId: number }) {
  const db = useUserDb();
  const roles = useAtomValue(rolesAtom);
  const session = useAtomValue(sessionAtom);
  const isOnline = useOnline();
  const { toast } = useToasts();
  const items = useCompanyDocuments(companyId);
  const { download, busyKey } = useFileDownload(DOCUMENT_OFFLINE_MESSAGE);
  const [isChecking, setChecking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ file: CheckedFile; blob: Blob } | null>(null);
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [editing, setEditing] = useState<CompanyDocumentRow | null>(null);
  const [isEditOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<CompanyDocumentRow | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    setPickError(null);
    setChecking(true);
    try {
      const check = await checkPickedFile(file);
      if (!check.ok) {
        setPickError(`${file.name} ${check.problem.message}.`);
        return;
      }
      setPicked({ file: check.file, blob: file });
      setUploadOpen(true);
    } finally {
      setChecking(false);
    }
  };

  const upload = async (choice: UploadChoice): Promise<SaveProblem> => {
    if (!db || !picked || !session) throw new Error('You are signed out.');
    const result = await addCompanyDocument(db, {
      companyId,
      file: { ...picked.file, fileName: choice.fileName },
      blob: picked.blob,
      documentType: choice.documentType,
      isConsultant: choice.isConsultant,
      uploader: { id: session.userId, name: null },
    });
    if (!result.ok) return { field: result.field, problem: result.problem };
    toast(
      'Document queued',
      navigator.onLine
        ? `${choice.fileName} is being uploaded.`
        : `${choice.fileName} is kept on this device and uploaded when you are back online.`,
      { kind: 'success' },
    );
    return null;
  };

  const save = async (changes: { fileName: string; documentType: string }): Promise<SaveProblem> => {
    if (!db || !editing) throw new Error('You are signed out.');
    const result = await updateCompanyDocument(db, editing.id, changes);
    return result.ok ? null : { field: result.field, problem: result.problem };
  };

  const remove = async (document: CompanyDocumentRow) => {
    if (!db) return;
    await deleteCompanyDocument(db, document.id);
    toast('Document deleted', `${document.fileName} was deleted.`, { kind: 'success' });
  };

  const downloadItem = (item: DocumentListItem) => {
    const { document, queuedFileId } = item;
    void download({
      key: documentFileKey(document.id),
      path: `/companies/${companyId}/contracts/company_documents/${document.id}/download`,
      name: document.fileName,
      companyId,
      queued: db && queuedFileId ? async () => (await queuedFile(db, queuedFileId))?.blob ?? null : undefined,
    });
  };

  return (
    <section className="panel" aria-labelledby="company-documents-title">
      <div className="panel__head">
        <h2 id="company-documents-title" className="panel__title">
          Company documents {items ? <span className="badge">{items.length}</span> : null}
        </h2>
      </div>
      <FileDropZone
        onFiles={(files) => void onFiles(files)}
        accept={FILE_INPUT_ACCEPT}
        buttonLabel="Upload a document"
        hint={HINT}
        error={pickError}
        isBusy={isChecking}
      />
      {items === undefined ? (
        <p className="muted" aria-busy="true">
          Loading documents…
        </p>
      ) : items.length === 0 ? (
        <p className="muted">
          No documents yet: contracts, letters and reports the company keeps appear here.
        </p>
      ) : (
        <div className="data-table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Company documents</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Size</th>
                <th scope="col">Uploaded by</th>
                <th scope="col">Uploaded</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <DocumentRow
                  key={item.document.id}
                  item={item}
                  userId={session?.userId ?? null}
                  isBusy={busyKey === documentFileKey(item.document.id)}
                  onDownload={() => downloadItem(item)}
                  onEdit={() => {
                    setEditing(item.document);
                    setEditOpen(true);
                  }}
                  onDelete={() => {
                    setDeleting(item.document);
                    setDeleteOpen(true);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <UploadDocumentDialog
        isOpen={isUploadOpen}
        onClose={() => setUploadOpen(false)}
        file={picked?.file ?? null}
        canKeepForConsultants={roles?.isConsultant ?? false}
        isOnline={isOnline}
        onSave={upload}
      />
      <EditDocumentDialog
        isOpen={isEditOpen}
        onClose={() => setEditOpen(false)}
        document={editing}
        isOnline={isOnline}
        onSave={save}
      />
      <DeleteDocumentDialog
        isOpen={isDeleteOpen}
        onClose={() => setDeleteOpen(false)}
        document={deleting}
        onDelete={remove}
      />
    </section>
  );
}

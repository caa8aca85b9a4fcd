import { useState } from 'react';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Download, FileText, Pencil, Trash2 } from 'lucide-react';
import { useUserDb } from '../../../platform/database';
import { useOnline } from '../../../platform/useOnline';
import {
  addDocument,
  deleteDocument,
  keptDocumentKey,
  updateDocument,
} from '../../../db/mutations/documents';
import type { DocumentEntity, DocumentOwner, DocumentWriteResult } from '../../../db/mutations/documents';
import { queuedFile } from '../../../db/outboxFiles';
import type { CompanyDocumentRow, ContractDocumentRow } from '../../../db/rows';
import type { OutboxStatus } from '../../../domain/sync';
import { ALLOWED_TYPES_TEXT, FILE_INPUT_ACCEPT, MAX_FILE_BYTES, fileSizeText } from '../../../domain/files';
import type { CheckedFile } from '../../../domain/files';
import { EMPTY_CELL_TEXT, formatDay } from '../../../domain/format';
import { checkPickedFile } from '../../../files/checkPickedFile';
import { sessionAtom } from '../../../session/atoms';
import { ActionTable } from '../../../ui/ActionTable';
import type { TableColumn } from '../../../ui/ActionTable';
import { FileDropZone } from '../../../ui/FileDropZone';
import { IconButton } from '../../../ui/IconButton';
import { QueuedBadge } from '../../../ui/QueuedBadge';
import { useFileDownload } from '../../../ui/useFileDownload';
import { useToasts } from '../../../ui/useToasts';
import { DeleteDocumentDialog, EditDocumentDialog } from './DocumentDialogs';
import type { DocumentSummary, SaveProblem } from './DocumentDialogs';

/** What a document that never opened on this device says offline. */
const DOCUMENT_OFFLINE_MESSAGE =
  'This document needs a network connection: it has not been opened on this device yet. Documents you open once stay available offline.';

const HINT = `${ALLOWED_TYPES_TEXT}, up to ${fileSizeText(MAX_FILE_BYTES)}. Uploads made offline are sent when you are back online.`;

/** A document as a panel lists it, with its device state (src/db/queries). */
export interface DocumentItem {
  document: CompanyDocumentRow | ContractDocumentRow;
  /** The state of its queued writes, if any. */
  queued: OutboxStatus | undefined;
  /** Its file is kept on this device (opens offline). */
  isKept: boolean;
  /** The queued upload's file, while the upload has not reached the server. */
  queuedFileId: string | null;
}

/** Where a company-scoped document list downloads its files (spec 001 §7), by the owner's entity. */
const DOWNLOAD_BASE: Record<DocumentEntity, string> = {
  companyDocuments: 'company_documents',
  contractDocuments: 'associated_documents',
};

/**
 * Queues an upload of a checked file by the signed-in user and says so; the result tells the caller's form what
 * was refused (docs/architecture.md §15).
 */
export function useQueueUpload(): (
  owner: DocumentOwner,
  picked: { file: CheckedFile; blob: Blob },
  documentType: string,
) => Promise<DocumentWriteResult> {
  const db = useUserDb();
  const session = useAtomValue(sessionAtom);
  const { toast } = useToasts();
  return async (owner, { file, blob }, documentType) => {
    if (!db || !session) throw new Error('You are signed out.');
    const uploader = { id: session.userId, name: null };
    const result = await addDocument(db, { owner, file, blob, documentType, uploader });
    if (result.ok)
      toast(
        'Document queued',
        navigator.onLine
          ? `${file.fileName} is being uploaded.`
          : `${file.fileName} is kept on this device and uploaded when you are back online.`,
        { kind: 'success' },
      );
    return result;
  };
}

/** The document's name with its marks: consultants only, kept on this device, queued. */
function DocumentName({ item }: { item: DocumentItem }) {
  const { document } = item;
  return (
    <span className="contracts-document">
      <span className="contracts-document__name">
        <FileText aria-hidden="true" size={16} className="contracts-document__icon" />
        {document.fileName}
      </span>
      {'isConsultant' in document && document.isConsultant ? (
        <span className="badge badge--warning">Consultants only</span>
      ) : null}
      {item.isKept ? <span className="badge badge--success">On this device</span> : null}
      <QueuedBadge status={item.queued} />
    </span>
  );
}

/** The panel's columns; who uploaded a document shows where the owner's list has that column. */
function documentColumns(userId: number | null, hasUploader: boolean): TableColumn<DocumentItem>[] {
  const uploader: TableColumn<DocumentItem> = {
    key: 'uploadedBy',
    header: 'Uploaded by',
    render: ({ document }) =>
      document.uploadedByName ?? (document.uploadedBy === userId ? 'You' : EMPTY_CELL_TEXT),
  };
  return [
    { key: 'name', header: 'Name', isRowHeader: true, render: (item) => <DocumentName item={item} /> },
    { key: 'type', header: 'Type', render: ({ document }) => document.documentType ?? EMPTY_CELL_TEXT },
    { key: 'size', header: 'Size', render: ({ document }) => fileSizeText(document.size) },
    ...(hasUploader ? [uploader] : []),
    {
      key: 'uploaded',
      header: 'Uploaded',
      render: ({ document }) => formatDay(document.createdAt) ?? EMPTY_CELL_TEXT,
    },
  ];
}

/** What differs between the owners' panels: the head, the upload and the texts around the list. */
export interface DocumentsPanelProps {
  entity: DocumentEntity;
  companyId: number;
  /** Undefined while loading. */
  items: readonly DocumentItem[] | undefined;
  titleId: string;
  title: ReactNode;
  /** What stands beside the title in the panel head. */
  headExtra?: ReactNode;
  uploadLabel: string;
  /** Handles a file that passed the checks; answers the drop zone's error, or null. */
  onPicked: (picked: { file: CheckedFile; blob: File }) => Promise<string | null>;
  caption: string;
  loadingText?: string;
  emptyText: string;
  hasUploader: boolean;
  /** The owner's own dialogs (the company's upload dialog). */
  children?: ReactNode;
}

/**
 * A panel of documents from the device, for the company's (spec 001 §7 Contracts and documents) and a contract's
 * (§3, §7 associated documents): upload (checked here with the server's rules, then queued with its file, offline
 * too), download through the kept-files store, so a document opened once opens offline (docs/architecture.md §14
 * Documents, §15), rename and type, delete after a confirmation.
 */
export function DocumentsPanel({
  entity,
  companyId,
  items,
  titleId,
  title,
  headExtra,
  uploadLabel,
  onPicked,
  caption,
  loadingText,
  emptyText,
  hasUploader,
  children,
}: DocumentsPanelProps) {
  const db = useUserDb();
  const session = useAtomValue(sessionAtom);
  const isOnline = useOnline();
  const { toast } = useToasts();
  const { download, busyKey } = useFileDownload(DOCUMENT_OFFLINE_MESSAGE);
  const [isChecking, setChecking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const [editing, setEditing] = useState<DocumentSummary | null>(null);
  const [isEditOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    setPickError(null);
    setChecking(true);
    try {
      const check = await checkPickedFile(file);
      setPickError(
        check.ok
          ? await onPicked({ file: check.file, blob: file })
          : `${file.name} ${check.problem.message}.`,
      );
    } finally {
      setChecking(false);
    }
  };

  const save = async (changes: { fileName: string; documentType: string }): Promise<SaveProblem> => {
    if (!db || !editing) throw new Error('You are signed out.');
    const result = await updateDocument(db, entity, editing.id, changes);
    return result.ok ? null : { field: result.field, problem: result.problem };
  };

  const remove = async (document: DocumentSummary) => {
    if (!db) return;
    await deleteDocument(db, entity, document.id);
    toast('Document deleted', `${document.fileName} was deleted.`, { kind: 'success' });
  };

  const edit = (document: DocumentSummary) => {
    setEditing(document);
    setEditOpen(true);
  };
  const confirmDelete = (document: DocumentSummary) => {
    setDeleting(document);
    setDeleteOpen(true);
  };

  const downloadItem = ({ document, queuedFileId }: DocumentItem) =>
    void download({
      key: keptDocumentKey(entity, document.id),
      path: `/companies/${companyId}/contracts/${DOWNLOAD_BASE[entity]}/${document.id}/download`,
      name: document.fileName,
      companyId,
      queued: db && queuedFileId ? async () => (await queuedFile(db, queuedFileId))?.blob ?? null : undefined,
    });

  return (
    <section className="panel" aria-labelledby={titleId}>
      <div className="panel__head">
        <h2 id={titleId} className="panel__title">
          {title}
        </h2>
        {headExtra}
      </div>
      <FileDropZone
        onFiles={(files) => void onFiles(files)}
        accept={FILE_INPUT_ACCEPT}
        buttonLabel={uploadLabel}
        hint={HINT}
        error={pickError}
        isBusy={isChecking}
      />
      <ActionTable
        caption={caption}
        rows={items}
        loadingText={loadingText}
        emptyText={emptyText}
        getKey={(item) => item.document.id}
        columns={documentColumns(session?.userId ?? null, hasUploader)}
        actions={(item) => {
          const { document } = item;
          return (
            <>
              <IconButton
                icon={Download}
                label={`Download ${document.fileName}`}
                title="Download"
                isBusy={busyKey === keptDocumentKey(entity, document.id)}
                onClick={() => downloadItem(item)}
              />
              <IconButton
                icon={Pencil}
                label={`Edit ${document.fileName}`}
                title="Edit"
                onClick={() => edit(document)}
              />
              <IconButton
                icon={Trash2}
                label={`Delete ${document.fileName}`}
                title="Delete"
                onClick={() => confirmDelete(document)}
              />
            </>
          );
        }}
      />
      {children}
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

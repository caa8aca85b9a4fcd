import { useState } from 'react';
import type { CompanyDocumentRow } from '../../../db/rows';
import { DOCUMENT_TYPES } from '../../../domain/documents';
import { FILE_KINDS, fileSizeText, renamedFile } from '../../../domain/files';
import type { CheckedFile } from '../../../domain/files';
import { CancelAndBusyButton } from '../../../ui/BusyButtons';
import { FormDialog } from '../../../ui/FormDialog';
import { Modal } from '../../../ui/Modal';
import { useSaveOrProblem } from '../../../ui/useSaveOrProblem';
import { SelectField } from '../../../ui/fields/SelectField';
import { TextField } from '../../../ui/fields/TextField';
import { useOpenGeneration } from '../../../ui/useOpenGeneration';

/** What the upload dialog saves: the name and type chosen, and whether it is for consultants only. */
export interface UploadChoice {
  fileName: string;
  documentType: string;
  isConsultant: boolean;
}

/** What the edit and delete dialogs show of a document: a company's or a contract's. */
export type DocumentSummary = Pick<CompanyDocumentRow, 'id' | 'fileName' | 'documentType'>;

/** A field problem a save reports back to its dialog, or null when it saved. */
export type SaveProblem = { field: 'file' | 'fileName' | 'documentType'; problem: string } | null;

/** What the name and type fields show and change. */
type NameAndType = {
  fileName: string;
  onFileName: (fileName: string) => void;
  documentType: string;
  onDocumentType: (documentType: string) => void;
  problem: SaveProblem;
};

/**
 * The name and type a dialog edits, and its save: a problem the save reported shows on its field (cleared as the
 * name changes), a save that went through closes the dialog.
 */
function useNameAndType(initial: { fileName: string; documentType: string }, onClose: () => void) {
  const [fileName, setFileName] = useState(initial.fileName);
  const [documentType, setDocumentType] = useState(initial.documentType);
  const save = useSaveOrProblem<NonNullable<SaveProblem>>(onClose);
  const fields: NameAndType = {
    fileName,
    onFileName: (next) => {
      setFileName(next);
      save.setProblem(null);
    },
    documentType,
    onDocumentType: setDocumentType,
    problem: save.problem,
  };
  return { fileName, documentType, save, fields };
}

/** The file name and document type of the upload and edit dialogs, with the problem their save reported. */
function NameAndTypeFields({
  fileName,
  onFileName,
  fileNameHint,
  documentType,
  onDocumentType,
  problem,
}: NameAndType & { fileNameHint?: string }) {
  return (
    <>
      <TextField
        label="File name"
        required
        value={fileName}
        onChange={onFileName}
        error={problem?.field === 'fileName' ? problem.problem : null}
        hint={fileNameHint}
        autoComplete="off"
        data-autofocus
      />
      <SelectField
        label="Document type"
        required
        value={documentType}
        onChange={onDocumentType}
        error={problem?.field === 'documentType' ? problem.problem : null}
      >
        {DOCUMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
    </>
  );
}

type UploadFormProps = {
  isOpen: boolean;
  onClose: () => void;
  file: CheckedFile;
  canKeepForConsultants: boolean;
  isOnline: boolean;
  onSave: (choice: UploadChoice) => Promise<SaveProblem>;
};

function UploadForm({ isOpen, onClose, file, canKeepForConsultants, isOnline, onSave }: UploadFormProps) {
  const { fileName, documentType, save, fields } = useNameAndType(
    { fileName: file.fileName, documentType: 'Other' },
    onClose,
  );
  const [isConsultant, setConsultant] = useState(false);

  const upload = async (): Promise<SaveProblem> => {
    const renamed = renamedFile(file.fileName, fileName);
    if (!renamed.ok) return { field: 'fileName', problem: renamed.problem };
    const result = await onSave({ fileName: renamed.name, documentType, isConsultant });
    // A problem with the file itself (no room left) is the dialog's error; the form's own fields show theirs.
    if (result?.field === 'file') throw new Error(result.problem);
    return result;
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Upload document"
      saveLabel="Upload"
      size="md"
      isOffline={!isOnline}
      lead={
        <>
          {FILE_KINDS[file.kind].label} file, {fileSizeText(file.size)}
        </>
      }
      onSave={() => save.run(upload)}
    >
      <NameAndTypeFields
        {...fields}
        fileNameHint={`The file keeps its type: a name without .${FILE_KINDS[file.kind].extensions[0] ?? file.kind} gets it.`}
      />
      {canKeepForConsultants ? (
        <label className="check">
          <input
            type="checkbox"
            checked={isConsultant}
            onChange={(event) => setConsultant(event.target.checked)}
          />
          Visible to consultants only
        </label>
      ) : null}
    </FormDialog>
  );
}

/** 'Upload document': name, type and (for consultants) consultants-only, for a file that passed the checks. */
export function UploadDocumentDialog(props: Omit<UploadFormProps, 'file'> & { file: CheckedFile | null }) {
  const generation = useOpenGeneration(props.isOpen);
  const { file } = props;
  return file && <UploadForm key={`${file.fileName}/${generation}`} {...props} file={file} />;
}

type EditFormProps = {
  isOpen: boolean;
  onClose: () => void;
  document: DocumentSummary;
  isOnline: boolean;
  onSave: (changes: { fileName: string; documentType: string }) => Promise<SaveProblem>;
};

function EditForm({ isOpen, onClose, document, isOnline, onSave }: EditFormProps) {
  const { fileName, documentType, save, fields } = useNameAndType(
    { fileName: document.fileName, documentType: document.documentType ?? 'Other' },
    onClose,
  );
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Edit document"
      size="md"
      isOffline={!isOnline}
      lead={<>{document.fileName}</>}
      onSave={() => save.run(() => onSave({ fileName, documentType }))}
    >
      <NameAndTypeFields {...fields} />
    </FormDialog>
  );
}

/** 'Edit document': rename it (its type never changes) and set its document type. */
export function EditDocumentDialog(
  props: Omit<EditFormProps, 'document'> & { document: DocumentSummary | null },
) {
  const generation = useOpenGeneration(props.isOpen);
  const { document } = props;
  return document && <EditForm key={`${document.id}/${generation}`} {...props} document={document} />;
}

/** 'Delete document': asks before the delete is queued. */
export function DeleteDocumentDialog<Document extends DocumentSummary>({
  isOpen,
  onClose,
  document,
  onDelete,
}: {
  isOpen: boolean;
  onClose: () => void;
  document: Document | null;
  onDelete: (document: Document) => Promise<void>;
}) {
  const [isDeleting, setDeleting] = useState(false);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Delete document"
      tone="warning"
      size="sm"
      footer={
        <CancelAndBusyButton
          onCancel={onClose}
          kind="danger"
          isBusy={isDeleting}
          busyLabel="Deleting…"
          isDisabled={!document}
          onClick={() => {
            if (!document) return;
            setDeleting(true);
            void onDelete(document).finally(() => {
              setDeleting(false);
              onClose();
            });
          }}
        >
          Delete
        </CancelAndBusyButton>
      }
    >
      <p className="modal__message">
        Delete <strong>{document?.fileName}</strong>? It is removed for everyone in the company.
      </p>
    </Modal>
  );
}

import { useState } from 'react';
import { Paperclip, X } from 'lucide-react';
import type { TicketFile } from '../../db/mutations/tickets';
import { ALLOWED_TYPES_TEXT, FILE_INPUT_ACCEPT, MAX_FILE_BYTES, fileSizeText } from '../../domain/files';
import { MAX_TICKET_FILES } from '../../domain/tickets';
import { checkPickedFile } from '../../files/checkPickedFile';
import { FileDropZone } from '../FileDropZone';

const HINT = `Up to ${MAX_TICKET_FILES} files: ${ALLOWED_TYPES_TEXT}, each up to ${fileSizeText(MAX_FILE_BYTES)}.`;

/**
 * Attachments of a ticket or comment: the same drop zone and checks as company documents (src/domain/files.ts, run
 * on the device before anything is queued), the files picked so far, and a way to take one out again.
 */
export function TicketFilesField({
  files,
  onChange,
  error,
}: {
  files: readonly TicketFile[];
  onChange: (files: TicketFile[]) => void;
  error?: string | null;
}) {
  const [isChecking, setChecking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);

  const onFiles = async (picked: File[]) => {
    setPickError(null);
    setChecking(true);
    try {
      const next = [...files];
      const refused: string[] = [];
      for (const file of picked) {
        if (next.length >= MAX_TICKET_FILES) {
          refused.push(`At most ${MAX_TICKET_FILES} files can be attached at once.`);
          break;
        }
        const check = await checkPickedFile(file);
        if (check.ok) next.push({ file: check.file, blob: file });
        else refused.push(`${file.name} ${check.problem.message}.`);
      }
      onChange(next);
      if (refused.length > 0) setPickError(refused.join(' '));
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="tickets-files">
      <FileDropZone
        onFiles={(picked) => void onFiles(picked)}
        accept={FILE_INPUT_ACCEPT}
        multiple
        buttonLabel="Attach files"
        hint={HINT}
        error={pickError ?? error ?? null}
        isBusy={isChecking}
      />
      {files.length > 0 ? (
        <ul className="tickets-files__list" aria-label="Files to attach">
          {files.map((item, i) => (
            <li key={`${item.file.fileName}/${i}`} className="tickets-files__item">
              <Paperclip aria-hidden="true" size={14} />
              <span className="tickets-files__name">{item.file.fileName}</span>
              <span className="muted">{fileSizeText(item.file.size)}</span>
              <button
                type="button"
                className="btn btn--ghost btn--icon btn--sm"
                aria-label={`Remove ${item.file.fileName}`}
                title="Remove"
                onClick={() => onChange(files.filter((_, index) => index !== i))}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Upload } from 'lucide-react';
import './controls.css';
import './fileDrop.css';

/** Props of a file drop zone. */
export type FileDropZoneProps = {
  /** The files dropped or chosen (one unless `multiple`). */
  onFiles: (files: File[]) => void;
  /** The file input's accept list (a hint to the picker; the caller still checks the files). */
  accept?: string;
  multiple?: boolean;
  /** The button's text. */
  buttonLabel?: string;
  /** What may be dropped, e.g. the allowed types and size. */
  hint: string;
  /** A message about the last file (a refused type, no room), shown as an alert. */
  error?: string | null;
  isBusy?: boolean;
};

/**
 * Drop files here, or choose them with the button (keyboard and screen readers use the button; dropping is a
 * shortcut for the mouse). Used wherever a file is uploaded: documents, ticket attachments.
 */
export function FileDropZone({
  onFiles,
  accept,
  multiple = false,
  buttonLabel = 'Choose a file',
  hint,
  error,
  isBusy = false,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [isOver, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!isBusy) take(event.dataTransfer.files);
  };

  return (
    <div
      className="file-drop"
      data-state={isOver ? 'over' : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Upload aria-hidden="true" size={22} className="file-drop__icon" />
      <p className="file-drop__text">
        Drop a file here, or{' '}
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={isBusy}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onClick={() => input.current?.click()}
        >
          {isBusy ? 'Checking…' : buttonLabel}
        </button>
      </p>
      <p id={hintId} className="file-drop__hint">
        {hint}
      </p>
      {error ? (
        <p id={errorId} className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          take(event.target.files);
          // The same file chosen again must fire again.
          event.target.value = '';
        }}
      />
    </div>
  );
}

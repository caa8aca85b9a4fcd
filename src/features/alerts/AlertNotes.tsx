import { useState } from 'react';
import { CheckCircle2, Pencil } from 'lucide-react';
import type { AlertNoteRow } from '../../db/rows';
import { ALERT_NOTE_MAX, alertNoteError } from '../../domain/alerts';
import type { OutboxStatus } from '../../domain/sync';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { formatDate } from '../../ui/grid/columns';
import { QueuedBadge } from '../../ui/QueuedBadge';
import type { AlertWrites } from './useAlertWrites';

/** Props of an alert's notes. */
export type AlertNotesProps = {
  alertId: string;
  notes: readonly AlertNoteRow[];
  queued: Readonly<Record<string, OutboxStatus>>;
  /** Null on the read-only page: the notes are shown, nothing can be changed. */
  writes: AlertWrites | null;
};

/** Runs a write, keeping its refusal's message for the form. */
async function attempt(
  work: () => Promise<void>,
  onError: (message: string | null) => void,
): Promise<boolean> {
  try {
    await work();
    onError(null);
    return true;
  } catch (error) {
    onError(error instanceof Error ? error.message : String(error));
    return false;
  }
}

function NoteItem({
  note,
  status,
  writes,
}: {
  note: AlertNoteRow;
  status: OutboxStatus | undefined;
  writes: AlertWrites | null;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (draft === null) return;
    if (await attempt(() => writes?.editNote(note.id, draft) ?? Promise.resolve(), setError)) setDraft(null);
  };
  return (
    <li className="alerts-note" data-closed={note.closed || undefined}>
      <div className="alerts-note__head">
        <span className="muted">{formatDate(note.createDate)}</span>
        {note.closed ? (
          <span className="badge badge--success">
            <CheckCircle2 aria-hidden="true" size={13} /> Closed
          </span>
        ) : (
          <span className="badge">Open</span>
        )}
        <QueuedBadge status={status} />
      </div>
      {draft === null ? (
        <p className="alerts-note__text">{note.note}</p>
      ) : (
        <TextAreaField
          label="Edit note"
          value={draft}
          onChange={setDraft}
          error={error}
          maxLength={ALERT_NOTE_MAX + 100}
          data-autofocus
        />
      )}
      {writes ? (
        <div className="alerts-note__actions">
          {draft === null ? (
            <>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDraft(note.note)}>
                <Pencil aria-hidden="true" size={14} /> Edit
              </button>
              {note.closed ? null : (
                <button
                  type="button"
                  className="btn btn--secondary btn--sm"
                  onClick={() => void attempt(() => writes.closeNote(note.id), setError)}
                >
                  Close note
                </button>
              )}
            </>
          ) : (
            <>
              <button type="button" className="btn btn--primary btn--sm" onClick={() => void save()}>
                Save note
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDraft(null)}>
                Cancel
              </button>
            </>
          )}
        </div>
      ) : null}
      {draft === null && error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** An alert's notes, oldest first, each open or closed; with writes, edit and close each and add one. */
export function AlertNotes({ alertId, notes, queued, writes }: AlertNotesProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    const problem = alertNoteError(text);
    if (problem) return setError(problem);
    if (await attempt(() => writes?.addNote(alertId, text) ?? Promise.resolve(), setError)) setText('');
  };
  return (
    <section aria-labelledby="alert-notes-title">
      <h3 id="alert-notes-title" className="section-title">
        Notes ({notes.length})
      </h3>
      {notes.length === 0 ? <p className="muted">No notes yet.</p> : null}
      <ul className="alerts-notes__list">
        {notes.map((note) => (
          <NoteItem key={note.id} note={note} status={queued[`alertNotes:${note.id}`]} writes={writes} />
        ))}
      </ul>
      {writes ? (
        <div className="alerts-notes__add">
          <TextAreaField
            label="New note"
            value={text}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
            error={error}
            maxLength={ALERT_NOTE_MAX + 100}
          />
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void add()}>
            Add note
          </button>
        </div>
      ) : null}
    </section>
  );
}

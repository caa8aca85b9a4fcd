import { useState } from 'react';
import type { FormEvent } from 'react';
import { History, MessageSquareText } from 'lucide-react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { addOpenCloseNote } from '../../db/mutations/openClose';
import type { OpenCloseDetail } from '../../db/queries/openClose';
import { openCloseEventText } from '../../domain/openClose';
import { OPEN_CLOSE_NOTE_MAX } from '../../domain/openCloseRequest';
import type { OutboxStatus } from '../../domain/sync';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
import { authorName, localMoment } from './RequestLabels';

/** Props of the notes panel. */
export type RequestNotesProps = {
  detail: OpenCloseDetail;
  userId: number | null;
};

/** The request's notes, oldest first, and a form to add one (queued on the device, offline too). */
export function RequestNotes({ detail, userId }: RequestNotesProps) {
  const db = useUserDb();
  const isOnline = useOnline();
  const queuedToast = useQueuedWriteToast();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const { notes, queued, request } = detail;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!db || userId === null || isSaving) return;
    setSaving(true);
    try {
      const result = await addOpenCloseNote(db, request.id, text, { userId });
      if (!result.ok) {
        setProblem(result.problems.note ? `Note ${result.problems.note}` : 'The note could not be added.');
        return;
      }
      setText('');
      setProblem(null);
      queuedToast('Note added');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="openclose-notes-title">
      <h2 id="openclose-notes-title" className="panel__title">
        <MessageSquareText aria-hidden="true" size={18} /> Notes
      </h2>
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ol className="openclose-timeline" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className="openclose-timeline__item">
              <p className="openclose-timeline__meta">
                <strong>{authorName(note.createdByName, note.createdBy, userId)}</strong>
                <time dateTime={note.createdAt}>{localMoment(note.createdAt)}</time>
                <QueuedBadge status={queued[`openCloseNotes:${note.id}`]} />
              </p>
              <p className="openclose-timeline__text">{note.note}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="openclose-note-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label="Add a note"
          value={text}
          onChange={(value) => {
            setText(value);
            setProblem(null);
          }}
          error={problem}
          hint={isOnline ? undefined : 'You are offline: the note is kept on this device and sent later.'}
          maxLength={OPEN_CLOSE_NOTE_MAX}
          rows={3}
        />
        <button
          type="submit"
          className="btn btn--secondary"
          disabled={isSaving}
          aria-busy={isSaving || undefined}
        >
          {isSaving ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </section>
  );
}

/** The request's history as the server recorded it, and the change waiting on this device, if any. */
export function RequestHistory({
  detail,
  userId,
  queued,
}: {
  detail: OpenCloseDetail;
  userId: number | null;
  queued: OutboxStatus | undefined;
}) {
  const { events } = detail;
  return (
    <section className="panel" aria-labelledby="openclose-history-title">
      <h2 id="openclose-history-title" className="panel__title">
        <History aria-hidden="true" size={18} /> History
      </h2>
      {events.length === 0 && queued === undefined ? (
        <p className="muted">The history shows once the request has reached the server.</p>
      ) : (
        <ol className="openclose-timeline" aria-label="History">
          {events.map((event) => (
            <li key={event.id} className="openclose-timeline__item">
              <p className="openclose-timeline__meta">
                <strong>{authorName(event.createdByName, event.createdBy, userId)}</strong>
                <time dateTime={event.createdAt}>{localMoment(event.createdAt)}</time>
              </p>
              <p className="openclose-timeline__text">{openCloseEventText(event)}</p>
            </li>
          ))}
          {queued !== undefined ? (
            <li className="openclose-timeline__item">
              <p className="openclose-timeline__meta">
                <strong>You</strong>
                <QueuedBadge status={queued} />
              </p>
              <p className="openclose-timeline__text">A change made on this device, not yet on the server.</p>
            </li>
          ) : null}
        </ol>
      )}
    </section>
  );
}

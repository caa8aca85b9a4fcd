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
import { IconTitle } from '../../ui/IconTitle';
import { Panel } from '../../ui/Panel';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
import { authorName, localMoment } from './RequestLabels';

/** One entry of a request's timeline: who, when (once the server has it), whether it waits on this device, what. */
function TimelineEntry({
  author,
  createdAt,
  status,
  text,
}: {
  author: string;
  createdAt?: string;
  status?: OutboxStatus;
  text: string;
}) {
  return (
    <li className="openclose-timeline__item">
      <p className="openclose-timeline__meta">
        <strong>{author}</strong>
        {createdAt === undefined ? null : <time dateTime={createdAt}>{localMoment(createdAt)}</time>}
        <QueuedBadge status={status} />
      </p>
      <p className="openclose-timeline__text">{text}</p>
    </li>
  );
}

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
    <Panel titleId="openclose-notes-title" title={<IconTitle icon={MessageSquareText} text="Notes" />}>
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ol className="openclose-timeline" aria-label="Notes">
          {notes.map((note) => (
            <TimelineEntry
              key={note.id}
              author={authorName(note.createdByName, note.createdBy, userId)}
              createdAt={note.createdAt}
              status={queued[`openCloseNotes:${note.id}`]}
              text={note.note}
            />
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
    </Panel>
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
    <Panel titleId="openclose-history-title" title={<IconTitle icon={History} text="History" />}>
      {events.length === 0 && queued === undefined ? (
        <p className="muted">The history shows once the request has reached the server.</p>
      ) : (
        <ol className="openclose-timeline" aria-label="History">
          {events.map((event) => (
            <TimelineEntry
              key={event.id}
              author={authorName(event.createdByName, event.createdBy, userId)}
              createdAt={event.createdAt}
              text={openCloseEventText(event)}
            />
          ))}
          {queued !== undefined ? (
            <TimelineEntry
              author="You"
              status={queued}
              text="A change made on this device, not yet on the server."
            />
          ) : null}
        </ol>
      )}
    </Panel>
  );
}

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
type TimelineItem = {
  key: string;
  author: string;
  createdAt?: string;
  status?: OutboxStatus;
  text: string;
};

/** What the server keeps of who wrote a note or an event, and when. */
type Authored = { id: string; createdBy: number | null; createdByName: string | null; createdAt: string };

/** The key, author and time of a note's or an event's entry. */
function authoredItem(
  record: Authored,
  userId: number | null,
): Pick<TimelineItem, 'key' | 'author' | 'createdAt'> {
  return {
    key: record.id,
    author: authorName(record.createdByName, record.createdBy, userId),
    createdAt: record.createdAt,
  };
}

/** A request's timeline (its notes, or its history), oldest first. */
function Timeline({ label, items }: { label: string; items: readonly TimelineItem[] }) {
  return (
    <ol className="openclose-timeline" aria-label={label}>
      {items.map(({ key, author, createdAt, status, text }) => (
        <li key={key} className="openclose-timeline__item">
          <p className="openclose-timeline__meta">
            <strong>{author}</strong>
            {createdAt === undefined ? null : <time dateTime={createdAt}>{localMoment(createdAt)}</time>}
            <QueuedBadge status={status} />
          </p>
          <p className="openclose-timeline__text">{text}</p>
        </li>
      ))}
    </ol>
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
        <Timeline
          label="Notes"
          items={notes.map((note) => ({
            ...authoredItem(note, userId),
            status: queued[`openCloseNotes:${note.id}`],
            text: note.note,
          }))}
        />
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

const QUEUED_CHANGE_TEXT = 'A change made on this device, not yet on the server.';

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
  const items: TimelineItem[] = events.map((event) => ({
    ...authoredItem(event, userId),
    text: openCloseEventText(event),
  }));
  if (queued !== undefined)
    items.push({ key: 'queued', author: 'You', status: queued, text: QUEUED_CHANGE_TEXT });
  return (
    <Panel titleId="openclose-history-title" title={<IconTitle icon={History} text="History" />}>
      {items.length === 0 ? (
        <p className="muted">The history shows once the request has reached the server.</p>
      ) : (
        <Timeline label="History" items={items} />
      )}
    </Panel>
  );
}

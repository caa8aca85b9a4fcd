import { useState } from 'react';
import type { FormEvent } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { addTicketComment } from '../../db/mutations/tickets';
import type { TicketFile } from '../../db/mutations/tickets';
import type { TicketDetail } from '../../db/queries/tickets';
import { formatDay } from '../../domain/format';
import { MAX_TICKET_TEXT, canCommentOnTicket } from '../../domain/tickets';
import { BusyButton } from '../../ui/BusyButtons';
import { Panel } from '../../ui/Panel';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { TextAreaField } from '../../ui/fields/TextAreaField';
import { TicketFilesField } from '../../ui/tickets/TicketFilesField';
import { authorText } from './TicketStatusBadge';

/** The comment form: text and attachments, queued through the outbox (offline too). */
function CommentForm({ detail, userId }: { detail: TicketDetail; userId: number }) {
  const db = useUserDb();
  const isOnline = useOnline();
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<TicketFile[]>([]);
  const [problem, setProblem] = useState<{ field: string; problem: string } | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!db || isSaving) return;
    setSaving(true);
    try {
      const result = await addTicketComment(db, {
        ticket: detail.ticket,
        comment,
        writer: { id: userId, name: null },
        files,
      });
      if (!result.ok) {
        setProblem(result);
        return;
      }
      setComment('');
      setFiles([]);
      setProblem(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="tickets-comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label="Add a comment"
        required
        rows={3}
        maxLength={MAX_TICKET_TEXT}
        value={comment}
        onChange={(next) => {
          setComment(next);
          setProblem(null);
        }}
        error={problem?.field === 'comment' ? problem.problem : null}
      />
      <TicketFilesField
        files={files}
        onChange={setFiles}
        error={problem?.field === 'files' ? problem.problem : null}
      />
      <div className="tickets-comment-form__actions">
        {isOnline ? null : (
          <span className="muted" role="note">
            You are offline: the comment is kept on this device and sent when the network returns.
          </span>
        )}
        <BusyButton type="submit" isBusy={isSaving}>
          Add comment
        </BusyButton>
      </div>
    </form>
  );
}

/** A ticket's comments, oldest first, and the form to add one (not on a cancelled ticket). */
export function TicketComments({ detail, userId }: { detail: TicketDetail; userId: number | null }) {
  return (
    <Panel
      titleId="ticket-comments-title"
      title={
        <>
          Comments <span className="badge">{detail.comments.length}</span>
        </>
      }
    >
      {detail.comments.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <ol className="tickets-comments">
          {detail.comments.map(({ comment, queued }) => (
            <li key={comment.id} className="tickets-comments__item">
              <p className="tickets-comments__meta">
                <strong>{authorText(comment, userId)}</strong>
                <span className="muted">{formatDay(comment.createdAt)}</span>
                <QueuedBadge status={queued} />
              </p>
              <p className="tickets-comments__body">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      {userId === null ? null : canCommentOnTicket(detail.ticket.status) ? (
        <CommentForm detail={detail} userId={userId} />
      ) : (
        <p className="muted">This ticket is cancelled: it takes no more comments.</p>
      )}
    </Panel>
  );
}

import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useUserDb } from '../../platform/database';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { cancelTicket } from '../../db/mutations/tickets';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { canCancelTicket } from '../../domain/tickets';
import { sessionAtom } from '../../session/atoms';
import { Modal } from '../../ui/Modal';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { TicketAttachmentList } from './TicketAttachmentList';
import { TicketComments } from './TicketComments';
import { TicketStatusBadge, authorText } from './TicketStatusBadge';
import { useCompanySyncProgress, useTicketDetail } from './useTickets';
import './tickets.css';

/**
 * One ticket (`/tickets/{jiraIssueId}` and its twin, spec 000 §2, §7): its details, attachments and comments from the
 * device; comment (with files) and cancel through the outbox. A ticket not sent yet is reached by its row id.
 */
export function TicketPage() {
  const { jiraIssueId } = useParams();
  const db = useUserDb();
  const companyId = useCurrentCompanyId();
  const session = useAtomValue(sessionAtom);
  const userId = session?.userId ?? null;
  const pathOf = useAreaPaths();
  const detail = useTicketDetail(companyId, jiraIssueId);
  const progress = useCompanySyncProgress(companyId);
  const [isCancelOpen, setCancelOpen] = useState(false);

  const back = (
    <Link className="page__back" to={pathOf('tickets')}>
      <ArrowLeft size={16} aria-hidden="true" /> All tickets
    </Link>
  );
  if (detail === undefined) {
    return (
      <section className="page" aria-busy="true">
        {back}
        <p className="muted" role="status">
          Loading ticket…
        </p>
      </section>
    );
  }
  if (detail === null || companyId === null) {
    return (
      <section className="page">
        {back}
        <h1 className="page__title">Ticket not found</h1>
        <p className="muted">
          {progress === 'synced'
            ? 'This ticket is not one of this company’s support tickets.'
            : 'This ticket is not on this device yet. It appears once the company’s data has been downloaded.'}
        </p>
      </section>
    );
  }

  const { ticket } = detail;
  const isCancellable = ticket.jiraIssueId !== '' && canCancelTicket(ticket.status);
  return (
    <section className="page" aria-labelledby="ticket-title">
      {back}
      <header className="page__header">
        <h1 id="ticket-title" className="page__title tickets-title">
          {ticket.jiraIssueId || 'New ticket'} <TicketStatusBadge status={ticket.status} />
          <QueuedBadge status={detail.queued} />
        </h1>
        {isCancellable ? (
          <div className="page__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setCancelOpen(true)}>
              Cancel ticket
            </button>
          </div>
        ) : null}
      </header>
      <section className="panel" aria-labelledby="ticket-details-title">
        <h2 id="ticket-details-title" className="panel__title">
          {ticket.summary}
        </h2>
        <dl className="facts facts--wide">
          <div>
            <dt>Request type</dt>
            <dd>{ticket.requestType}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{ticket.status}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDay(ticket.createdAt) ?? EMPTY_CELL_TEXT}</dd>
          </div>
          <div>
            <dt>Requested by</dt>
            <dd>{ticket.requestedBy}</dd>
          </div>
          <div>
            <dt>Opened by</dt>
            <dd>{authorText(ticket, userId)}</dd>
          </div>
        </dl>
        <h3 className="section-title">Description</h3>
        <p className="tickets-description">{ticket.ticketDescription}</p>
        <h3 className="section-title">Attachments</h3>
        <TicketAttachmentList companyId={companyId} items={detail.attachments} />
      </section>
      <TicketComments detail={detail} userId={userId} />
      <Modal
        isOpen={isCancelOpen}
        onClose={() => setCancelOpen(false)}
        title={`Cancel ${ticket.jiraIssueId}?`}
        size="sm"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setCancelOpen(false)}>
              Keep it open
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                setCancelOpen(false);
                if (db) void cancelTicket(db, ticket);
              }}
            >
              Cancel ticket
            </button>
          </>
        }
      >
        <p>The support team stops working on it. A cancelled ticket takes no more comments.</p>
      </Modal>
    </section>
  );
}

/** The lazy page's component. */
export const Component = TicketPage;

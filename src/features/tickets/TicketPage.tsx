import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { useUserDb } from '../../platform/database';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { cancelTicket } from '../../db/mutations/tickets';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { canCancelTicket } from '../../domain/tickets';
import { sessionAtom } from '../../session/atoms';
import { DetailLoading, DetailNotFound } from '../../ui/DetailPage';
import { FactList } from '../../ui/Facts';
import { Modal } from '../../ui/Modal';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { Panel } from '../../ui/Panel';
import { Page } from '../../ui/Page';
import { TicketAttachmentList } from './TicketAttachmentList';
import { TicketComments } from './TicketComments';
import { TicketStatusBadge, authorText } from './TicketStatusBadge';
import { useTicketDetail } from './useTickets';
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
  const [isCancelOpen, setCancelOpen] = useState(false);

  const back = { to: pathOf('tickets'), label: 'All tickets' };
  if (detail === undefined) return <DetailLoading back={back} text="Loading ticket…" />;
  if (detail === null || companyId === null)
    return (
      <DetailNotFound
        back={back}
        companyId={companyId}
        title="Ticket not found"
        text={{
          notYet:
            'This ticket is not on this device yet. It appears once the company’s data has been downloaded.',
          notHere: 'This ticket is not one of this company’s support tickets.',
        }}
      />
    );

  const { ticket } = detail;
  const isCancellable = ticket.jiraIssueId !== '' && canCancelTicket(ticket.status);
  return (
    <Page
      back={back}
      titleId="ticket-title"
      titleClassName="tickets-title"
      title={
        <>
          {ticket.jiraIssueId || 'New ticket'} <TicketStatusBadge status={ticket.status} />
          <QueuedBadge status={detail.queued} />
        </>
      }
      actions={
        isCancellable ? (
          <button type="button" className="btn btn--secondary" onClick={() => setCancelOpen(true)}>
            Cancel ticket
          </button>
        ) : null
      }
    >
      <Panel titleId="ticket-details-title" title={ticket.summary}>
        <FactList
          facts={[
            { label: 'Request type', value: ticket.requestType },
            { label: 'Status', value: ticket.status },
            { label: 'Created', value: formatDay(ticket.createdAt) ?? EMPTY_CELL_TEXT },
            { label: 'Requested by', value: ticket.requestedBy },
            { label: 'Opened by', value: authorText(ticket, userId) },
          ]}
        />
        <h3 className="section-title">Description</h3>
        <p className="tickets-description">{ticket.ticketDescription}</p>
        <h3 className="section-title">Attachments</h3>
        <TicketAttachmentList companyId={companyId} items={detail.attachments} />
      </Panel>
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
    </Page>
  );
}

/** The lazy page's component. */
export const Component = TicketPage;

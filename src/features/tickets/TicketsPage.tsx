import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { fetchRequestTypes } from '../../api/tickets';
import { useUserDb } from '../../platform/database';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import { createTicket } from '../../db/mutations/tickets';
import type { TicketListItem } from '../../db/queries/tickets';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { isInScope } from '../../domain/tickets';
import type { TicketScope } from '../../domain/tickets';
import { sessionAtom } from '../../session/atoms';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { SyncNotice } from '../../ui/SyncNotice';
import { useToasts } from '../../ui/useToasts';
import { NewTicketDialog } from '../../ui/tickets/NewTicketDialog';
import type { NewTicketChoice } from '../../ui/tickets/NewTicketDialog';
import { TicketErrorDialog } from '../../ui/tickets/TicketErrorDialog';
import { TicketStatusBadge } from './TicketStatusBadge';
import { useCompanySyncProgress, useTicketList } from './useTickets';
import { useTicketOutcome } from '../../ui/tickets/useTicketOutcome';
import '../../ui/table.css';
import './tickets.css';

function TicketRow({ item, href }: { item: TicketListItem; href: string }) {
  const { ticket, queued } = item;
  return (
    <tr>
      <th scope="row">
        <Link to={href} className="tickets-list__id">
          {ticket.jiraIssueId || 'New ticket'}
        </Link>
      </th>
      <td>
        <span className="tickets-list__summary">
          {ticket.summary}
          <QueuedBadge status={queued} />
        </span>
      </td>
      <td>{ticket.requestType}</td>
      <td>
        <TicketStatusBadge status={ticket.status} />
      </td>
      <td>{formatDay(ticket.createdAt) ?? EMPTY_CELL_TEXT}</td>
      <td>{ticket.requestedBy}</td>
    </tr>
  );
}

/**
 * Company Support (`/tickets` and its consultant twin, spec 000 §2, §7): the company's tickets from the device —
 * mine or all — and a new ticket, queued with its attachments through the outbox, offline too.
 */
export function TicketsPage() {
  const db = useUserDb();
  const companyId = useCurrentCompanyId();
  const session = useAtomValue(sessionAtom);
  const userId = session?.userId ?? null;
  const isOnline = useOnline();
  const pathOf = useAreaPaths();
  const { toast } = useToasts();
  const items = useTicketList(companyId);
  const progress = useCompanySyncProgress(companyId);
  const outcome = useTicketOutcome();
  const [scope, setScope] = useState<TicketScope>('all');
  const [isNewOpen, setNewOpen] = useState(false);
  // The request types are kept on the device at each online visit, so a ticket can be written offline later.
  useEffect(() => {
    if (isOnline && companyId !== null) void fetchRequestTypes(companyId);
  }, [isOnline, companyId]);
  const shown = (items ?? []).filter((item) => userId === null || isInScope(item.ticket, scope, userId));

  const create = async (choice: NewTicketChoice) => {
    if (!db || companyId === null || userId === null) throw new Error('You are signed out.');
    const result = await createTicket(db, {
      ...choice,
      companyId,
      writer: { id: userId, name: null },
    });
    if (!result.ok) return result;
    outcome.watch(result.id);
    if (!navigator.onLine)
      toast('Ticket kept on this device', 'It is sent, with its attachments, when you are back online.', {
        kind: 'success',
      });
    return null;
  };

  return (
    <section className="page" aria-labelledby="tickets-title">
      <header className="page__header">
        <h1 id="tickets-title" className="page__title">
          Company Support
        </h1>
        <div className="page__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={companyId === null}
            onClick={() => setNewOpen(true)}
          >
            <Plus aria-hidden="true" size={16} /> New ticket
          </button>
        </div>
      </header>
      {progress !== undefined && progress !== 'synced' ? (
        <SyncNotice progress={progress} isOnline={isOnline} hasRows={(items?.length ?? 0) > 0} />
      ) : null}
      <section className="panel" aria-labelledby="tickets-list-title">
        <div className="panel__head">
          <h2 id="tickets-list-title" className="panel__title">
            Support tickets {items ? <span className="badge">{shown.length}</span> : null}
          </h2>
          <div className="tickets-scope" role="group" aria-label="Which tickets">
            {(['all', 'mine'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className="btn btn--sm btn--secondary"
                aria-pressed={scope === value}
                onClick={() => setScope(value)}
              >
                {value === 'all' ? 'All tickets' : 'My tickets'}
              </button>
            ))}
          </div>
        </div>
        {items === undefined ? (
          <p className="muted" aria-busy="true">
            Loading tickets…
          </p>
        ) : shown.length === 0 ? (
          <p className="muted">
            {scope === 'mine' ? 'You have not opened any tickets yet.' : 'No support tickets yet.'}
          </p>
        ) : (
          <div className="data-table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Support tickets</caption>
              <thead>
                <tr>
                  <th scope="col">Ticket</th>
                  <th scope="col">Summary</th>
                  <th scope="col">Request type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Requested by</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => (
                  <TicketRow
                    key={item.ticket.id}
                    item={item}
                    href={pathOf(`tickets/${encodeURIComponent(item.ticket.jiraIssueId || item.ticket.id)}`)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {companyId === null ? null : (
        <NewTicketDialog
          isOpen={isNewOpen}
          onClose={() => setNewOpen(false)}
          companyId={companyId}
          isOnline={isOnline}
          onSave={create}
        />
      )}
      <TicketErrorDialog isOpen={outcome.isErrorOpen} onClose={outcome.closeError} />
    </section>
  );
}

/** The lazy page's component. */
export const Component = TicketsPage;

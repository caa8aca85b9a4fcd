import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
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
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { NewRecordButton, Page } from '../../ui/Page';
import { Panel } from '../../ui/Panel';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { SyncNotice } from '../../ui/SyncNotice';
import { useToasts } from '../../ui/useToasts';
import { NewTicketDialog } from '../../ui/tickets/NewTicketDialog';
import type { NewTicketChoice } from '../../ui/tickets/NewTicketDialog';
import { TicketErrorDialog } from '../../ui/tickets/TicketErrorDialog';
import { TicketStatusBadge } from './TicketStatusBadge';
import { useCompanySyncProgress, useTicketList } from './useTickets';
import { useTicketOutcome } from '../../ui/tickets/useTicketOutcome';
import './tickets.css';

/** The list's columns; the ticket's id (or 'New ticket' until Jira gives one) links to its page. */
function ticketColumns(pathOf: (path: string) => string): TableColumn<TicketListItem>[] {
  return [
    {
      key: 'ticket',
      header: 'Ticket',
      isRowHeader: true,
      isKey: true,
      render: ({ ticket }) => (
        <Link
          to={pathOf(`tickets/${encodeURIComponent(ticket.jiraIssueId || ticket.id)}`)}
          className="tickets-list__id"
        >
          {ticket.jiraIssueId || 'New ticket'}
        </Link>
      ),
    },
    {
      key: 'summary',
      header: 'Summary',
      isKey: true,
      render: ({ ticket, queued }) => (
        <span className="tickets-list__summary">
          {ticket.summary}
          <QueuedBadge status={queued} />
        </span>
      ),
    },
    { key: 'requestType', header: 'Request type', render: ({ ticket }) => ticket.requestType },
    {
      key: 'status',
      header: 'Status',
      isKey: true,
      render: ({ ticket }) => <TicketStatusBadge status={ticket.status} />,
    },
    {
      key: 'created',
      header: 'Created',
      render: ({ ticket }) => formatDay(ticket.createdAt) ?? EMPTY_CELL_TEXT,
    },
    { key: 'requestedBy', header: 'Requested by', render: ({ ticket }) => ticket.requestedBy },
  ];
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
  const columns = useMemo(() => ticketColumns(pathOf), [pathOf]);
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
    <Page
      titleId="tickets-title"
      title="Company Support"
      actions={
        <NewRecordButton
          label="New ticket"
          isDisabled={companyId === null}
          onClick={() => setNewOpen(true)}
        />
      }
    >
      {progress !== undefined && progress !== 'synced' ? (
        <SyncNotice progress={progress} isOnline={isOnline} hasRows={(items?.length ?? 0) > 0} />
      ) : null}
      <Panel
        titleId="tickets-list-title"
        title={<>Support tickets {items ? <span className="badge">{shown.length}</span> : null}</>}
        aside={
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
        }
      >
        <ActionTable
          caption="Support tickets"
          columns={columns}
          rows={items === undefined ? undefined : shown}
          getKey={(item) => item.ticket.id}
          loadingText="Loading tickets…"
          emptyText={scope === 'mine' ? 'You have not opened any tickets yet.' : 'No support tickets yet.'}
        />
      </Panel>
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
    </Page>
  );
}

/** The lazy page's component. */
export const Component = TicketsPage;

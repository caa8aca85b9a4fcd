import type { TicketStatus } from '../../domain/tickets';

// Open states are plain: the info tone does not reach 4.5:1 on the table's rows in the dark theme.
const TONE: Readonly<Record<TicketStatus, string>> = {
  Received: 'badge',
  'In Progress': 'badge',
  Pending: 'badge badge--warning',
  Done: 'badge badge--success',
  Cancelled: 'badge',
};

/** A ticket's status as a badge (feedback.css); a status the tracker adds later shows plainly. */
export function TicketStatusBadge({ status }: { status: string }) {
  const tone = (TONE as Readonly<Record<string, string>>)[status] ?? 'badge';
  return <span className={tone}>{status}</span>;
}

/** Who wrote a ticket or comment, as the page says it. */
export function authorText(
  row: { createdBy: number | null; createdByName: string | null },
  userId: number | null,
) {
  if (row.createdBy !== null && row.createdBy === userId) return 'You';
  return row.createdByName ?? 'GET Energy Portal';
}

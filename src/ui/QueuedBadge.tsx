import { CircleAlert, Clock } from 'lucide-react';
import type { OutboxStatus } from '../domain/sync';

const TEXT: Readonly<Record<OutboxStatus, string>> = {
  pending: 'Waiting to sync',
  sending: 'Sending',
  conflict: 'Conflict — see Sync panel',
  rejected: 'Refused — see Sync panel',
  setAside: 'Not sent — see Sync panel',
};

/**
 * Marks a row with a queued write (feedback.css .badge): waiting or sending, or a conflict, rejection or set-aside
 * write the Sync panel explains.
 */
export function QueuedBadge({ status }: { status: OutboxStatus | undefined }) {
  if (status === undefined) return null;
  const isProblem = status === 'conflict' || status === 'rejected' || status === 'setAside';
  return (
    <span className={isProblem ? 'badge badge--danger' : 'badge badge--info'}>
      {isProblem ? <CircleAlert aria-hidden="true" size={13} /> : <Clock aria-hidden="true" size={13} />}
      {TEXT[status]}
    </span>
  );
}

// How the open/close pages show a request's status, kind and people: one place, so list and page agree.
import { DoorClosed, DoorOpen } from 'lucide-react';
import { EMPTY_CELL_TEXT } from '../../domain/format';
import { OPEN_CLOSE_STATUS, openCloseLabel, openCloseStatusLabel } from '../../domain/openClose';
import { serviceLabel } from '../../domain/serviceTypes';

const STATUS_TONES: Readonly<Record<number, string>> = {
  [OPEN_CLOSE_STATUS.received]: 'badge',
  [OPEN_CLOSE_STATUS.inProgress]: 'badge badge--info',
  [OPEN_CLOSE_STATUS.pending]: 'badge badge--warning',
  [OPEN_CLOSE_STATUS.done]: 'badge badge--success',
};

/** The request's status as a badge (spec 001 §4 labels); an unknown number shows N/A. */
export function StatusBadge({ status }: { status: number }) {
  const label = openCloseStatusLabel(status);
  if (!label) return <span className="data-table__na">{EMPTY_CELL_TEXT}</span>;
  return <span className={STATUS_TONES[status] ?? 'badge'}>{label}</span>;
}

/** 'Open' or 'Close' with its door icon. */
export function KindLabel({ isOpen }: { isOpen: boolean }) {
  const Icon = isOpen ? DoorOpen : DoorClosed;
  return (
    <span className="openclose-kind" data-kind={isOpen ? 'open' : 'close'}>
      <Icon aria-hidden="true" size={15} />
      {openCloseLabel(isOpen)}
    </span>
  );
}

/** 'Open Electricity', 'Close Water': what a request is, in two words. */
export function requestTitle(request: { isOpen: boolean; serviceType: string }): string {
  return `${openCloseLabel(request.isOpen)} ${serviceLabel(request.serviceType)}`;
}

/**
 * Who wrote a row: the name the server stored, "You" for the signed-in user's own rows made on this device (the
 * server's copy brings the name), else N/A.
 */
export function authorName(name: string | null, by: number | null, userId: number | null): string {
  if (name) return name;
  return by !== null && by === userId ? 'You' : EMPTY_CELL_TEXT;
}

/** MM/DD/YYYY of a timestamp in the user's time zone (when something happened, as the user lived it). */
export function localDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return EMPTY_CELL_TEXT;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
}

export { localMoment } from '../../domain/format';

// Open/close account requests: their states (spec 001 §4), who may move them and the list's filters. The server
// (server/src/areas/openClose*.ts) and the device check with these same functions (docs/architecture.md §14).
import type { Roles } from './roles';

/** Request workflow labels, indexed by the status number the API stores. */
export const OPEN_CLOSE_STATUSES = ['Received', 'In Progress', 'Pending', 'Done'] as const;

/** The status numbers of spec 001 §4: Received=0, In Progress=1, Pending=2, Done=3. */
export const OPEN_CLOSE_STATUS = { received: 0, inProgress: 1, pending: 2, done: 3 } as const;

/** Label of a status number; unknown numbers show nothing rather than a wrong state. */
export function openCloseStatusLabel(n: number): string {
  return Number.isInteger(n) ? (OPEN_CLOSE_STATUSES[n] ?? '') : '';
}

/** Whether a request opens or closes an account. */
export function openCloseLabel(isOpen: boolean): 'Open' | 'Close' {
  return isOpen ? 'Open' : 'Close';
}

/** Whether a number is one of the four statuses. */
export function isOpenCloseStatus(n: number): boolean {
  return openCloseStatusLabel(n) !== '';
}

/**
 * The workflow Received → In Progress → Pending → Done: a request moves forward (a step may be skipped, as a
 * simple request can be done at once), a pending request may go back to In Progress when work resumes, and Done
 * is final (the account is open or closed at the utility).
 */
export function canChangeOpenCloseStatus(from: number, to: number): boolean {
  if (!isOpenCloseStatus(from) || !isOpenCloseStatus(to) || from === to) return false;
  if (from === OPEN_CLOSE_STATUS.done) return false;
  return to > from || (from === OPEN_CLOSE_STATUS.pending && to === OPEN_CLOSE_STATUS.inProgress);
}

/** The statuses a request in `from` may move to, in workflow order. */
export function nextOpenCloseStatuses(from: number): number[] {
  return OPEN_CLOSE_STATUSES.map((_, to) => to).filter((to) => canChangeOpenCloseStatus(from, to));
}

/** Consultants work the requests; clients make, edit and annotate them but do not move them. */
export function mayChangeOpenCloseStatus(roles: Pick<Roles, 'isConsultant'>): boolean {
  return roles.isConsultant;
}

/** A done request is a record of what happened: its dates and contact are no longer edited (notes still are). */
export function canEditOpenCloseRequest(status: number): boolean {
  return status !== OPEN_CLOSE_STATUS.done;
}

/** The date a request is about: the store's opening day for an opening, its closing day for a closing. */
export function storeDateOf(request: {
  isOpen: boolean;
  storeOpenDate: string | null;
  storeCloseDate: string | null;
}): string | null {
  return request.isOpen ? request.storeOpenDate : request.storeCloseDate;
}

/** The list's filters; empty text and null mean "any". */
export interface OpenCloseFilters {
  status: number | null;
  kind: 'open' | 'close' | null;
  serviceType: string;
  locationId: string;
  /** Store dates from this day (`YYYY-MM-DD`), inclusive. */
  from: string;
  /** Store dates up to this day, inclusive. */
  to: string;
}

/** No filter at all. */
export const NO_OPEN_CLOSE_FILTERS: OpenCloseFilters = {
  status: null,
  kind: null,
  serviceType: '',
  locationId: '',
  from: '',
  to: '',
};

/** What the filters read of a request. */
export interface OpenCloseFilterable {
  accountStatus: number;
  isOpen: boolean;
  serviceType: string;
  locationId: string;
  storeOpenDate: string | null;
  storeCloseDate: string | null;
}

/** Whether a request passes every filter; a date range leaves out requests without a store date. */
export function matchesOpenCloseFilters(request: OpenCloseFilterable, filters: OpenCloseFilters): boolean {
  if (filters.status !== null && request.accountStatus !== filters.status) return false;
  if (filters.kind !== null && request.isOpen !== (filters.kind === 'open')) return false;
  if (filters.serviceType !== '' && request.serviceType !== filters.serviceType) return false;
  if (filters.locationId !== '' && request.locationId !== filters.locationId) return false;
  if (filters.from === '' && filters.to === '') return true;
  const day = storeDateOf(request);
  if (day === null) return false;
  return (filters.from === '' || day >= filters.from) && (filters.to === '' || day <= filters.to);
}

/** How many filters are set, for the "n filters" summary and the Clear button. */
export function activeFilterCount(filters: OpenCloseFilters): number {
  return [
    filters.status !== null,
    filters.kind !== null,
    filters.serviceType !== '',
    filters.locationId !== '',
    filters.from !== '' || filters.to !== '',
  ].filter(Boolean).length;
}

/** How the history names a request's fields. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  turnoverDate: 'turnover date',
  storeOpenDate: 'store open date',
  storeCloseDate: 'store close date',
  contactName: 'contact name',
  contactPhone: 'contact phone',
  contactEmail: 'contact email',
};

/** What a history event reads of itself. */
export interface OpenCloseEventFields {
  kind: string;
  fromStatus: number | null;
  toStatus: number | null;
  /** Comma list of API field names. */
  fields: string | null;
}

/** One line of a request's history: 'Request created', 'Status: Received to In Progress', 'Edited: …'. */
export function openCloseEventText(event: OpenCloseEventFields): string {
  if (event.kind === 'created') return 'Request created';
  if (event.kind === 'status') {
    const to = openCloseStatusLabel(event.toStatus ?? -1) || 'unknown';
    return event.fromStatus === null
      ? `Status set to ${to}`
      : `Status changed from ${openCloseStatusLabel(event.fromStatus) || 'unknown'} to ${to}`;
  }
  if (event.kind === 'edited') {
    const names = (event.fields ?? '')
      .split(',')
      .map((field) => field.trim())
      .filter((field) => field !== '')
      .map((field) => FIELD_NAMES[field] ?? field);
    return names.length > 0 ? `Edited ${names.join(', ')}` : 'Edited';
  }
  return 'Updated';
}

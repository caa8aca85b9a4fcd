// Which alerts a list shows (spec 001 §7 Alerts: fromDate, toDate, isAlertMinDate, showPublicOnly) and the page's
// own filters (status, service, location, account, rule): one rule for the device's list and the server's answer.
import { isPublicAlert } from './alerts';
import { addMonths } from './totals';

/** The filters of an alerts list. Empty texts and lists mean "any". */
export interface AlertListFilter {
  /** `YYYY-MM-DD`, by import date; ignored when `isAlertMinDate`. */
  fromDate: string;
  /** `YYYY-MM-DD`, inclusive; empty = no end. */
  toDate: string;
  /** "From the first alert": the range starts with the earliest alert, whatever `fromDate` says. */
  isAlertMinDate: boolean;
  /** Only closed - public alerts and those marked public (what clients may see). */
  showPublicOnly: boolean;
  statuses: readonly string[];
  serviceType: string;
  locationId: string;
  accountId: string;
  rule: string;
}

/** The alert fields the filters read. */
export interface FilterableAlert {
  status: string;
  isPublic: boolean;
  importDate: string;
  serviceType: string;
  locationId: string;
  accountId: string;
  rule: string;
}

/** How far back a list looks by default: a year of alerts. */
export const DEFAULT_ALERT_MONTHS = 12;

/** The filters a list opens with, as of `today` (`YYYY-MM-DD`): the last year, every alert. */
export function defaultAlertFilter(today: string): AlertListFilter {
  return {
    fromDate: `${addMonths(today.slice(0, 7), -DEFAULT_ALERT_MONTHS)}${today.slice(7, 10)}`,
    toDate: '',
    isAlertMinDate: false,
    showPublicOnly: false,
    statuses: [],
    serviceType: '',
    locationId: '',
    accountId: '',
    rule: '',
  };
}

/** The import-date range a filter covers: `from` is null when the list starts with the first alert. */
export function alertDateRange(filter: Pick<AlertListFilter, 'fromDate' | 'toDate' | 'isAlertMinDate'>): {
  from: string | null;
  to: string | null;
} {
  return {
    from: filter.isAlertMinDate || filter.fromDate === '' ? null : filter.fromDate,
    to: filter.toDate === '' ? null : filter.toDate,
  };
}

/** Whether an alert passes every filter but the date range (a query reads the range through its index). */
export function matchesAlertFilter(alert: FilterableAlert, filter: AlertListFilter): boolean {
  if (filter.showPublicOnly && !isPublicAlert(alert)) return false;
  if (filter.statuses.length > 0 && !filter.statuses.includes(alert.status)) return false;
  if (filter.serviceType !== '' && alert.serviceType !== filter.serviceType) return false;
  if (filter.locationId !== '' && alert.locationId !== filter.locationId) return false;
  if (filter.accountId !== '' && alert.accountId !== filter.accountId) return false;
  if (filter.rule !== '' && alert.rule !== filter.rule) return false;
  return true;
}

/** Whether an alert is in the filter's range and passes its filters. */
export function alertInList(alert: FilterableAlert, filter: AlertListFilter): boolean {
  const { from, to } = alertDateRange(filter);
  if (from !== null && alert.importDate < from) return false;
  if (to !== null && alert.importDate > to) return false;
  return matchesAlertFilter(alert, filter);
}

/** The list's order: newest import first, then by id (stable; code-unit order, the same on server and device). */
export function compareAlerts(
  a: { importDate: string; id: string },
  b: { importDate: string; id: string },
): number {
  if (a.importDate !== b.importDate) return a.importDate > b.importDate ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

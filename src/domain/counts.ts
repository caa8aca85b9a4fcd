// The counts the UI shows, each defined once: what it counts, which statuses, which window, and the words that say
// so (docs/architecture.md §14 "One figure everywhere"). The sidebar badges, Home, the consultant's client cards,
// Locations and the pages the badges open all count with these, so a figure of one name is one number.
import { DEFAULT_ALERT_MONTHS, defaultAlertFilter } from './alertList';
import { OPEN_ALERT_STATUSES, alertStatusDisplay } from './alerts';
import type { AttentionItem, AttentionType } from './attention';

/**
 * "Open alerts": alerts whose status still waits for someone (OPEN_ALERT_STATUSES) imported within the window the
 * Alerts page opens on (the last DEFAULT_ALERT_MONTHS months), so the badge and the page agree on arrival.
 */
export const OPEN_ALERTS = {
  statuses: OPEN_ALERT_STATUSES as readonly string[],
  months: DEFAULT_ALERT_MONTHS,
} as const;

/** The first import day (`YYYY-MM-DD`) an open alert counts from, as of `today`: the Alerts page's default start. */
export function openAlertsFrom(today: string): string {
  return defaultAlertFilter(today).fromDate;
}

/** Whether one alert counts among the open alerts as of `today`. */
export function isCountedOpenAlert(alert: { status: string; importDate: string }, today: string): boolean {
  return (
    OPEN_ALERTS.statuses.includes(alert.status) && alert.importDate.slice(0, 10) >= openAlertsFrom(today)
  );
}

/** The open alerts among `alerts` as of `today`. */
export function countOpenAlerts(
  alerts: readonly { status: string; importDate: string }[],
  today: string,
): number {
  let count = 0;
  for (const alert of alerts) if (isCountedOpenAlert(alert, today)) count += 1;
  return count;
}

/** The words of the open-alerts figure: what it counts and over which window. */
export function openAlertsText(count: number): string {
  return `${count} open ${count === 1 ? 'alert' : 'alerts'} in the last ${OPEN_ALERTS.months} months`;
}

/** The sidebar's badge on Alerts: the open alerts, with the words its tooltip and screen readers get. */
export function openAlertsBadge(count: number): { count: number; tooltip: string } {
  return { count, tooltip: openAlertsText(count) };
}

/**
 * A status's name in the Alerts page's Status filter and in its status chips: the same words, so a chip's number is
 * what the filter of that name lists (closed - public has its own, though it looks closed in the grid).
 */
export function alertStatusLabel(status: string): string {
  return status === 'closed - public' ? 'Closed - Public' : alertStatusDisplay(status).text || 'Good';
}

/** Alerts per status label (alertStatusLabel), most first; the chips of the Alerts page. */
export function alertStatusCounts(alerts: readonly { status: string }[]): [label: string, count: number][] {
  const byLabel = new Map<string, number>();
  for (const { status } of alerts) {
    const label = alertStatusLabel(status);
    byLabel.set(label, (byLabel.get(label) ?? 0) + 1);
  }
  return [...byLabel].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

// "Contracts due" is defined with the contract rules (spec 000 §4) and counted from here as well.
export { contractsDueBadge, contractsDueText, countContractsDue, isContractDue } from './contracts';

/**
 * The Locations "Needs attention" counts: missing invoices are bills, bill anomalies are alerts, expiring contracts
 * are contracts — a contract at three sites lists three times (one item per site) but counts once.
 */
export function attentionCounts(items: readonly AttentionItem[]): Record<AttentionType, number> {
  const seen: Record<AttentionType, Set<string>> = {
    missingInvoice: new Set(),
    billAnomaly: new Set(),
    contractExpiring: new Set(),
  };
  for (const item of items) {
    const key =
      item.type === 'contractExpiring'
        ? item.contractId
        : item.type === 'billAnomaly'
          ? item.alertId
          : item.billId;
    seen[item.type].add(key ?? item.id);
  }
  return {
    missingInvoice: seen.missingInvoice.size,
    billAnomaly: seen.billAnomaly.size,
    contractExpiring: seen.contractExpiring.size,
  };
}

// Alert statuses and the bill-anomaly rule of spec 001 §4.

/** Status values an alert can carry, as the API spells them. */
export type AlertStatus =
  | 'open'
  | 'good'
  | 'closed'
  | 'closed with savings'
  | 'pending'
  | 'pending - client input'
  | 'closed - public';

/** Statuses still waiting for someone (not closed, not "good"): the open alerts of counts and attention lists. */
export const OPEN_ALERT_STATUSES: readonly AlertStatus[] = ['open', 'pending', 'pending - client input'];

/** How a status looks: `icon` names a lucide icon, `color` a theme colour key. */
export interface AlertStatusStyle {
  text: string;
  icon: string;
  color: string;
}

const CLOSED_STYLE: AlertStatusStyle = { text: 'Closed', icon: 'circle-check', color: 'grey' };

/** Display of every status; `good` is a silent pass, `closed - public` is closed to the viewer. */
export const ALERT_STATUSES: Readonly<Record<AlertStatus, AlertStatusStyle>> = {
  open: { text: 'Open', icon: 'circle-alert', color: 'red' },
  good: { text: '', icon: 'thumbs-up', color: 'green' },
  closed: CLOSED_STYLE,
  'closed with savings': { text: 'Closed with Savings', icon: 'piggy-bank', color: 'green' },
  pending: { text: 'Pending', icon: 'clock', color: 'orange' },
  'pending - client input': { text: 'Pending - Client Input', icon: 'user-round-pen', color: 'yellow' },
  'closed - public': CLOSED_STYLE,
};

/** Statuses after which an alert can no longer be finalized. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['closed', 'closed with savings', 'closed - public']);

function isAlertStatus(status: string): status is AlertStatus {
  return Object.hasOwn(ALERT_STATUSES, status);
}

/** Display of a status from the API, case-insensitive; unknown values show as given so nothing is hidden. */
export function alertStatusDisplay(status: string): AlertStatusStyle {
  const key = status.trim().toLowerCase();
  return isAlertStatus(key) ? ALERT_STATUSES[key] : { text: status, icon: 'circle-help', color: 'grey' };
}

/** An alert is finalized only once every note is closed and it is not already closed. */
export function canFinalizeAlert(alert: { status: string }, notes: readonly { closed: boolean }[]): boolean {
  if (FINAL_STATUSES.has(alert.status.trim().toLowerCase())) return false;
  return notes.length > 0 && notes.every((note) => note.closed);
}

/** The bill fields the anomaly rule reads. */
export interface BillVariances {
  lateFee?: number | null;
  chargeVarianceMoM?: number | null;
  chargeVarianceYoY?: number | null;
  usageVarianceMoM?: number | null;
  usageVarianceYoY?: number | null;
  variancePercentageChargeMoM?: number | null;
  variancePercentageChargeYoY?: number | null;
  variancePercentageUsageMoM?: number | null;
  variancePercentageUsageYoY?: number | null;
}

function isPresent(value: number | null | undefined): boolean {
  return value != null && value !== 0 && !Number.isNaN(value);
}

/** A late fee, more than one variance, or any variance above 100 % flags a bill for attention. */
export function isBillAnomaly(b: BillVariances): boolean {
  if ((b.lateFee ?? 0) > 0) return true;
  const variances = [b.chargeVarianceMoM, b.chargeVarianceYoY, b.usageVarianceMoM, b.usageVarianceYoY];
  if (variances.filter(isPresent).length > 1) return true;
  const percentages = [
    b.variancePercentageChargeMoM,
    b.variancePercentageChargeYoY,
    b.variancePercentageUsageMoM,
    b.variancePercentageUsageYoY,
  ];
  return percentages.some((p) => (p ?? 0) > 100);
}

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

/** Every status, in the spec's order (spec 001 §4): the only values `PUT /alerts/{id}` accepts. */
export const ALERT_STATUS_VALUES = Object.keys(ALERT_STATUSES) as AlertStatus[];

/** The status Finalize sets. */
export const FINALIZED_STATUS: AlertStatus = 'closed';

/** Statuses after which an alert can no longer be finalized. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['closed', 'closed with savings', 'closed - public']);

/** Whether a text is one of the spec's statuses, exactly as the API spells it. */
export function isAlertStatus(status: string): status is AlertStatus {
  return Object.hasOwn(ALERT_STATUSES, status);
}

/** Whether a status closes the alert (closed, closed with savings, closed - public), case-insensitive. */
export function isFinalStatus(status: string): boolean {
  return FINAL_STATUSES.has(status.trim().toLowerCase());
}

/** Display of a status from the API, case-insensitive; unknown values show as given so nothing is hidden. */
export function alertStatusDisplay(status: string): AlertStatusStyle {
  const key = status.trim().toLowerCase();
  return isAlertStatus(key) ? ALERT_STATUSES[key] : { text: status, icon: 'circle-help', color: 'grey' };
}

/**
 * Why an alert cannot be finalized (spec 001 §4: not when it is closed or closed with savings, has no notes, or a
 * note is not closed), in the words the page shows; null when it can.
 */
export function finalizeBlocker(
  alert: { status: string },
  notes: readonly { closed: boolean }[],
): string | null {
  if (isFinalStatus(alert.status)) return 'This alert is already closed.';
  if (notes.length === 0) return 'Add a note before finalizing.';
  const open = notes.filter((note) => !note.closed).length;
  if (open > 0) return `Close ${open === 1 ? 'the open note' : `the ${open} open notes`} before finalizing.`;
  return null;
}

/** An alert is finalized only once every note is closed and it is not already closed. */
export function canFinalizeAlert(alert: { status: string }, notes: readonly { closed: boolean }[]): boolean {
  return finalizeBlocker(alert, notes) === null;
}

/**
 * Why an alert may not move to `next`, or null when it may: `next` must be a status of the spec, and closing an
 * open alert is finalizing it, so the finalize rule applies. Moving between closed statuses and reopening are free.
 * The server (`PUT /alerts/{id}`) and the page (before queueing) ask this same rule.
 */
export function statusChangeError(
  alert: { status: string },
  notes: readonly { closed: boolean }[],
  next: string,
): string | null {
  if (!isAlertStatus(next)) return `"${next}" is not an alert status.`;
  if (isFinalStatus(next) && !isFinalStatus(alert.status)) return finalizeBlocker(alert, notes);
  return null;
}

/** The longest alert note, in characters. */
export const ALERT_NOTE_MAX = 4000;

/** Why a note text cannot be saved (blank, too long), or null; the page checks before queueing, the server again. */
export function alertNoteError(note: string): string | null {
  const text = note.trim();
  if (text === '') return 'A note cannot be empty.';
  if (text.length > ALERT_NOTE_MAX) return `A note has at most ${ALERT_NOTE_MAX} characters.`;
  return null;
}

/** Whether clients asking for public alerts only (`showPublicOnly`) see an alert: closed - public, or marked public. */
export function isPublicAlert(alert: { status: string; isPublic: boolean }): boolean {
  return alert.isPublic || alert.status.trim().toLowerCase() === 'closed - public';
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

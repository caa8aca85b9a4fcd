// Alerts raised by running the anomaly rule of spec 001 §4 (isBillAnomaly) over each account's bills:
// month-over-month and year-over-year variances of charges and usage, and late fees.
import { isBillAnomaly } from '../../../src/domain/alerts';
import type { AlertStatus, BillVariances } from '../../../src/domain/alerts';
import type { alertNotes, alerts } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { AccountBills, BillRow, CompanyContext } from './context';
import { addDays, daysBetween, stamp } from './dates';
import { rngFor } from './random';
import type { Rng } from './random';

/** Alerts of a company and their notes. */
export interface AlertData {
  alerts: SyncedInsert<typeof alerts>[];
  notes: SyncedInsert<typeof alertNotes>[];
}

type AlertRow = SyncedInsert<typeof alerts> & { id: string; importDate: string; status: AlertStatus };

/** Every status of spec 001 §4; the seed makes sure each one appears. */
export const SEEDED_ALERT_STATUSES: readonly AlertStatus[] = [
  'open',
  'good',
  'closed',
  'closed with savings',
  'pending',
  'pending - client input',
  'closed - public',
];

const CLOSED: ReadonlySet<AlertStatus> = new Set(['closed', 'closed with savings', 'closed - public']);

// A variance counts once it passes these percentages; gas swings more with the seasons, so its bar is higher.
const MOM_THRESHOLD: Readonly<Record<string, number>> = { natural_gas: 60 };
const DEFAULT_MOM_THRESHOLD = 35;
const YOY_THRESHOLD = 30;

function percent(current: number, base: number | null): number | null {
  if (base === null || base === 0) return null;
  return Math.round(((current - base) / base) * 10000) / 100;
}

function primaryUsage(bill: BillRow): number | null {
  return bill.services[0]?.usage ?? null;
}

function usable(bill: BillRow | undefined): BillRow | undefined {
  return bill && !bill.isInvoiceMissing ? bill : undefined;
}

/** Charges without the late fee, which has a rule of its own. */
function charges(bill: BillRow): number {
  return bill.totalNewCharges - bill.lateFee;
}

function beyond(pct: number | null, limit: number): boolean {
  return pct !== null && Math.abs(pct) > limit;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The anomaly inputs of a bill, given the bills a month and a year before (missing invoices compare to nothing). */
export function billVariances(
  bill: BillRow,
  previous: BillRow | undefined,
  yearAgo: BillRow | undefined,
): BillVariances {
  const prev = usable(previous);
  const year = usable(yearAgo);
  const mom = MOM_THRESHOLD[bill.services[0]?.serviceType ?? ''] ?? DEFAULT_MOM_THRESHOLD;
  const usage = primaryUsage(bill);
  const prevUsage = prev ? primaryUsage(prev) : null;
  const yearUsage = year ? primaryUsage(year) : null;
  const chargeMoM = prev ? percent(charges(bill), charges(prev)) : null;
  const chargeYoY = year ? percent(charges(bill), charges(year)) : null;
  const usageMoM = usage !== null ? percent(usage, prevUsage) : null;
  const usageYoY = usage !== null ? percent(usage, yearUsage) : null;
  return {
    lateFee: bill.lateFee > 0 ? bill.lateFee : null,
    chargeVarianceMoM: prev && beyond(chargeMoM, mom) ? round(charges(bill) - charges(prev), 2) : null,
    chargeVarianceYoY:
      year && beyond(chargeYoY, YOY_THRESHOLD) ? round(charges(bill) - charges(year), 2) : null,
    usageVarianceMoM: usage !== null && beyond(usageMoM, mom) ? round(usage - (prevUsage ?? 0), 3) : null,
    usageVarianceYoY:
      usage !== null && beyond(usageYoY, YOY_THRESHOLD) ? round(usage - (yearUsage ?? 0), 3) : null,
    variancePercentageChargeMoM: chargeMoM,
    variancePercentageChargeYoY: chargeYoY,
    variancePercentageUsageMoM: usageMoM,
    variancePercentageUsageYoY: usageYoY,
  };
}

function statusFor(rng: Rng, ageDays: number): AlertStatus {
  if (ageDays <= 75)
    return rng.weighted<AlertStatus>(['open', 'pending', 'pending - client input', 'good'], [45, 25, 15, 15]);
  return rng.weighted<AlertStatus>(
    ['closed', 'closed with savings', 'closed - public', 'good', 'pending'],
    [40, 20, 15, 20, 5],
  );
}

/** Gives every status at least one alert when there are enough alerts, re-using statuses that appear twice. */
function coverStatuses(rows: AlertRow[], rng: Rng): void {
  if (rows.length < SEEDED_ALERT_STATUSES.length) return;
  for (const status of SEEDED_ALERT_STATUSES) {
    if (rows.some((row) => row.status === status)) continue;
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
    const donors = rows.filter((row) => (counts.get(row.status) ?? 0) > 1);
    const donor = donors.length > 0 ? rng.pick(donors) : undefined;
    if (donor) donor.status = status;
  }
}

function noteText(v: BillVariances, status: AlertStatus, rng: Rng, vendorName: string): string {
  if (status === 'pending - client input')
    return rng.pick([
      'Site manager: extended holiday hours this month; please confirm against the schedule.',
      'Facilities: a rooftop unit was replaced mid-month; contractor power may be on this bill.',
    ]);
  if (status === 'closed with savings')
    return `${vendorName} agreed to re-bill; a credit of $${rng.int(80, 2400)} posts on the next invoice.`;
  if ((v.lateFee ?? 0) > 0)
    return `Late fee of $${(v.lateFee ?? 0).toFixed(2)} billed after a late payment; courtesy credit requested from ${vendorName}.`;
  const usage =
    v.variancePercentageUsageMoM ?? v.variancePercentageUsageYoY ?? v.variancePercentageChargeMoM ?? 0;
  if (usage > 0)
    return `Usage up ${Math.round(usage)}%: asked the site to check for equipment left running or a leak.`;
  if (usage < 0)
    return `Usage down ${Math.round(-usage)}%: likely an estimated read; watching for a catch-up bill.`;
  return 'Reviewed against last year: the variance follows a tariff change.';
}

/** Runs the anomaly rule over every account's bills and spreads the alerts over all statuses. */
export function generateAlerts(ctx: CompanyContext, accountBills: readonly AccountBills[]): AlertData {
  if (ctx.plan.flags.alertsAccess !== true) return { alerts: [], notes: [] };
  const rng = rngFor(ctx.seed, ctx.plan.key, 'alerts');
  const rows: AlertRow[] = [];
  const sources = new Map<string, { variances: BillVariances; vendorName: string }>();
  for (const { account, bills } of accountBills) {
    bills.forEach((bill, t) => {
      if (bill.isInvoiceMissing || !bill.invoiceDate) return;
      const variances = billVariances(bill, bills[t - 1], bills[t - 12]);
      if (!isBillAnomaly(variances)) return;
      const importDate = addDays(bill.invoiceDate, 2);
      const service = bill.services[0];
      const row: AlertRow = {
        companyId: ctx.companyId,
        updatedAt: ctx.stamp,
        id: rng.uuid(),
        accountId: account.row.id,
        locationId: account.location.row.id,
        billId: bill.id,
        status: statusFor(rng, daysBetween(importDate, ctx.asOf)),
        importDate,
        closedAt: null,
        serviceType: service?.serviceType ?? 'electric',
        usageUoM: service?.unit ?? null,
        chargeVarianceMoM: variances.chargeVarianceMoM ?? null,
        chargeVarianceYoY: variances.chargeVarianceYoY ?? null,
        usageVarianceMoM: variances.usageVarianceMoM ?? null,
        usageVarianceYoY: variances.usageVarianceYoY ?? null,
        lateFee: variances.lateFee ?? null,
        variancePercentageChargeMoM: variances.variancePercentageChargeMoM ?? null,
        variancePercentageChargeYoY: variances.variancePercentageChargeYoY ?? null,
        variancePercentageUsageMoM: variances.variancePercentageUsageMoM ?? null,
        variancePercentageUsageYoY: variances.variancePercentageUsageYoY ?? null,
        isPublic: false,
      };
      rows.push(row);
      sources.set(row.id, { variances, vendorName: account.vendorName });
    });
  }
  coverStatuses(rows, rng);

  const notes: SyncedInsert<typeof alertNotes>[] = [];
  const authors = [ctx.staff.consultantId, ctx.staff.superId];
  for (const row of rows) {
    const closed = CLOSED.has(row.status);
    // Closed after its notes (written within a week of the import).
    const closedOn = addDays(row.importDate, rng.int(10, 40));
    if (closed) row.closedAt = stamp(closedOn < ctx.asOf ? closedOn : addDays(ctx.asOf, -1), 16);
    row.isPublic =
      row.status === 'closed - public' || (row.status === 'closed with savings' && rng.chance(0.3));
    const odds = closed
      ? 0.6
      : row.status === 'good'
        ? 0.1
        : row.status === 'pending - client input'
          ? 1
          : 0.4;
    if (!rng.chance(odds)) continue;
    const source = sources.get(row.id);
    const count = rng.int(1, 2);
    for (let n = 0; n < count; n += 1) {
      const created = addDays(row.importDate, n * 4 + rng.int(0, 3));
      const fromClient = row.status === 'pending - client input' && n === 0 && ctx.staff.clientIds.length > 0;
      const noteClosed = closed || rng.chance(0.5);
      notes.push({
        companyId: ctx.companyId,
        updatedAt: ctx.stamp,
        id: rng.uuid(),
        alertId: row.id,
        note: source
          ? noteText(source.variances, n === 0 ? row.status : 'open', rng, source.vendorName)
          : 'Reviewed.',
        closed: noteClosed,
        createdBy: fromClient ? (ctx.staff.clientIds[0] ?? null) : rng.pick(authors),
        createDate: stamp(created < ctx.asOf ? created : addDays(ctx.asOf, -1), 10 + n),
        modifiedAt: noteClosed && row.closedAt ? row.closedAt : null,
      });
    }
  }
  return { alerts: rows, notes };
}

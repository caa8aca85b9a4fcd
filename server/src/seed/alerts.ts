// Alerts raised by the bill audits (src/domain/billAudits.ts: the spec's anomaly flag and the auditor's checks) over
// each account's bills as of the seed's date, as the server raises them when bills arrive; the seed then spreads them
// over every status and writes their notes.
import type { AlertStatus, BillVariances } from '../../../src/domain/alerts';
import { auditAccountBills, billLineFacts } from '../../../src/domain/billAudits';
import type { BillData } from './bills';
import type { alertNotes, alerts } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { AccountBills, CompanyContext } from './context';
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

function noteText(v: BillVariances, rule: string, status: AlertStatus, rng: Rng, vendorName: string): string {
  if (status === 'pending - client input')
    return rng.pick([
      'Site manager: extended holiday hours this month; please confirm against the schedule.',
      'Facilities: a rooftop unit was replaced mid-month; contractor power may be on this bill.',
    ]);
  if (status === 'closed with savings')
    return `${vendorName} agreed to re-bill; a credit of $${rng.int(80, 2400)} posts on the next invoice.`;
  if (rule === 'missing_bill') return `Asked ${vendorName} for a copy of the missing invoice.`;
  if (rule === 'duplicate_bill')
    return `${vendorName} confirmed the duplicate; it is held back from payment.`;
  if (rule === 'demand_spike')
    return 'Demand peak checked with the site: a chiller restart after maintenance.';
  if (rule === 'rate_change' || rule === 'unit_cost_vs_last_year')
    return `Rate checked against the tariff: ${vendorName} moved the account to a new rate.`;
  if (rule === 'power_factor')
    return 'Power factor below the tariff’s limit: asked the site to check its capacitor bank.';
  if (rule === 'estimated_bill')
    return `Asked ${vendorName} for an actual read; the next bill should true up the estimate.`;
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

/**
 * Runs the bill audits over every account's bills (with what their lines tell: estimated reads, power-factor
 * charges) and spreads the alerts over all statuses.
 */
export function generateAlerts(
  ctx: CompanyContext,
  accountBills: readonly AccountBills[],
  lines: Pick<BillData, 'usages' | 'charges'> = { usages: [], charges: [] },
): AlertData {
  if (ctx.plan.flags.alertsAccess !== true) return { alerts: [], notes: [] };
  const rng = rngFor(ctx.seed, ctx.plan.key, 'alerts');
  const rows: AlertRow[] = [];
  const sources = new Map<string, { variances: BillVariances; rule: string; vendorName: string }>();
  const facts = billLineFacts(lines.usages, lines.charges);
  for (const { account, bills } of accountBills) {
    const audited = {
      id: account.row.id,
      services: account.row.services,
      nextExpectedDeliveryDate: account.row.nextExpectedDeliveryDate ?? null,
    };
    const withFacts = facts.size === 0 ? bills : bills.map((bill) => ({ ...bill, ...facts.get(bill.id) }));
    for (const raised of auditAccountBills(audited, withFacts, ctx.asOf)) {
      const { auditKey, rule, measured, reference, importDate, ...variances } = raised;
      const row: AlertRow = {
        companyId: ctx.companyId,
        updatedAt: ctx.stamp,
        id: rng.uuid(),
        accountId: account.row.id,
        locationId: account.location.row.id,
        billId: raised.billId,
        billMonth: raised.billMonth,
        status: statusFor(rng, daysBetween(importDate, ctx.asOf)),
        importDate,
        closedAt: null,
        serviceType: raised.serviceType,
        usageUoM: raised.usageUoM,
        chargeVarianceMoM: variances.chargeVarianceMoM,
        chargeVarianceYoY: variances.chargeVarianceYoY,
        usageVarianceMoM: variances.usageVarianceMoM,
        usageVarianceYoY: variances.usageVarianceYoY,
        lateFee: variances.lateFee,
        variancePercentageChargeMoM: variances.variancePercentageChargeMoM,
        variancePercentageChargeYoY: variances.variancePercentageChargeYoY,
        variancePercentageUsageMoM: variances.variancePercentageUsageMoM,
        variancePercentageUsageYoY: variances.variancePercentageUsageYoY,
        isPublic: false,
        rule,
        measured,
        reference,
        auditKey,
      };
      rows.push(row);
      sources.set(row.id, { variances, rule, vendorName: account.vendorName });
    }
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
          ? noteText(source.variances, source.rule, n === 0 ? row.status : 'open', rng, source.vendorName)
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

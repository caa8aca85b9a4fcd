// Bill audits: the checks that raise alerts when bills arrive. Beside the spec's anomaly flag (spec 001 §4,
// isBillAnomaly), the checks a utility-bill auditor runs: usage and charges per day against recent months and the
// same month last year, 12-month highs and lows, duplicate bills, late fees, missing bills, demand spikes and rates
// off their average. Pure: the server runs them over an account's bills when bills are written, the seed over the
// bills it generates. Every threshold is in AUDIT_THRESHOLDS.
import { isBillAnomaly } from './alerts';
import type { BillVariances } from './alerts';
import type { BillServiceSummary } from './billFigures';
import { addDays, daysBetween, daysOfMonth } from './dates';
import { fromCents, toCents } from './money';
import { splitServices } from './serviceTypes';
import { addMonths } from './totals';

/** The audits, in the order their alerts are listed for one bill; the value is stored as the alert's `rule`. */
export const AUDIT_RULES = [
  'anomaly',
  'usage_change',
  'charge_change',
  'twelve_month_high',
  'twelve_month_low',
  'duplicate_bill',
  'late_fee',
  'missing_bill',
  'demand_spike',
  'rate_change',
] as const;

/** One audit's key. */
export type AuditRule = (typeof AUDIT_RULES)[number];

/** Every threshold of the audits, in one place. Percentages are of the comparison value (100 = twice as much). */
export const AUDIT_THRESHOLDS = {
  /** Usage and charges per day, against the previous two months and the same month last year: above this... */
  changeAbovePct: 20,
  /** ...or below this, against both. */
  changeBelowPct: -50,
  /** A 12-month high (low) must beat the previous 12 months' highest (lowest) bill by this much. */
  extremeMarginPct: 10,
  /** Billed months out of the previous 12 that the 12-month audits (high, low, demand, rate) need. */
  minHistoryMonths: 10,
  /** Demand (kW) above the previous 12 months' average by more than this. */
  demandSpikePct: 30,
  /** Rate per unit off the account's 12-month average by more than this, either way. */
  rateOffPct: 25,
  /** Days past the expected delivery date before a bill counts as missing. */
  missingGraceDays: 5,
  /** Days from an invoice to its import, when the alert is raised. */
  importLagDays: 2,
  /** The spec's anomaly flag counts a month-over-month variance as present beyond this percentage... */
  varianceMoMPct: 35,
  /** ...except for services that swing more with the seasons. */
  varianceMoMPctByService: { natural_gas: 60 } as Readonly<Record<string, number>>,
  /** A year-over-year variance is present beyond this percentage. */
  varianceYoYPct: 30,
} as const;

/** The bill fields the audits read (a synced bill row has them all). */
export interface AuditBill {
  id: string;
  billMonth: string;
  invoiceDate: string | null;
  readDateFrom: string | null;
  readDateTo: string | null;
  totalNewCharges: number;
  lateFee: number;
  isInvoiceMissing: boolean;
  services: readonly BillServiceSummary[];
}

/** The account fields the audits read. */
export interface AuditAccount {
  id: string;
  /** The account's comma list of services: a missing bill has no summary to name its service. */
  services: string;
  nextExpectedDeliveryDate: string | null;
}

/** An alert an audit raises: what the alert row stores, before its status and location are given. */
export interface RaisedAlert extends Required<BillVariances> {
  /** Unique per bill and rule (per account and expected date for a missing bill): never raised twice. */
  auditKey: string;
  rule: AuditRule;
  billId: string | null;
  /** The bill's month (null with the bill): pages place an alert in a window of months without reading its bill. */
  billMonth: string | null;
  accountId: string;
  serviceType: string;
  usageUoM: string | null;
  importDate: string;
  /** The figure the audit found (a percentage, an amount, kW, a rate), for the alert's words. */
  measured: number | null;
  /** What it was compared with. */
  reference: number | null;
}

/** What one audit found on one bill. */
export interface Finding {
  rule: AuditRule;
  measured: number | null;
  reference: number | null;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0;
}

/** The change from `base` to `current` in percent (2 decimals); null without a base to compare with. */
export function percentChange(current: number, base: number | null | undefined): number | null {
  if (base === null || base === undefined || base === 0) return null;
  return round(((current - base) / Math.abs(base)) * 100, 2);
}

/** Charges without the late fee, which has an audit of its own. */
export function billCharges(bill: AuditBill): number {
  return fromCents(toCents(bill.totalNewCharges) - toCents(bill.lateFee));
}

/** The bill's main service: the first of its summary (the late fee is billed with it). */
function primaryService(bill: AuditBill): BillServiceSummary | undefined {
  return bill.services[0];
}

/** Days the bill covers: its read period, else its bill month. */
export function billDays(bill: AuditBill): number {
  if (bill.readDateFrom && bill.readDateTo)
    return Math.max(1, daysBetween(bill.readDateFrom, bill.readDateTo) + 1);
  return daysOfMonth(bill.billMonth);
}

function average(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** An account's bills with invoices, by bill month (the earliest invoice of a month when there are two). */
export type BillHistory = ReadonlyMap<string, AuditBill>;

/** The history the audits compare with: usable bills (not missing invoices) by month. */
export function billHistory(bills: readonly AuditBill[]): BillHistory {
  const byMonth = new Map<string, AuditBill>();
  for (const bill of [...bills].sort(compareBills))
    if (!bill.isInvoiceMissing && !byMonth.has(bill.billMonth)) byMonth.set(bill.billMonth, bill);
  return byMonth;
}

/** Bills in order of arrival: bill month, invoice date, id. */
function compareBills(a: AuditBill, b: AuditBill): number {
  const key = (bill: AuditBill) => `${bill.billMonth}|${bill.invoiceDate ?? ''}|${bill.id}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

/** The billed months among the `count` months before `month`, nearest first. */
function monthsBefore(history: BillHistory, month: string, count: number): AuditBill[] {
  const found: AuditBill[] = [];
  for (let back = 1; back <= count; back += 1) {
    const bill = history.get(addMonths(month, -back));
    if (bill) found.push(bill);
  }
  return found;
}

/**
 * The spec's variance fields of a bill against the bills a month and a year before (absent ones compare to nothing):
 * the percentages always, the amounts only where the change passes its threshold (a variance "present", spec 001 §4).
 */
export function billVariances(
  bill: AuditBill,
  previous: AuditBill | undefined,
  yearAgo: AuditBill | undefined,
): Required<BillVariances> {
  const t = AUDIT_THRESHOLDS;
  const mom = t.varianceMoMPctByService[primaryService(bill)?.serviceType ?? ''] ?? t.varianceMoMPct;
  const usageOf = (b: AuditBill | undefined) => (b ? (primaryService(b)?.usage ?? null) : null);
  const usage = usageOf(bill);
  const charges = billCharges(bill);
  const beyond = (pct: number | null, limit: number) => pct !== null && Math.abs(pct) > limit;
  const chargeMoM = previous ? percentChange(charges, billCharges(previous)) : null;
  const chargeYoY = yearAgo ? percentChange(charges, billCharges(yearAgo)) : null;
  const usageMoM = usage === null ? null : percentChange(usage, usageOf(previous));
  const usageYoY = usage === null ? null : percentChange(usage, usageOf(yearAgo));
  const usageVariance = (base: number | null, pct: number | null, limit: number) =>
    usage !== null && base !== null && beyond(pct, limit) ? round(usage - base, 3) : null;
  return {
    lateFee: bill.lateFee > 0 ? bill.lateFee : null,
    chargeVarianceMoM:
      previous && beyond(chargeMoM, mom)
        ? fromCents(toCents(charges) - toCents(billCharges(previous)))
        : null,
    chargeVarianceYoY:
      yearAgo && beyond(chargeYoY, t.varianceYoYPct)
        ? fromCents(toCents(charges) - toCents(billCharges(yearAgo)))
        : null,
    usageVarianceMoM: usageVariance(usageOf(previous), usageMoM, mom),
    usageVarianceYoY: usageVariance(usageOf(yearAgo), usageYoY, t.varianceYoYPct),
    variancePercentageChargeMoM: chargeMoM,
    variancePercentageChargeYoY: chargeYoY,
    variancePercentageUsageMoM: usageMoM,
    variancePercentageUsageYoY: usageYoY,
  };
}

/**
 * A change per day against the previous two months (their average) and the same month last year, when it passes
 * the thresholds against both: comparing with last year too keeps seasonal swings (a first cold month) quiet.
 */
export function changeFinding(
  rule: 'usage_change' | 'charge_change',
  perDay: (bill: AuditBill) => number | null,
  bill: AuditBill,
  history: BillHistory,
): Finding | null {
  const current = perDay(bill);
  if (current === null) return null;
  const recent = average(
    monthsBefore(history, bill.billMonth, 2).flatMap((b) => {
      const value = perDay(b);
      return value === null ? [] : [value];
    }),
  );
  const lastYear = history.get(addMonths(bill.billMonth, -12));
  const recentPct = percentChange(current, recent);
  const yearPct = percentChange(current, lastYear ? perDay(lastYear) : null);
  if (recentPct === null || yearPct === null) return null;
  const t = AUDIT_THRESHOLDS;
  const isUp = recentPct > t.changeAbovePct && yearPct > t.changeAbovePct;
  const isDown = recentPct < t.changeBelowPct && yearPct < t.changeBelowPct;
  return isUp || isDown ? { rule, measured: recentPct, reference: yearPct } : null;
}

/** Usage of the main service per day of the bill. */
export function usagePerDay(bill: AuditBill): number | null {
  const usage = primaryService(bill)?.usage;
  return usage === null || usage === undefined ? null : usage / billDays(bill);
}

/** Charges (without the late fee) per day of the bill. */
export function chargesPerDay(bill: AuditBill): number {
  return billCharges(bill) / billDays(bill);
}

/** A bill above the highest (below the lowest) charges of the previous 12 months, past the margin. */
export function extremeFinding(bill: AuditBill, history: BillHistory): Finding | null {
  const before = monthsBefore(history, bill.billMonth, 12).map(billCharges);
  if (before.length < AUDIT_THRESHOLDS.minHistoryMonths) return null;
  const charges = billCharges(bill);
  const margin = AUDIT_THRESHOLDS.extremeMarginPct / 100;
  const high = Math.max(...before);
  const low = Math.min(...before);
  if (charges > high * (1 + margin)) return { rule: 'twelve_month_high', measured: charges, reference: high };
  if (charges < low * (1 - margin)) return { rule: 'twelve_month_low', measured: charges, reference: low };
  return null;
}

/** The greatest demand (kW) of the bill's services. */
function demandOf(bill: AuditBill): number | null {
  let most: number | null = null;
  for (const service of bill.services)
    if (service.demandKw !== null && (most === null || service.demandKw > most)) most = service.demandKw;
  return most;
}

/** Demand (kW) above the previous 12 months' average by more than the threshold. */
export function demandFinding(bill: AuditBill, history: BillHistory): Finding | null {
  const demand = demandOf(bill);
  if (demand === null) return null;
  const before = monthsBefore(history, bill.billMonth, 12).flatMap((b) => {
    const value = demandOf(b);
    return value === null ? [] : [value];
  });
  if (before.length < AUDIT_THRESHOLDS.minHistoryMonths) return null;
  const mean = average(before);
  const pct = percentChange(demand, mean);
  return pct !== null && pct > AUDIT_THRESHOLDS.demandSpikePct
    ? { rule: 'demand_spike', measured: demand, reference: round(mean ?? 0, 3) }
    : null;
}

/** The main service's charges per unit of usage (the late fee left out); null without usage. */
export function ratePerUnit(bill: AuditBill): number | null {
  const service = primaryService(bill);
  if (!service || service.usage === null || service.usage <= 0) return null;
  return (toCents(service.charges) - toCents(bill.lateFee)) / 100 / service.usage;
}

/** A rate per unit off the account's 12-month average by more than the threshold, either way. */
export function rateFinding(bill: AuditBill, history: BillHistory): Finding | null {
  const rate = ratePerUnit(bill);
  if (rate === null) return null;
  const before = monthsBefore(history, bill.billMonth, 12).flatMap((b) => {
    const value = ratePerUnit(b);
    return value === null ? [] : [value];
  });
  if (before.length < AUDIT_THRESHOLDS.minHistoryMonths) return null;
  const mean = average(before);
  const pct = percentChange(rate, mean);
  return pct !== null && Math.abs(pct) > AUDIT_THRESHOLDS.rateOffPct
    ? { rule: 'rate_change', measured: round(rate, 5), reference: round(mean ?? 0, 5) }
    : null;
}

/** The service period that makes two bills the same bill: the read dates, else the bill month. */
function periodOf(bill: AuditBill): string {
  return bill.readDateFrom && bill.readDateTo ? `${bill.readDateFrom}/${bill.readDateTo}` : bill.billMonth;
}

/** A bill with the same period and amount as an earlier bill of the account: the later one is the duplicate. */
export function duplicateFinding(bill: AuditBill, bills: readonly AuditBill[]): Finding | null {
  if (bill.isInvoiceMissing) return null;
  const cents = toCents(bill.totalNewCharges);
  const original = bills.find(
    (other) =>
      other.id !== bill.id &&
      !other.isInvoiceMissing &&
      compareBills(other, bill) < 0 &&
      periodOf(other) === periodOf(bill) &&
      toCents(other.totalNewCharges) === cents,
  );
  return original ? { rule: 'duplicate_bill', measured: bill.totalNewCharges, reference: null } : null;
}

/** Every finding on one bill with an invoice, in AUDIT_RULES order. */
export function billFindings(
  bill: AuditBill,
  history: BillHistory,
  bills: readonly AuditBill[],
  variances: Required<BillVariances>,
): Finding[] {
  const found: (Finding | null)[] = [
    isBillAnomaly(variances) ? { rule: 'anomaly', measured: null, reference: null } : null,
    changeFinding('usage_change', usagePerDay, bill, history),
    changeFinding('charge_change', chargesPerDay, bill, history),
    extremeFinding(bill, history),
    duplicateFinding(bill, bills),
    bill.lateFee > 0 ? { rule: 'late_fee', measured: bill.lateFee, reference: null } : null,
    demandFinding(bill, history),
    rateFinding(bill, history),
  ];
  return found.filter((finding): finding is Finding => finding !== null);
}

const NO_VARIANCES: Required<BillVariances> = {
  lateFee: null,
  chargeVarianceMoM: null,
  chargeVarianceYoY: null,
  usageVarianceMoM: null,
  usageVarianceYoY: null,
  variancePercentageChargeMoM: null,
  variancePercentageChargeYoY: null,
  variancePercentageUsageMoM: null,
  variancePercentageUsageYoY: null,
};

/**
 * Audits an account's bills (all of them, in any order: the history the audits compare with) as of `today`
 * (`YYYY-MM-DD`). `onlyBillIds` limits the bills audited (the ones just written); the account's missing-bill check
 * always runs. Alerts come in bill month order, then AUDIT_RULES order, each with its unique audit key.
 */
export function auditAccountBills(
  account: AuditAccount,
  bills: readonly AuditBill[],
  today: string,
  onlyBillIds?: ReadonlySet<string>,
): RaisedAlert[] {
  const t = AUDIT_THRESHOLDS;
  const history = billHistory(bills);
  const sorted = [...bills].sort(compareBills);
  const fallbackService = splitServices(account.services)[0] ?? 'electric';
  const raised: RaisedAlert[] = [];
  const raise = (
    bill: AuditBill,
    finding: Finding,
    importDate: string,
    variances: Required<BillVariances> = NO_VARIANCES,
  ) => {
    const service = primaryService(bill);
    raised.push({
      ...variances,
      auditKey: `${bill.id}:${finding.rule}`,
      rule: finding.rule,
      billId: bill.id,
      billMonth: bill.billMonth,
      accountId: account.id,
      serviceType: service?.serviceType ?? fallbackService,
      usageUoM: service?.unit ?? null,
      importDate,
      measured: finding.measured,
      reference: finding.reference,
    });
  };
  for (const bill of sorted) {
    if (onlyBillIds && !onlyBillIds.has(bill.id)) continue;
    if (bill.isInvoiceMissing) {
      // Noticed once the month after it has passed the grace days.
      const noticed = addDays(`${addMonths(bill.billMonth, 1)}-01`, t.missingGraceDays);
      if (noticed <= today) raise(bill, { rule: 'missing_bill', measured: null, reference: null }, noticed);
      continue;
    }
    const variances = billVariances(
      bill,
      history.get(addMonths(bill.billMonth, -1)),
      history.get(addMonths(bill.billMonth, -12)),
    );
    const imported = bill.invoiceDate ? addDays(bill.invoiceDate, t.importLagDays) : today;
    const importDate = imported < today ? imported : today;
    for (const finding of billFindings(bill, history, sorted, variances))
      raise(bill, finding, importDate, variances);
  }
  const expected = account.nextExpectedDeliveryDate;
  if (expected && addDays(expected, t.missingGraceDays) < today) {
    const arrived = bills.some((bill) => !bill.isInvoiceMissing && (bill.invoiceDate ?? '') >= expected);
    if (!arrived) {
      // The key names the expected date: a bill that never comes is one alert, the next expected date another.
      raised.push({
        ...NO_VARIANCES,
        auditKey: `missing_bill:${account.id}:${expected}`,
        rule: 'missing_bill',
        billId: null,
        billMonth: null,
        accountId: account.id,
        serviceType: fallbackService,
        usageUoM: null,
        importDate: today,
        measured: null,
        reference: null,
      });
    }
  }
  return raised;
}

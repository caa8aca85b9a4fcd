// Bill audits: the checks that raise alerts when bills arrive. Beside the spec's anomaly flag (spec 001 §4,
// isBillAnomaly), the checks a utility-bill analyst runs (EnergyCAP's bill audits are the model): usage and cost per
// day against the prior months and, separately, the same month last year; cost per unit; 12-month highs and lows;
// the billing period (length, gaps and overlaps between an account's bills, periods ending in the future); the due
// date; estimated and zero-use bills; duplicate, re-issued and mis-totalled bills; late fees; missing bills; demand,
// load factor and power factor. Pure: the server runs them over an account's bills when bills are written, the seed
// over the bills it generates. Every threshold is a company's to change (billAuditThresholds.ts).
import { isBillAnomaly } from './alerts';
import type { BillVariances } from './alerts';
import { DEFAULT_AUDIT_THRESHOLDS } from './billAuditThresholds';
import type { AuditThresholds } from './billAuditThresholds';
import type { BillServiceSummary } from './billFigures';
import { addDays, daysBetween, daysOfMonth } from './dates';
import { fromCents, toCents } from './money';
import { splitServices } from './serviceTypes';
import { addMonths } from './totals';

export { DEFAULT_AUDIT_THRESHOLDS };
export type { AuditThresholds };

/**
 * The audits, in the order their alerts are listed for one bill; the value is stored as the alert's `rule`. A new
 * audit adds its key here, its label and words in alertMessage.ts, and its threshold in billAuditThresholds.ts.
 */
export const AUDIT_RULES = [
  'anomaly',
  'usage_vs_prior',
  'usage_vs_last_year',
  'cost_vs_prior',
  'cost_vs_last_year',
  'unit_cost_vs_last_year',
  'usage_twelve_month_high',
  'usage_twelve_month_low',
  'twelve_month_high',
  'twelve_month_low',
  'duplicate_bill',
  'reissued_bill',
  'duplicate_invoice_number',
  'total_mismatch',
  'billing_period_length',
  'period_gap',
  'period_overlap',
  'future_period',
  'due_date',
  'estimated_bill',
  'zero_use',
  'late_fee',
  'missing_bill',
  'demand_spike',
  'load_factor',
  'power_factor',
  'rate_change',
  'weather_outlier',
] as const;

/** One audit's key. */
export type AuditRule = (typeof AUDIT_RULES)[number];

/**
 * Keys of audits no longer run whose alerts may still be stored: the change audits that raised only when a bill
 * was beyond the threshold against both the prior months and last year (now four audits of their own).
 */
export const RETIRED_AUDIT_RULES = ['usage_change', 'charge_change'] as const;

/** A retired audit's key. */
export type RetiredAuditRule = (typeof RETIRED_AUDIT_RULES)[number];

/** The bill fields every audit reader has (a synced bill row, the reports' bills). */
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

/** A bill as the audits read it: what every reader has, and what a reader may add from the bill's lines. */
export interface AuditedBill extends AuditBill {
  /** When the bill is due; absent where the reader did not select it (the due-date audit then passes). */
  dueDate?: string | null;
  /** The vendor's invoice number, where bills carry one (an imported bill may). */
  invoiceNumber?: string | null;
  /** Whether a usage line is an estimated read (bill_usages.measurement_type 'Estimated'). */
  hasEstimatedRead?: boolean;
  /** The amount of charge lines for power factor or reactive power (kVAR), where the reader summed them. */
  powerFactorCharges?: number | null;
}

/** Whether a usage line's measurement type is an estimated read ('Estimated', 'EST', 'estimate'). */
export function isEstimatedRead(measurementType: string | null | undefined): boolean {
  return /^\s*est/i.test(measurementType ?? '');
}

/** Whether a charge line bills power factor or reactive power (kVAR, kVARh): its classification or description. */
export function isPowerFactorCharge(line: {
  chargeClassification?: string | null;
  description?: string | null;
}): boolean {
  const text = `${line.chargeClassification ?? ''} ${line.description ?? ''}`;
  return /power\s*factor|reactive|\bkvarh?\b/i.test(text);
}

/** What a bill's lines tell the audits beyond its summary. */
export type BillLineFacts = Pick<AuditedBill, 'hasEstimatedRead' | 'powerFactorCharges'>;

/**
 * The facts of each bill's lines (by bill id): an estimated read among its usage lines, the sum of its
 * power-factor charge lines. Bills without such lines are left out.
 */
export function billLineFacts(
  usages: Iterable<{ billId: string; measurementType?: string | null }>,
  charges: Iterable<{
    billId: string;
    chargeClassification?: string | null;
    description?: string | null;
    amount: number;
  }>,
): Map<string, BillLineFacts> {
  const facts = new Map<string, BillLineFacts>();
  for (const line of usages)
    if (isEstimatedRead(line.measurementType))
      facts.set(line.billId, { ...facts.get(line.billId), hasEstimatedRead: true });
  const cents = new Map<string, number>();
  for (const line of charges)
    if (isPowerFactorCharge(line))
      cents.set(line.billId, (cents.get(line.billId) ?? 0) + toCents(line.amount));
  for (const [billId, sum] of cents)
    facts.set(billId, { ...facts.get(billId), powerFactorCharges: fromCents(sum) });
  return facts;
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
  /** The figure the audit found (a percentage, an amount, kW, a rate, days), for the alert's words. */
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
export function billCharges(bill: AuditedBill): number {
  return fromCents(toCents(bill.totalNewCharges) - toCents(bill.lateFee));
}

/** The bill's main service: the first of its summary (the late fee is billed with it). */
function primaryService(bill: AuditedBill): BillServiceSummary | undefined {
  return bill.services[0];
}

/** The main service's usage; null when the bill has none. */
function primaryUsage(bill: AuditedBill): number | null {
  const usage = primaryService(bill)?.usage;
  return usage === null || usage === undefined ? null : usage;
}

// Figures every audit of a run reads many times (a bill is history for the 12 after it), worked out once per bill
// or history: a run stays linear in the account's bills. Weak maps, so nothing outlives the bills.
const daysOfBill = new WeakMap<AuditedBill, number>();
const monthsOfHistory = new WeakMap<BillHistory, Map<string, AuditedBill[]>>();

/** Days the bill covers: its read period, else its bill month. */
export function billDays(bill: AuditedBill): number {
  const known = daysOfBill.get(bill);
  if (known !== undefined) return known;
  const days =
    bill.readDateFrom && bill.readDateTo
      ? Math.max(1, daysBetween(bill.readDateFrom, bill.readDateTo) + 1)
      : daysOfMonth(bill.billMonth);
  daysOfBill.set(bill, days);
  return days;
}

function average(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** An account's bills with invoices, by bill month (the earliest invoice of a month when there are two). */
export type BillHistory = ReadonlyMap<string, AuditedBill>;

/** The history the audits compare with: usable bills (not missing invoices) by month. */
export function billHistory(bills: readonly AuditedBill[]): BillHistory {
  const byMonth = new Map<string, AuditedBill>();
  for (const bill of inArrivalOrder(bills))
    if (!bill.isInvoiceMissing && !byMonth.has(bill.billMonth)) byMonth.set(bill.billMonth, bill);
  return byMonth;
}

/** Bills in order of arrival: bill month, invoice date, id (each bill's key made once). */
function inArrivalOrder(bills: readonly AuditedBill[]): AuditedBill[] {
  return bills
    .map((bill) => ({ bill, key: `${bill.billMonth}|${bill.invoiceDate ?? ''}|${bill.id}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ bill }) => bill);
}

/** The billed months among the `count` months before `month`, nearest first. */
function monthsBefore(history: BillHistory, month: string, count: number): AuditedBill[] {
  let known = monthsOfHistory.get(history);
  if (!known) {
    known = new Map();
    monthsOfHistory.set(history, known);
  }
  const key = `${month}|${count}`;
  const cached = known.get(key);
  if (cached) return cached;
  const found: AuditedBill[] = [];
  for (let back = 1; back <= count; back += 1) {
    const bill = history.get(addMonths(month, -back));
    if (bill) found.push(bill);
  }
  known.set(key, found);
  return found;
}

/** A figure of each bill that has it. */
function figures(bills: readonly AuditedBill[], figure: (bill: AuditedBill) => number | null): number[] {
  return bills.flatMap((b) => {
    const value = figure(b);
    return value === null ? [] : [value];
  });
}

/**
 * The spec's variance fields of a bill against the bills a month and a year before (absent ones compare to nothing):
 * the percentages always, the amounts only where the change passes its threshold (a variance "present", spec 001 §4).
 */
export function billVariances(
  bill: AuditedBill,
  previous: AuditedBill | undefined,
  yearAgo: AuditedBill | undefined,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Required<BillVariances> {
  const mom = primaryService(bill)?.serviceType === 'natural_gas' ? t.varianceMoMPctGas : t.varianceMoMPct;
  const usageOf = (b: AuditedBill | undefined) => (b ? primaryUsage(b) : null);
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

/** Usage of the main service per day of the bill. */
export function usagePerDay(bill: AuditedBill): number | null {
  const usage = primaryUsage(bill);
  return usage === null ? null : usage / billDays(bill);
}

/** Charges (without the late fee) per day of the bill. */
export function chargesPerDay(bill: AuditedBill): number {
  return billCharges(bill) / billDays(bill);
}

/** Which per-day figure a change audit compares, and against what. */
export type ChangeRule = 'usage_vs_prior' | 'usage_vs_last_year' | 'cost_vs_prior' | 'cost_vs_last_year';

/**
 * A change per day against the average of the prior months (`priorMonths` billed months before it) or against the
 * same month last year, beyond that audit's own thresholds (EnergyCAP runs the two comparisons as separate audits).
 * `measured` is the bill's figure per day, `reference` the one compared with (both rounded to 4 decimals).
 */
export function changeFinding(
  rule: ChangeRule,
  bill: AuditedBill,
  history: BillHistory,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  const isUsage = rule === 'usage_vs_prior' || rule === 'usage_vs_last_year';
  const perDay = isUsage ? usagePerDay : chargesPerDay;
  const current = perDay(bill);
  if (current === null) return null;
  let base: number | null;
  if (rule === 'usage_vs_prior' || rule === 'cost_vs_prior') {
    base = average(figures(monthsBefore(history, bill.billMonth, t.priorMonths), perDay));
  } else {
    const lastYear = history.get(addMonths(bill.billMonth, -12));
    base = lastYear ? perDay(lastYear) : null;
  }
  const pct = percentChange(current, base);
  if (pct === null || base === null) return null;
  const limits: Record<ChangeRule, readonly [number, number]> = {
    usage_vs_prior: [t.usageVsPriorAbovePct, t.usageVsPriorBelowPct],
    usage_vs_last_year: [t.usageVsLastYearAbovePct, t.usageVsLastYearBelowPct],
    cost_vs_prior: [t.costVsPriorAbovePct, t.costVsPriorBelowPct],
    cost_vs_last_year: [t.costVsLastYearAbovePct, t.costVsLastYearBelowPct],
  };
  const [above, below] = limits[rule];
  return pct > above || pct < below ? { rule, measured: round(current, 4), reference: round(base, 4) } : null;
}

/**
 * A bill above the highest (below the lowest) of the previous 12 months, past the margin: charges for the
 * `twelve_month_*` audits, usage per day for the `usage_twelve_month_*` ones.
 */
export function extremeFinding(
  bill: AuditedBill,
  history: BillHistory,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
  of: 'charges' | 'usagePerDay' = 'charges',
): Finding | null {
  const figure = of === 'charges' ? billCharges : usagePerDay;
  const current = figure(bill);
  if (current === null) return null;
  const before = figures(monthsBefore(history, bill.billMonth, 12), figure);
  if (before.length < t.minHistoryMonths) return null;
  const [above, below] =
    of === 'charges' ? [t.extremeMarginPct, t.extremeMarginPct] : [t.usageHighMarginPct, t.usageLowMarginPct];
  const high = Math.max(...before);
  const low = Math.min(...before);
  const decimals = of === 'charges' ? 2 : 4;
  if (current > high * (1 + above / 100))
    return {
      rule: of === 'charges' ? 'twelve_month_high' : 'usage_twelve_month_high',
      measured: round(current, decimals),
      reference: round(high, decimals),
    };
  if (current < low * (1 - below / 100))
    return {
      rule: of === 'charges' ? 'twelve_month_low' : 'usage_twelve_month_low',
      measured: round(current, decimals),
      reference: round(low, decimals),
    };
  return null;
}

/** The greatest demand (kW) of the bill's services. */
function demandOf(bill: AuditedBill): number | null {
  let most: number | null = null;
  for (const service of bill.services)
    if (service.demandKw !== null && (most === null || service.demandKw > most)) most = service.demandKw;
  return most;
}

/** Demand (kW) above the previous 12 months' average by more than the threshold. */
export function demandFinding(
  bill: AuditedBill,
  history: BillHistory,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  const demand = demandOf(bill);
  if (demand === null) return null;
  const before = figures(monthsBefore(history, bill.billMonth, 12), demandOf);
  if (before.length < t.minHistoryMonths) return null;
  const mean = average(before);
  const pct = percentChange(demand, mean);
  return pct !== null && pct > t.demandSpikePct
    ? { rule: 'demand_spike', measured: demand, reference: round(mean ?? 0, 3) }
    : null;
}

/** The main service's charges per unit of usage (the late fee left out); null without usage. */
export function ratePerUnit(bill: AuditedBill): number | null {
  const service = primaryService(bill);
  if (!service || service.usage === null || service.usage <= 0) return null;
  return (toCents(service.charges) - toCents(bill.lateFee)) / 100 / service.usage;
}

/** A rate per unit off the account's 12-month average by more than the threshold, either way. */
export function rateFinding(
  bill: AuditedBill,
  history: BillHistory,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  const rate = ratePerUnit(bill);
  if (rate === null) return null;
  const before = figures(monthsBefore(history, bill.billMonth, 12), ratePerUnit);
  if (before.length < t.minHistoryMonths) return null;
  const mean = average(before);
  const pct = percentChange(rate, mean);
  return pct !== null && Math.abs(pct) > t.rateOffPct
    ? { rule: 'rate_change', measured: round(rate, 5), reference: round(mean ?? 0, 5) }
    : null;
}

/** Cost per unit against the same month last year, off by more than the threshold either way (same unit only). */
export function unitCostFinding(
  bill: AuditedBill,
  history: BillHistory,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  const rate = ratePerUnit(bill);
  const lastYear = history.get(addMonths(bill.billMonth, -12));
  if (rate === null || !lastYear || primaryService(lastYear)?.unit !== primaryService(bill)?.unit)
    return null;
  const base = ratePerUnit(lastYear);
  const pct = percentChange(rate, base);
  return pct !== null && base !== null && Math.abs(pct) > t.unitCostVsLastYearPct
    ? { rule: 'unit_cost_vs_last_year', measured: round(rate, 5), reference: round(base, 5) }
    : null;
}

/** A billing period shorter or longer than the thresholds; `reference` is the bound it crossed. */
export function periodLengthFinding(
  bill: AuditedBill,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  if (!bill.readDateFrom || !bill.readDateTo) return null;
  const days = billDays(bill);
  if (days < t.periodMinDays)
    return { rule: 'billing_period_length', measured: days, reference: t.periodMinDays };
  if (days > t.periodMaxDays)
    return { rule: 'billing_period_length', measured: days, reference: t.periodMaxDays };
  return null;
}

/**
 * A gap or an overlap between a bill's period and the previous bill's: a period should start the day after the
 * previous one ends. `measured` is the days missing (a gap) or shared (an overlap).
 */
export function continuityFinding(
  bill: AuditedBill,
  previous: AuditedBill | undefined,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  if (!previous?.readDateTo || !bill.readDateFrom || !bill.readDateTo || !previous.readDateFrom) return null;
  // The same period again is a duplicate or re-issued bill, which have audits of their own.
  if (previous.readDateFrom === bill.readDateFrom && previous.readDateTo === bill.readDateTo) return null;
  const after = daysBetween(previous.readDateTo, bill.readDateFrom);
  if (after - 1 > t.gapToleranceDays) return { rule: 'period_gap', measured: after - 1, reference: null };
  const shared = 1 - after;
  if (shared > t.overlapToleranceDays) return { rule: 'period_overlap', measured: shared, reference: null };
  return null;
}

/** A period ending after `today` (the audit's day) by more than the tolerance; `measured` is the days ahead. */
export function futurePeriodFinding(
  bill: AuditedBill,
  today: string,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  if (!bill.readDateTo) return null;
  const ahead = daysBetween(today, bill.readDateTo);
  return ahead > t.futureToleranceDays ? { rule: 'future_period', measured: ahead, reference: null } : null;
}

/** A due date before the invoice date, or too few or too many days after it; `measured` is the days between. */
export function dueDateFinding(
  bill: AuditedBill,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  if (!bill.dueDate || !bill.invoiceDate) return null;
  const days = daysBetween(bill.invoiceDate, bill.dueDate);
  if (days < t.dueMinDays) return { rule: 'due_date', measured: days, reference: t.dueMinDays };
  if (days > t.dueMaxDays) return { rule: 'due_date', measured: days, reference: t.dueMaxDays };
  return null;
}

/**
 * A possible estimated bill, as EnergyCAP's audit has it: a bill not marked as estimated whose usage, or usage per
 * day, is the same (within `repeatedUsageTolerancePct`) `repeatedUsageBills` bills in a row counting this one
 * (`measured` the usage, `reference` the bills in a row). A bill marked estimated (an estimated read on its usage
 * lines) is a known estimate: it is flagged when estimates run `estimatedReadBills` bills in a row, a meter no one
 * reads (`measured` null, `reference` the bills in a row).
 */
export function estimatedFinding(
  bill: AuditedBill,
  sameUsageRun: number,
  estimatedRun: number,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  if (bill.hasEstimatedRead)
    return estimatedRun >= t.estimatedReadBills
      ? { rule: 'estimated_bill', measured: null, reference: estimatedRun }
      : null;
  return sameUsageRun >= t.repeatedUsageBills
    ? { rule: 'estimated_bill', measured: primaryUsage(bill), reference: sameUsageRun }
    : null;
}

/** Zero usage on `zeroUseBills` bills in a row, counting this one; `measured` is the bills in a row. */
export function zeroUseFinding(
  zeroRun: number,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  return zeroRun >= t.zeroUseBills ? { rule: 'zero_use', measured: zeroRun, reference: null } : null;
}

/**
 * A bill total that differs from the sum of its services' charges (the per-service summary is the sum of the
 * bill's charge lines, the late fee billed with the first service) by more than the tolerance.
 */
export function totalMismatchFinding(
  bill: AuditedBill,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  if (bill.services.length === 0) return null;
  const linesCents = bill.services.reduce((sum, service) => sum + toCents(service.charges), 0);
  const totalCents = toCents(bill.totalNewCharges);
  return Math.abs(totalCents - linesCents) > toCents(t.totalMismatchTolerance)
    ? { rule: 'total_mismatch', measured: bill.totalNewCharges, reference: fromCents(linesCents) }
    : null;
}

/**
 * Load factor (kWh ÷ (peak kW × hours of the period), in percent) of the main service outside the range: a low one
 * is a peaky load, one above 100 % a demand read that cannot be right. `reference` is the bound crossed.
 */
export function loadFactorFinding(
  bill: AuditedBill,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  const service = primaryService(bill);
  if (!service || service.unit !== 'kWh' || service.usage === null || !service.demandKw) return null;
  const pct = round((service.usage / (service.demandKw * billDays(bill) * 24)) * 100, 1);
  if (pct < t.loadFactorMinPct) return { rule: 'load_factor', measured: pct, reference: t.loadFactorMinPct };
  if (pct > t.loadFactorMaxPct) return { rule: 'load_factor', measured: pct, reference: t.loadFactorMaxPct };
  return null;
}

/**
 * A power-factor (kVAR) penalty: a charge line for power factor or reactive power (`reference` its amount,
 * `measured` null), else a power factor (kW ÷ kVA of a service, in percent) below the threshold (`measured` it,
 * `reference` the threshold), where utilities bill a reactive-power penalty.
 */
export function powerFactorFinding(
  bill: AuditedBill,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
): Finding | null {
  if ((bill.powerFactorCharges ?? 0) > 0)
    return { rule: 'power_factor', measured: null, reference: bill.powerFactorCharges ?? null };
  let lowest: number | null = null;
  for (const service of bill.services) {
    const { demandKw, kvaMax } = service;
    if (!demandKw || !kvaMax || kvaMax <= 0) continue;
    const pct = round((demandKw / kvaMax) * 100, 1);
    if (lowest === null || pct < lowest) lowest = pct;
  }
  return lowest !== null && lowest < t.powerFactorMinPct
    ? { rule: 'power_factor', measured: lowest, reference: t.powerFactorMinPct }
    : null;
}

/** The service period that makes two bills the same bill: the read dates, else the bill month. */
function periodOf(bill: AuditedBill): string {
  return bill.readDateFrom && bill.readDateTo ? `${bill.readDateFrom}/${bill.readDateTo}` : bill.billMonth;
}

/**
 * A bill with the same period as an earlier bill of the account: a duplicate when the amount is the same too
 * (`measured` the amount), else a re-issued bill (`measured` its total, `reference` the earlier one's).
 */
export function samePeriodFinding(bill: AuditedBill, earlier: AuditedBill | undefined): Finding | null {
  if (!earlier || bill.isInvoiceMissing) return null;
  return toCents(earlier.totalNewCharges) === toCents(bill.totalNewCharges)
    ? { rule: 'duplicate_bill', measured: bill.totalNewCharges, reference: null }
    : { rule: 'reissued_bill', measured: bill.totalNewCharges, reference: earlier.totalNewCharges };
}

/**
 * Another audit a caller adds to the run (the weather-based outlier plugs in here: its key goes in AUDIT_RULES,
 * its function, built from the account's weather model, in `AuditOptions.extraAudits`). It gets each bill with an
 * invoice and the account's history, and answers its finding or null.
 */
export type BillAudit = (bill: AuditedBill, history: BillHistory) => Finding | null;

/** How a run audits: the company's thresholds and any audits a caller adds. */
export interface AuditOptions {
  thresholds?: AuditThresholds;
  extraAudits?: readonly BillAudit[];
}

/** What the audits of one bill know of the bills around it (worked out once per account, in one pass). */
export interface BillNeighbours {
  /** The bill with an invoice before it, unless a missing invoice lies between (the missing-bill audit's). */
  previous: AuditedBill | undefined;
  /** An earlier bill of the account with the same period. */
  samePeriod: AuditedBill | undefined;
  /** An earlier bill of the account with the same invoice number. */
  sameInvoiceNumber: AuditedBill | undefined;
  /** Bills in a row, ending with this one, with the same non-zero usage (or usage per day) of the main service. */
  sameUsageRun: number;
  /** Bills in a row, ending with this one, with an estimated read. */
  estimatedRun: number;
  /** Bills in a row, ending with this one, with zero usage of the main service. */
  zeroRun: number;
}

/** Each bill's neighbours, for bills in arrival order (inArrivalOrder). */
function neighboursOf(sorted: readonly AuditedBill[], t: AuditThresholds): Map<string, BillNeighbours> {
  const result = new Map<string, BillNeighbours>();
  const byPeriod = new Map<string, AuditedBill>();
  const byInvoice = new Map<string, AuditedBill>();
  let previous: AuditedBill | undefined;
  let sameUsageRun = 0;
  let estimatedRun = 0;
  let zeroRun = 0;
  const near = (a: number | null, b: number | null) =>
    a !== null && b !== null && a > 0 && b > 0 && (Math.abs(a - b) / b) * 100 <= t.repeatedUsageTolerancePct;
  for (const bill of sorted) {
    if (bill.isInvoiceMissing) {
      previous = undefined;
      sameUsageRun = 0;
      estimatedRun = 0;
      zeroRun = 0;
      continue;
    }
    const usage = primaryUsage(bill);
    const previousUsage = previous ? primaryUsage(previous) : null;
    const sameUnit = previous && primaryService(previous)?.unit === primaryService(bill)?.unit;
    const samePeriod = byPeriod.get(periodOf(bill));
    // A duplicate or re-issue of the previous bill repeats its usage by design: it does not count as a repeat.
    const isCopy = samePeriod !== undefined;
    const repeats =
      previous !== undefined &&
      sameUnit &&
      (near(usage, previousUsage) || near(usagePerDay(bill), usagePerDay(previous)));
    if (!isCopy) {
      sameUsageRun = repeats ? sameUsageRun + 1 : 1;
      estimatedRun = bill.hasEstimatedRead ? estimatedRun + 1 : 0;
      zeroRun = usage === 0 ? zeroRun + 1 : 0;
    }
    const invoice = bill.invoiceNumber?.trim() ?? '';
    result.set(bill.id, {
      previous,
      samePeriod,
      sameInvoiceNumber: invoice === '' ? undefined : byInvoice.get(invoice),
      sameUsageRun,
      estimatedRun,
      zeroRun,
    });
    if (!samePeriod) byPeriod.set(periodOf(bill), bill);
    if (invoice !== '' && !byInvoice.has(invoice)) byInvoice.set(invoice, bill);
    if (!isCopy) previous = bill;
  }
  return result;
}

/** Every finding on one bill with an invoice, in AUDIT_RULES order (extra audits after them). */
export function billFindings(
  bill: AuditedBill,
  history: BillHistory,
  neighbours: BillNeighbours,
  variances: Required<BillVariances>,
  today: string,
  t: AuditThresholds = DEFAULT_AUDIT_THRESHOLDS,
  extraAudits: readonly BillAudit[] = [],
): Finding[] {
  const found: (Finding | null)[] = [
    isBillAnomaly(variances) ? { rule: 'anomaly', measured: null, reference: null } : null,
    changeFinding('usage_vs_prior', bill, history, t),
    changeFinding('usage_vs_last_year', bill, history, t),
    changeFinding('cost_vs_prior', bill, history, t),
    changeFinding('cost_vs_last_year', bill, history, t),
    unitCostFinding(bill, history, t),
    extremeFinding(bill, history, t, 'usagePerDay'),
    extremeFinding(bill, history, t, 'charges'),
    samePeriodFinding(bill, neighbours.samePeriod),
    neighbours.sameInvoiceNumber
      ? { rule: 'duplicate_invoice_number', measured: null, reference: null }
      : null,
    totalMismatchFinding(bill, t),
    periodLengthFinding(bill, t),
    continuityFinding(bill, neighbours.previous, t),
    futurePeriodFinding(bill, today, t),
    dueDateFinding(bill, t),
    estimatedFinding(bill, neighbours.sameUsageRun, neighbours.estimatedRun, t),
    zeroUseFinding(neighbours.zeroRun, t),
    bill.lateFee > 0 ? { rule: 'late_fee', measured: bill.lateFee, reference: null } : null,
    demandFinding(bill, history, t),
    loadFactorFinding(bill, t),
    powerFactorFinding(bill, t),
    rateFinding(bill, history, t),
    ...extraAudits.map((audit) => audit(bill, history)),
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
 * always runs. Alerts come in bill month order, then AUDIT_RULES order, each with its unique audit key. Linear in
 * the account's bills: one sort, one pass for the neighbours, a month lookup for each comparison.
 */
export function auditAccountBills(
  account: AuditAccount,
  bills: readonly AuditedBill[],
  today: string,
  onlyBillIds?: ReadonlySet<string>,
  options: AuditOptions = {},
): RaisedAlert[] {
  const t = options.thresholds ?? DEFAULT_AUDIT_THRESHOLDS;
  const sorted = inArrivalOrder(bills);
  const history = billHistory(sorted);
  const neighbours = neighboursOf(sorted, t);
  const fallbackService = splitServices(account.services)[0] ?? 'electric';
  const raised: RaisedAlert[] = [];
  const raise = (
    bill: AuditedBill,
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
      t,
    );
    const imported = bill.invoiceDate ? addDays(bill.invoiceDate, t.importLagDays) : today;
    const importDate = imported < today ? imported : today;
    const around = neighbours.get(bill.id);
    if (!around) continue;
    for (const finding of billFindings(bill, history, around, variances, today, t, options.extraAudits))
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

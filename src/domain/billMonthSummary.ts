// A company's bills summed per bill month: what the overviews (12-month totals, the usage chart, missing
// invoices) read instead of a year of bills. The local database keeps one summary per company and month up to date
// on every bill write (src/db/billMonthSummaries.ts) by adding the new bill and taking the old one away, so every
// sum is kept in integers (cents, thousandths of a unit) and any sequence of writes ends on the same figures as
// summing the bills afresh.
import { fromMilli, milli, serviceMonthRows } from './billFigures';
import type { FigureBill, ServiceMonth, ServicesOfAccount } from './billFigures';
import { fromCents, toCents } from './money';
import { monthKey } from './totals';
import type { TotalsRow } from './totals';

/** One service's sums over the bills of a month. */
export interface ServiceMonthSums {
  /** Bills carrying the service (the entry goes when it reaches 0). */
  bills: number;
  cents: number;
  taxCents: number;
  /** Thousandths, as numeric(16,3) usage is exact in them. */
  usageMilli: number;
  /** Bills whose usage of the service is not null: 0 means the month has no usage figure for it. */
  usageBills: number;
  /** How many bills carry each unit, so the greatest unit is known after removals too. */
  units: Record<string, number>;
}

/** A bill of the month whose invoice is missing: the attention list and the chart's mark need no more. */
export interface MissingBillRef {
  id: string;
  accountId: string;
  locationId: string;
}

/** The summary of one company's bills of one bill month. */
export interface BillMonthSummary {
  companyId: number;
  /** `YYYY-MM`. */
  billMonth: string;
  billCount: number;
  /** The bills' new charges (totalNewCharges, late fees included) in cents: the Bills page's total. */
  newChargesCents: number;
  services: Record<string, ServiceMonthSums>;
  missing: MissingBillRef[];
}

/** The bill fields a summary reads. */
export interface SummaryBill extends FigureBill {
  id: string;
  companyId: number;
  locationId: string;
}

/** The summary key of a bill: its company and normalised month. */
export function summaryMonthOf(bill: Pick<SummaryBill, 'billMonth'>): string {
  return monthKey(bill.billMonth) ?? bill.billMonth;
}

/** An empty summary. */
export function emptySummary(companyId: number, billMonth: string): BillMonthSummary {
  return { companyId, billMonth, billCount: 0, newChargesCents: 0, services: {}, missing: [] };
}

function addCount(counts: Record<string, number>, key: string, by: number): void {
  const next = (counts[key] ?? 0) + by;
  if (next === 0) delete counts[key];
  else counts[key] = next;
}

/**
 * Adds a bill to its month's summary (`sign` 1) or takes it away (-1), in place. The summary must be the bill's
 * month of its company.
 */
export function applyBill(summary: BillMonthSummary, bill: SummaryBill, sign: 1 | -1): void {
  summary.billCount += sign;
  summary.newChargesCents += sign * toCents(bill.totalNewCharges);
  for (const figures of bill.services) {
    const sums = summary.services[figures.serviceType] ?? {
      bills: 0,
      cents: 0,
      taxCents: 0,
      usageMilli: 0,
      usageBills: 0,
      units: {},
    };
    sums.bills += sign;
    sums.cents += sign * toCents(figures.charges);
    sums.taxCents += sign * toCents(figures.taxesFees);
    if (figures.usage !== null) {
      sums.usageMilli += sign * milli(figures.usage);
      sums.usageBills += sign;
    }
    if (figures.unit !== null) addCount(sums.units, figures.unit, sign);
    if (sums.bills === 0) delete summary.services[figures.serviceType];
    else summary.services[figures.serviceType] = sums;
  }
  if (!bill.isInvoiceMissing) return;
  if (sign === 1)
    summary.missing.push({ id: bill.id, accountId: bill.accountId, locationId: bill.locationId });
  else {
    const at = summary.missing.findIndex((ref) => ref.id === bill.id);
    if (at >= 0) summary.missing.splice(at, 1);
  }
}

/** Summaries by `companyId|billMonth`, while bills are being added one by one. */
export type SummaryMap = Map<string, BillMonthSummary>;

/** Adds a bill to the summary of its month in `summaries`, creating it when needed. */
export function addBillTo(summaries: SummaryMap, bill: SummaryBill): void {
  const month = summaryMonthOf(bill);
  const key = `${bill.companyId}|${month}`;
  let summary = summaries.get(key);
  if (!summary) {
    summary = emptySummary(bill.companyId, month);
    summaries.set(key, summary);
  }
  applyBill(summary, bill, 1);
}

/** Summaries of a set of bills, by company and month (in the order first met). */
export function summarize(bills: Iterable<SummaryBill>): BillMonthSummary[] {
  const summaries: SummaryMap = new Map();
  for (const bill of bills) addBillTo(summaries, bill);
  return [...summaries.values()];
}

/** The summaries' figures as the rows twelveMonthTotals reads (one per month and service). */
export function summaryTotalsRows(summaries: readonly BillMonthSummary[]): TotalsRow[] {
  return summaries.flatMap((summary) =>
    Object.entries(summary.services).map(([serviceType, sums]) => ({
      billMonth: summary.billMonth,
      serviceType,
      totalCharges: fromCents(sums.cents),
      totalUsage: fromMilli(sums.usageMilli),
    })),
  );
}

/** The greatest unit of a month's bills (SQL's max() of text), null when none has one. */
function greatestUnit(units: Record<string, number>): string | null {
  let greatest: string | null = null;
  for (const unit of Object.keys(units)) if (greatest === null || unit > greatest) greatest = unit;
  return greatest;
}

/**
 * The same rows as serviceMonths over the summarised bills: every service of every month of `months` with figures
 * or a missing invoice, by month then service order.
 */
export function summaryServiceMonths(
  summaries: readonly BillMonthSummary[],
  servicesOf: ServicesOfAccount,
  months: readonly string[],
): ServiceMonth[] {
  const window = new Set(months);
  const inWindow = summaries.filter((summary) => window.has(summary.billMonth));
  const sums = inWindow.flatMap((summary) =>
    Object.entries(summary.services).map(([serviceType, sums]) => ({
      billMonth: summary.billMonth,
      serviceType,
      cents: sums.cents,
      taxCents: sums.taxCents,
      usageMilli: sums.usageBills > 0 ? sums.usageMilli : null,
      unit: greatestUnit(sums.units),
    })),
  );
  const missing = inWindow.flatMap((summary) =>
    summary.missing.map((ref) => ({
      billMonth: summary.billMonth,
      services: servicesOf(ref.accountId),
      count: 1,
    })),
  );
  return serviceMonthRows(sums, missing);
}

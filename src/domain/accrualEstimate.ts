// The accruals tool's estimate (spec 001 §3 Bill pay "accruals tool", §9): for a month end, each active account's
// service not yet billed, priced from its latest bills. Pure, shared by the server's report and its tests.
import { daysBetween } from './dates';
import { fromCents, toCents } from './money';
import { addMonths } from './totals';

/** A bill as the estimate reads it: its service period and its charges less late fees. */
export interface AccrualBillInput {
  billMonth: string;
  readDateFrom: string | null;
  readDateTo: string | null;
  /** Charges of the service period (late fees left out: they are not a cost of service). */
  charges: number;
}

/** An account's estimate at a month end. */
export interface AccrualEstimate {
  /** The last day its bills cover. */
  billedThrough: string;
  /** Days from the day after billedThrough to the month end, inclusive. */
  daysUnbilled: number;
  /** Cost per day of the latest bills. */
  costPerDay: number;
  /** Same month last year against the last billed month last year; 1 when last year is not known. */
  seasonalFactor: number;
  /** daysUnbilled × costPerDay × seasonalFactor, to the cent. */
  amount: number;
}

/** Bills whose cost per day prices the unbilled days: the latest ones, up to this many. */
export const RECENT_BILLS = 3;
/** The seasonal factor is kept within these bounds, so one odd bill last year cannot swing an estimate wildly. */
export const SEASONAL_BOUNDS = { min: 0.5, max: 2 } as const;

/** Days of a bill's service period, both ends included; null without a valid period. */
function serviceDays(bill: AccrualBillInput): number | null {
  if (!bill.readDateFrom || !bill.readDateTo) return null;
  const days = daysBetween(bill.readDateFrom, bill.readDateTo) + 1;
  return days > 0 ? days : null;
}

/** Cost per day of bills of one bill month (in cents per day), or null when that month has no priced bill. */
function monthCostPerDay(bills: readonly AccrualBillInput[], billMonth: string): number | null {
  let cents = 0;
  let days = 0;
  for (const bill of bills) {
    const length = bill.billMonth === billMonth ? serviceDays(bill) : null;
    if (length === null) continue;
    cents += toCents(bill.charges);
    days += length;
  }
  return days > 0 && cents > 0 ? cents / days : null;
}

/**
 * The accrual of one account at `end` (a month end, ISO): the days after its last billed day up to `end`, times
 * the cost per day of its latest RECENT_BILLS bills read by then, times the seasonal factor — the cost per day of
 * the same month last year over that of its last billed month last year, when both are known (bounded by
 * SEASONAL_BOUNDS). Null when the account is billed through `end` or has no bill with a service period.
 */
export function estimateAccrual(bills: readonly AccrualBillInput[], end: string): AccrualEstimate | null {
  const read = bills
    .filter((bill) => bill.readDateTo !== null && bill.readDateTo <= end && serviceDays(bill) !== null)
    .sort((a, b) => (a.readDateTo ?? '').localeCompare(b.readDateTo ?? ''));
  const last = read[read.length - 1];
  if (!last?.readDateTo) return null;
  const daysUnbilled = daysBetween(last.readDateTo, end);
  if (daysUnbilled <= 0) return null;
  let cents = 0;
  let days = 0;
  for (const bill of read.slice(-RECENT_BILLS)) {
    cents += toCents(bill.charges);
    days += serviceDays(bill) ?? 0;
  }
  const costPerDay = cents / days;
  const thisMonthLastYear = monthCostPerDay(bills, addMonths(end.slice(0, 7), -12));
  const lastBilledLastYear = monthCostPerDay(bills, addMonths(last.billMonth, -12));
  const raw =
    thisMonthLastYear !== null && lastBilledLastYear !== null ? thisMonthLastYear / lastBilledLastYear : 1;
  const seasonalFactor = Math.min(SEASONAL_BOUNDS.max, Math.max(SEASONAL_BOUNDS.min, raw));
  return {
    billedThrough: last.readDateTo,
    daysUnbilled,
    costPerDay: Math.round(costPerDay) / 100,
    seasonalFactor: Math.round(seasonalFactor * 10_000) / 10_000,
    amount: fromCents(Math.round(costPerDay * seasonalFactor * daysUnbilled)),
  };
}

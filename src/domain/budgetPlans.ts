// Planning a budget (spec 001 §7 Budgets): its months, "fill from last year" (the actuals rule of budgets.ts a year
// back, on the device offline and in GET /budgets/{locationId}/previousData online) with a growth, and the checks a
// budget passes before it is saved, shared by the page and the server.
import { budgetActuals, budgetMonths } from './budgets';
import type { BudgetBill, BudgetPlanItem } from './budgets';
import { fromCents, toCents } from './money';
import { addMonths } from './totals';

/** The longest budget, in months. */
export const MAX_BUDGET_MONTHS = 24;

/** Last year's actuals for each month of a planned period: what "fill from last year" starts from. */
export interface PreviousMonth {
  /** The planned month. */
  month: string;
  /** The month a year before it, whose bills gave the figures. */
  previousMonth: string;
  spend: number;
  usage: number;
  /** False when last year had no bill that month: the figures are the average of the months that had one. */
  isBilled: boolean;
}

/**
 * Last year's spend and usage for each month of a planned period (budgetActuals a year back); a month without a
 * bill last year takes the average of the months that had one (0 when none had).
 */
export function previousYearItems(
  bills: readonly BudgetBill[],
  serviceType: string,
  unit: string,
  startMonth: string,
  monthCount: number,
): PreviousMonth[] {
  const months = budgetMonths(startMonth, monthCount);
  const previous = months.map((month) => addMonths(month, -12));
  const actuals = budgetActuals(bills, serviceType, unit, previous);
  const billed = previous.flatMap((month) => {
    const actual = actuals.get(month);
    return actual?.isBilled ? [actual] : [];
  });
  const count = Math.max(1, billed.length);
  const averageSpend = fromCents(Math.round(billed.reduce((c, a) => c + toCents(a.spend), 0) / count));
  const averageUsage = Math.round((billed.reduce((u, a) => u + (a.usage ?? 0), 0) / count) * 1000) / 1000;
  return months.map((month, i) => {
    const previousMonth = previous[i] ?? month;
    const actual = actuals.get(previousMonth);
    return actual?.isBilled
      ? { month, previousMonth, spend: actual.spend, usage: actual.usage ?? 0, isBilled: true }
      : { month, previousMonth, spend: averageSpend, usage: averageUsage, isBilled: false };
  });
}

/** Planned items from last year's figures grown by `growthPct` percent (negative shrinks), rounded to cents / units. */
export function applyGrowth(previous: readonly PreviousMonth[], growthPct: number): BudgetPlanItem[] {
  const factor = 1 + growthPct / 100;
  return previous.map((item) => ({
    month: item.month,
    budgetSpendAmount: fromCents(Math.max(0, Math.round(toCents(item.spend) * factor))),
    budgetUsageAmount: Math.max(0, Math.round(item.usage * factor)),
  }));
}

/** What a budget is made of, as the create and edit calls carry it. */
export interface BudgetInput {
  unit: string;
  startMonth: string;
  monthCount: number;
  items: readonly BudgetPlanItem[];
}

const MONTH = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

/**
 * Why a budget cannot be saved, by field (the server's field paths: `body.unit`, `body.budgetItems.3.month`...);
 * empty when it can. The page checks with this before queueing, the server before writing.
 */
export function budgetInputErrors(input: BudgetInput): Record<string, string> {
  const fields: Record<string, string> = {};
  if (input.unit.trim() === '') fields['body.unit'] = 'is required';
  if (!MONTH.test(input.startMonth)) fields['body.startMonth'] = 'must be a month (YYYY-MM)';
  if (!Number.isInteger(input.monthCount) || input.monthCount < 1 || input.monthCount > MAX_BUDGET_MONTHS)
    fields['body.monthCount'] = `must be 1 to ${MAX_BUDGET_MONTHS} months`;
  if (Object.keys(fields).length > 0) return fields;
  const expected = budgetMonths(input.startMonth, input.monthCount);
  if (input.items.length !== expected.length)
    fields['body.budgetItems'] = `must have one item per month (${expected.length})`;
  input.items.forEach((item, i) => {
    if (item.month !== expected[i])
      fields[`body.budgetItems.${i}.month`] = `must be ${expected[i] ?? 'absent'}`;
    for (const key of ['budgetSpendAmount', 'budgetUsageAmount'] as const)
      if (!Number.isFinite(item[key]) || item[key] < 0)
        fields[`body.budgetItems.${i}.${key}`] = 'must be a number of 0 or more';
  });
  return fields;
}

/** Whether two budget periods share a month. */
export function periodsOverlap(
  a: { startMonth: string; monthCount: number },
  b: { startMonth: string; monthCount: number },
): boolean {
  const endA = addMonths(a.startMonth, a.monthCount - 1);
  const endB = addMonths(b.startMonth, b.monthCount - 1);
  return a.startMonth <= endB && b.startMonth <= endA;
}

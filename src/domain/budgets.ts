// Budgets against actuals (spec 001 §3 Budget, §9 default units): a budget plans one service at one location month
// by month; its actuals come from the bills, by one rule (budgetActuals) that the device, the server and the reports
// share, so budget against actual is right offline and moves as bills sync ("fill from last year" reads the same rule a
// year back: budgetPlans.ts). Money is summed in cents, usage in thousandths.
import { kbtuPerUnit } from './energy';
import type { BillServiceSummary } from './billFigures';
import { monthLabel } from './dates';
import { fromCents, toCents } from './money';
import { addMonths, monthKey } from './totals';

/** The bill fields budget actuals read. */
export interface BudgetBill {
  billMonth: string;
  isInvoiceMissing: boolean;
  services: readonly BillServiceSummary[];
}

/** One planned month of a budget. */
export interface BudgetPlanItem {
  month: string;
  budgetSpendAmount: number;
  budgetUsageAmount: number;
}

/** Actual spend (dollars) and usage (in the budget's unit) of one month; usage null when no bill gave one. */
export interface MonthActual {
  spend: number;
  usage: number | null;
  /** Whether a bill of the service exists for the month (a month without bills is not "under budget"). */
  isBilled: boolean;
}

/** The months of a budget period, oldest first. */
export function budgetMonths(startMonth: string, monthCount: number): string[] {
  return Array.from({ length: Math.max(0, monthCount) }, (_, i) => addMonths(startMonth, i));
}

/** The period of a budget: 'Jan 2026 – Dec 2026'. */
export function budgetPeriodLabel(budget: { startMonth: string; monthCount: number }): string {
  return `${monthLabel(budget.startMonth)} – ${monthLabel(addMonths(budget.startMonth, budget.monthCount - 1))}`;
}

// Therms in one unit of gas billed by volume, by the one kBtu table (src/domain/energy.ts): a budget in therms
// compares with bills in CCF or MCF (thousand cubic feet).
const thermsPer = (unit: string): number => (kbtuPerUnit('natural_gas', unit) ?? Number.NaN) / 100;

// Units bills and budgets may use, as a base unit and a factor; only units of one base convert into each other.
const UNIT_SCALE: Readonly<Record<string, readonly [string, number]>> = {
  kwh: ['kwh', 1],
  mwh: ['kwh', 1000],
  therm: ['therm', 1],
  therms: ['therm', 1],
  dth: ['therm', 10],
  mmbtu: ['therm', 10],
  ccf: ['therm', thermsPer('ccf')],
  mcf: ['therm', thermsPer('mcf')],
  kcf: ['therm', thermsPer('kcf')],
  gal: ['gallon', 1],
  gallon: ['gallon', 1],
  gallons: ['gallon', 1],
  kgal: ['gallon', 1000],
};

/** A usage in `to` units, or null when the units do not convert (a budget in kWh of a bill in gallons). */
export function convertUsage(value: number, from: string | null, to: string): number | null {
  const a = (from ?? '').trim().toLowerCase();
  const b = to.trim().toLowerCase();
  if (a === b) return value;
  const scaleA = UNIT_SCALE[a];
  const scaleB = UNIT_SCALE[b];
  if (!scaleA || !scaleB || scaleA[0] !== scaleB[0]) return null;
  return (value * scaleA[1]) / scaleB[1];
}

/**
 * Actual spend and usage of one service for each month given, from bills (of one location, or of the whole company
 * for a company-wide budget): the service's charges and its usage converted to the budget's unit, by bill month.
 */
export function budgetActuals(
  bills: readonly BudgetBill[],
  serviceType: string,
  unit: string,
  months: readonly string[],
): Map<string, MonthActual> {
  const wanted = new Set(months);
  const sums = new Map<string, { cents: number; usageMilli: number; hasUsage: boolean }>();
  for (const bill of bills) {
    // `YYYY-MM`, or a bill month written as the month's first day.
    const month = monthKey(bill.billMonth) ?? bill.billMonth;
    if (bill.isInvoiceMissing || !wanted.has(month)) continue;
    for (const service of bill.services) {
      if (service.serviceType !== serviceType) continue;
      const into = sums.get(month) ?? { cents: 0, usageMilli: 0, hasUsage: false };
      into.cents += toCents(service.charges);
      const usage = service.usage === null ? null : convertUsage(service.usage, service.unit, unit);
      if (usage !== null) {
        into.usageMilli += Math.round(usage * 1000);
        into.hasUsage = true;
      }
      sums.set(month, into);
    }
  }
  return new Map(
    months.map((month): [string, MonthActual] => {
      const sum = sums.get(month);
      return [
        month,
        sum
          ? {
              spend: fromCents(sum.cents),
              usage: sum.hasUsage ? sum.usageMilli / 1000 : null,
              isBilled: true,
            }
          : { spend: 0, usage: null, isBilled: false },
      ];
    }),
  );
}

/** One month of a budget against its actuals; variances are actual minus budget (positive = over budget). */
export interface BudgetMonthRow {
  month: string;
  budgetSpend: number;
  actualSpend: number;
  spendVariance: number;
  /** Null when nothing was budgeted. */
  spendVariancePct: number | null;
  budgetUsage: number;
  actualUsage: number | null;
  usageVariance: number | null;
  usageVariancePct: number | null;
  cumulativeBudgetSpend: number;
  cumulativeActualSpend: number;
  cumulativeBudgetUsage: number;
  cumulativeActualUsage: number;
  isBilled: boolean;
}

/** Budget against actual over the months billed so far, and the whole period at the current pace. */
export interface BudgetTotals {
  /** The whole period's budget. */
  budget: number;
  /** Budget and actual of the months up to the latest billed one ("year to date"). */
  budgetToDate: number;
  actualToDate: number;
  variance: number;
  variancePct: number | null;
  /** The period's total if the rest goes at the pace so far (actual ÷ budget to date); null before any bill. */
  projected: number | null;
}

/** A budget's months and totals. */
export interface BudgetReport {
  months: BudgetMonthRow[];
  /** The latest month of the period with a bill: the end of "to date"; null before the first bill. */
  throughMonth: string | null;
  /** Months up to `throughMonth` without a bill: left out of the to-date figures, and said so. */
  missingMonths: string[];
  spend: BudgetTotals;
  usage: BudgetTotals;
}

function pct(variance: number, base: number): number | null {
  return base === 0 ? null : Math.round((variance / base) * 10000) / 100;
}

/**
 * Totals from per-month budget and actual figures, the billed ones of the first `toDate` months counted as done. A
 * month without a bill inside "to date" is left out of both sides (it is missing, not $0 spent) and stays in what
 * remains of the plan.
 */
function totals(
  rows: readonly { budget: number; actual: number; isBilled: boolean }[],
  toDate: number,
  decimals: number,
): BudgetTotals {
  const scale = 10 ** decimals;
  const sum = (values: number[]) => values.reduce((s, v) => s + Math.round(v * scale), 0);
  const budget = sum(rows.map((row) => row.budget));
  const done = rows.slice(0, toDate).filter((row) => row.isBilled);
  const budgetToDate = sum(done.map((row) => row.budget));
  const actualToDate = sum(done.map((row) => row.actual));
  const remaining = budget - budgetToDate;
  // At the pace so far: what remains of the plan, scaled as the months so far came out against theirs.
  const projected =
    toDate === 0
      ? null
      : actualToDate +
        (budgetToDate === 0 ? remaining : Math.round((remaining * actualToDate) / budgetToDate));
  return {
    budget: budget / scale,
    budgetToDate: budgetToDate / scale,
    actualToDate: actualToDate / scale,
    variance: (actualToDate - budgetToDate) / scale,
    variancePct: pct(actualToDate - budgetToDate, budgetToDate),
    projected: projected === null ? null : projected / scale,
  };
}

/** A budget's months against the actuals (budgetActuals), with running totals, to-date figures and projections. */
export function budgetReport(
  items: readonly BudgetPlanItem[],
  actuals: ReadonlyMap<string, MonthActual>,
): BudgetReport {
  const sorted = [...items].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  let cumBudgetCents = 0;
  let cumActualCents = 0;
  let cumBudgetUsage = 0;
  let cumActualUsage = 0;
  let throughIndex = -1;
  const months = sorted.map((item, index): BudgetMonthRow => {
    const actual = actuals.get(item.month) ?? { spend: 0, usage: null, isBilled: false };
    if (actual.isBilled) throughIndex = index;
    cumBudgetCents += toCents(item.budgetSpendAmount);
    cumActualCents += toCents(actual.spend);
    cumBudgetUsage += item.budgetUsageAmount;
    cumActualUsage += actual.usage ?? 0;
    const spendVariance = fromCents(toCents(actual.spend) - toCents(item.budgetSpendAmount));
    const usageVariance = actual.usage === null ? null : actual.usage - item.budgetUsageAmount;
    return {
      month: item.month,
      budgetSpend: item.budgetSpendAmount,
      actualSpend: actual.spend,
      spendVariance,
      spendVariancePct: actual.isBilled ? pct(spendVariance, item.budgetSpendAmount) : null,
      budgetUsage: item.budgetUsageAmount,
      actualUsage: actual.usage,
      usageVariance,
      usageVariancePct: usageVariance === null ? null : pct(usageVariance, item.budgetUsageAmount),
      cumulativeBudgetSpend: fromCents(cumBudgetCents),
      cumulativeActualSpend: fromCents(cumActualCents),
      cumulativeBudgetUsage: cumBudgetUsage,
      cumulativeActualUsage: cumActualUsage,
      isBilled: actual.isBilled,
    };
  });
  const toDate = throughIndex + 1;
  return {
    months,
    throughMonth: months[throughIndex]?.month ?? null,
    missingMonths: months.slice(0, toDate).flatMap((row) => (row.isBilled ? [] : [row.month])),
    spend: totals(
      months.map((row) => ({ budget: row.budgetSpend, actual: row.actualSpend, isBilled: row.isBilled })),
      toDate,
      2,
    ),
    usage: totals(
      months.map((row) => ({
        budget: row.budgetUsage,
        actual: row.actualUsage ?? 0,
        isBilled: row.isBilled,
      })),
      toDate,
      3,
    ),
  };
}

/** The company's spend across budgets, month by month and in total (usage is left out: units differ). */
export interface BudgetRollUp {
  months: { month: string; budgetSpend: number; actualSpend: number }[];
  spend: BudgetTotals;
}

/** Adds budgets' spend by calendar month; the to-date and projected figures are the sums of each budget's. */
export function rollUpBudgets(reports: readonly BudgetReport[]): BudgetRollUp {
  const byMonth = new Map<string, { budget: number; actual: number }>();
  for (const report of reports)
    for (const row of report.months) {
      const into = byMonth.get(row.month) ?? { budget: 0, actual: 0 };
      into.budget += toCents(row.budgetSpend);
      into.actual += toCents(row.actualSpend);
      byMonth.set(row.month, into);
    }
  const sum = (pick: (t: BudgetTotals) => number | null) =>
    fromCents(reports.reduce((cents, report) => cents + toCents(pick(report.spend) ?? 0), 0));
  const budgetToDate = sum((t) => t.budgetToDate);
  const actualToDate = sum((t) => t.actualToDate);
  const variance = fromCents(toCents(actualToDate) - toCents(budgetToDate));
  const hasProjection = reports.some((report) => report.spend.projected !== null);
  return {
    months: [...byMonth]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, t]) => ({ month, budgetSpend: fromCents(t.budget), actualSpend: fromCents(t.actual) })),
    spend: {
      budget: sum((t) => t.budget),
      budgetToDate,
      actualToDate,
      variance,
      variancePct: pct(variance, budgetToDate),
      // A budget without bills yet goes at its plan.
      projected: hasProjection ? sum((t) => t.projected ?? t.budget) : null,
    },
  };
}

// Budgets for the as-of year per site and budgeted service, with monthly items: the plan is last year's bills (the
// "fill from last year" rule of src/domain/budgetPlans.ts) plus 3.5 % spend and minus 2 % usage. Actuals are not
// stored: they come from the bills (src/domain/budgets.ts).
import { applyGrowth, previousYearItems } from '../../../src/domain/budgetPlans';
import type { PreviousMonth } from '../../../src/domain/budgetPlans';
import type { BudgetBill } from '../../../src/domain/budgets';
import { DEFAULT_UNITS } from '../../../src/domain/serviceTypes';
import type { budgetItems, budgets } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { AccountBills, CompanyContext } from './context';
import { addDays, stamp } from './dates';
import { rngFor } from './random';

/** Budgets of a company and their monthly items. */
export interface BudgetData {
  budgets: SyncedInsert<typeof budgets>[];
  items: SyncedInsert<typeof budgetItems>[];
}

const BUDGETED = ['electric', 'natural_gas', 'water'] as const;
const SPEND_GROWTH_PCT = 3.5;
const USAGE_GROWTH_PCT = -2;
/** A month of last year above this many times the year's median is an outlier (a planted anomaly, a catch-up bill). */
const OUTLIER_TIMES_MEDIAN = 2;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Last year's months as a budget analyst would plan from them: a month far above the year's median (the bills
 * carry planted anomalies and catch-up bills, spec 001 §4) is planned at the median, so no planned month is three
 * times its neighbours for a reason that will not repeat. Spend and usage are judged apart.
 */
export function withoutOutliers(previous: readonly PreviousMonth[]): PreviousMonth[] {
  const billed = previous.filter((item) => item.isBilled);
  const spendMedian = median(billed.map((item) => item.spend));
  const usageMedian = median(billed.map((item) => item.usage));
  return previous.map((item) => ({
    ...item,
    spend: spendMedian > 0 && item.spend > OUTLIER_TIMES_MEDIAN * spendMedian ? spendMedian : item.spend,
    usage: usageMedian > 0 && item.usage > OUTLIER_TIMES_MEDIAN * usageMedian ? usageMedian : item.usage,
  }));
}

/** Generates this year's budgets for companies with budgets access. */
export function generateBudgets(ctx: CompanyContext, accountBills: readonly AccountBills[]): BudgetData {
  const data: BudgetData = { budgets: [], items: [] };
  if (ctx.plan.flags.budgetsAccess !== true) return data;
  const rng = rngFor(ctx.seed, ctx.plan.key, 'budgets');
  const startMonth = `${ctx.asOf.slice(0, 4)}-01`;
  const monthCount = 12;
  const billsBySite = new Map<string, BudgetBill[]>();
  for (const { account, bills } of accountBills) {
    const siteId = account.location.row.id;
    const list = billsBySite.get(siteId) ?? [];
    list.push(...bills);
    billsBySite.set(siteId, list);
  }
  const base = { companyId: ctx.companyId, updatedAt: ctx.stamp };
  const createdAt = stamp(addDays(`${startMonth}-01`, -17), 15);
  const modifiedAt = stamp(addDays(ctx.asOf, -3), 11);
  for (const [locationId, bills] of billsBySite) {
    const services = new Set(bills.flatMap((bill) => bill.services.map((service) => service.serviceType)));
    for (const serviceType of BUDGETED) {
      if (!services.has(serviceType)) continue;
      const unit = DEFAULT_UNITS[serviceType] ?? '';
      const previous = withoutOutliers(previousYearItems(bills, serviceType, unit, startMonth, monthCount));
      const spend = applyGrowth(previous, SPEND_GROWTH_PCT);
      const usage = applyGrowth(previous, USAGE_GROWTH_PCT);
      const id = rng.uuid();
      data.budgets.push({
        ...base,
        id,
        locationId,
        serviceType,
        unit,
        startMonth,
        monthCount,
        createdAt,
        modifiedAt,
      });
      spend.forEach((item, i) => {
        data.items.push({
          ...base,
          id: rng.uuid(),
          budgetId: id,
          month: item.month,
          unit,
          budgetSpendAmount: item.budgetSpendAmount,
          budgetUsageAmount: usage[i]?.budgetUsageAmount ?? 0,
        });
      });
    }
  }
  return data;
}

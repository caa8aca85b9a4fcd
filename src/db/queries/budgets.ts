// Budget reads (spec 001 §3 Budget, §7 Budgets): budgets with their items and their actuals from the bills on this
// device (src/domain/budgets.ts budgetActuals), so budget against actual is right offline and moves as bills sync.
import { budgetActuals, budgetMonths, budgetReport } from '../../domain/budgets';
import type { BudgetBill, BudgetReport } from '../../domain/budgets';
import { compareServiceTypes } from '../../domain/serviceTypes';
import { addMonths } from '../../domain/totals';
import type { AppDb } from '../schema';
import type { BudgetItemRow, BudgetRow } from '../rows';

/** A budget with its planned items (month order) and its report against the bills. */
export interface BudgetView {
  budget: BudgetRow;
  items: BudgetItemRow[];
  report: BudgetReport;
}

/** The bill fields budget actuals read, of the months `from`..`to`: of one location, or (null) of the company. */
async function billsInMonths(
  db: AppDb,
  companyId: number,
  locationId: string | null,
  from: string,
  to: string,
): Promise<BudgetBill[]> {
  return locationId === null
    ? db.bills
        .where('[companyId+billMonth]')
        .between([companyId, from], [companyId, to], true, true)
        .toArray()
    : db.bills
        .where('[locationId+billMonth]')
        .between([locationId, from], [locationId, to], true, true)
        .toArray();
}

/** Budgets with their items and reports, newest period first, then by service. */
export async function budgetViews(db: AppDb, budgets: readonly BudgetRow[]): Promise<BudgetView[]> {
  if (budgets.length === 0) return [];
  const items = await db.budgetItems
    .where('budgetId')
    .anyOf(budgets.map((budget) => budget.id))
    .toArray();
  const byBudget = new Map<string, BudgetItemRow[]>();
  for (const item of items) {
    const list = byBudget.get(item.budgetId) ?? [];
    list.push(item);
    byBudget.set(item.budgetId, list);
  }
  const sorted = [...budgets].sort(
    (a, b) =>
      (a.startMonth > b.startMonth ? -1 : a.startMonth < b.startMonth ? 1 : 0) ||
      compareServiceTypes(a.serviceType, b.serviceType) ||
      (a.id < b.id ? -1 : 1),
  );
  const views: BudgetView[] = [];
  // One budget after another: the bills of a site's period are a few hundred rows read by index.
  for (const budget of sorted) {
    const mine = (byBudget.get(budget.id) ?? []).sort((a, b) => (a.month < b.month ? -1 : 1));
    const last = addMonths(budget.startMonth, budget.monthCount - 1);
    const bills = await billsInMonths(db, budget.companyId, budget.locationId, budget.startMonth, last);
    const months = budgetMonths(budget.startMonth, budget.monthCount);
    const actuals = budgetActuals(bills, budget.serviceType, budget.unit, months);
    views.push({ budget, items: mine, report: budgetReport(mine, actuals) });
  }
  return views;
}

/** A company's budgets (of one location and one service when given), with their reports. */
export async function companyBudgets(
  db: AppDb,
  companyId: number,
  filter: { locationId?: string; serviceType?: string } = {},
): Promise<BudgetView[]> {
  const rows = filter.locationId
    ? await db.budgets.where('locationId').equals(filter.locationId).toArray()
    : await db.budgets.where('companyId').equals(companyId).toArray();
  return budgetViews(
    db,
    rows.filter(
      (row) => row.companyId === companyId && (!filter.serviceType || row.serviceType === filter.serviceType),
    ),
  );
}

/** The bills "fill from last year" reads offline: the location's, of the year before the planned period. */
export function billsForPreviousYear(
  db: AppDb,
  companyId: number,
  locationId: string,
  startMonth: string,
  monthCount: number,
): Promise<BudgetBill[]> {
  return billsInMonths(
    db,
    companyId,
    locationId,
    addMonths(startMonth, -12),
    addMonths(startMonth, monthCount - 13),
  );
}

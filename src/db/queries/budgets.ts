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

/** A group of budgets sharing a company and a location (null: company-wide), and the months their bills span. */
interface BillScope {
  companyId: number;
  locationId: string | null;
  from: string;
  to: string;
}

/**
 * The bills each budget reads, by `companyId|locationId`: one indexed read per site when the budgets are of one
 * site (the location page), else one read of the company's months, split by site (a company's page of hundreds of
 * budgets would otherwise make hundreds of reads).
 */
async function billsOfScopes(db: AppDb, budgets: readonly BudgetRow[]): Promise<Map<string, BudgetBill[]>> {
  const scopes = new Map<string, BillScope>();
  for (const budget of budgets) {
    const key = `${budget.companyId}|${budget.locationId ?? ''}`;
    const last = addMonths(budget.startMonth, budget.monthCount - 1);
    const scope = scopes.get(key);
    if (!scope) scopes.set(key, { ...budget, from: budget.startMonth, to: last });
    else {
      if (budget.startMonth < scope.from) scope.from = budget.startMonth;
      if (last > scope.to) scope.to = last;
    }
  }
  const out = new Map<string, BudgetBill[]>();
  if (scopes.size === 1) {
    for (const [key, scope] of scopes)
      out.set(key, await billsInMonths(db, scope.companyId, scope.locationId, scope.from, scope.to));
    return out;
  }
  const companies = new Map<number, { from: string; to: string }>();
  for (const scope of scopes.values()) {
    const range = companies.get(scope.companyId);
    if (!range) companies.set(scope.companyId, { from: scope.from, to: scope.to });
    else {
      if (scope.from < range.from) range.from = scope.from;
      if (scope.to > range.to) range.to = scope.to;
    }
  }
  for (const [companyId, range] of companies) {
    const bills = await db.bills
      .where('[companyId+billMonth]')
      .between([companyId, range.from], [companyId, range.to], true, true)
      .toArray();
    out.set(`${companyId}|`, bills);
    for (const bill of bills) {
      const key = `${companyId}|${bill.locationId}`;
      if (!scopes.has(key)) continue;
      const list = out.get(key) ?? [];
      list.push(bill);
      out.set(key, list);
    }
  }
  return out;
}

/** Budgets with their items and reports, newest period first, then by service. */
export async function budgetViews(db: AppDb, budgets: readonly BudgetRow[]): Promise<BudgetView[]> {
  if (budgets.length === 0) return [];
  const [items, billsByScope] = await Promise.all([
    db.budgetItems
      .where('budgetId')
      .anyOf(budgets.map((budget) => budget.id))
      .toArray(),
    billsOfScopes(db, budgets),
  ]);
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
  return sorted.map((budget) => {
    const mine = (byBudget.get(budget.id) ?? []).sort((a, b) => (a.month < b.month ? -1 : 1));
    const bills = billsByScope.get(`${budget.companyId}|${budget.locationId ?? ''}`) ?? [];
    const months = budgetMonths(budget.startMonth, budget.monthCount);
    const actuals = budgetActuals(bills, budget.serviceType, budget.unit, months);
    return { budget, items: mine, report: budgetReport(mine, actuals) };
  });
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

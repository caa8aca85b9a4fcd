// Budgets as the API answers them (spec 001 §3 Budget): each with its monthly items, the actuals of every item computed
// from the bills by the rule the device uses (src/domain/budgets.ts budgetActuals), so online and offline agree.
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { bills, budgetItems, budgets } from '../../db/schema';
import { budgetActuals, budgetMonths } from '../../../../src/domain/budgets';
import type { BudgetBill } from '../../../../src/domain/budgets';
import { addMonths } from '../../../../src/domain/totals';

type BudgetRow = typeof budgets.$inferSelect;
type BudgetItemRow = typeof budgetItems.$inferSelect;

/** A budget item with its actuals (spec 001 §3: actualSpendAmount, actualUsageAmount). */
export type BudgetItemAnswer = BudgetItemRow & {
  actualSpendAmount: number;
  actualUsageAmount: number | null;
};

/** A budget with its items, as GET /budgets and GET /locations/{id}/budgets answer it. */
export type BudgetAnswer = BudgetRow & { budgetItems: BudgetItemAnswer[] };

/** The items of budgets, by budget id, in month order. */
export async function itemsOfBudgets(
  db: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, BudgetItemRow[]>> {
  const byBudget = new Map<string, BudgetItemRow[]>();
  if (ids.length === 0) return byBudget;
  const items = await db
    .select()
    .from(budgetItems)
    .where(inArray(budgetItems.budgetId, [...ids]))
    .orderBy(asc(budgetItems.month), asc(budgetItems.id));
  for (const item of items) {
    const list = byBudget.get(item.budgetId) ?? [];
    list.push(item);
    byBudget.set(item.budgetId, list);
  }
  return byBudget;
}

/** The bills budgets' actuals read: of their locations (every location for a company-wide one), over their months. */
async function billsFor(db: Db | Tx, companyId: number, rows: readonly BudgetRow[]) {
  if (rows.length === 0) return [];
  const first = rows.reduce((min, row) => (row.startMonth < min ? row.startMonth : min), '9999-12');
  const last = rows.reduce((max, row) => {
    const end = addMonths(row.startMonth, row.monthCount - 1);
    return end > max ? end : max;
  }, '0000-01');
  const sites = [...new Set(rows.flatMap((row) => (row.locationId === null ? [] : [row.locationId])))];
  const isCompanyWide = rows.some((row) => row.locationId === null);
  const where: SQL[] = [
    eq(bills.companyId, companyId),
    gte(bills.billMonth, first),
    lte(bills.billMonth, last),
  ];
  if (!isCompanyWide) where.push(inArray(bills.locationId, sites));
  return db
    .select({
      billMonth: bills.billMonth,
      locationId: bills.locationId,
      isInvoiceMissing: bills.isInvoiceMissing,
      services: bills.services,
    })
    .from(bills)
    .where(and(...where));
}

/** Budgets with their items and the items' actuals from the bills. */
export async function withActuals(
  db: Db | Tx,
  companyId: number,
  rows: readonly BudgetRow[],
): Promise<BudgetAnswer[]> {
  const [items, billRows] = await Promise.all([
    itemsOfBudgets(
      db,
      rows.map((row) => row.id),
    ),
    billsFor(db, companyId, rows),
  ]);
  const bySite = new Map<string, BudgetBill[]>();
  for (const bill of billRows) {
    const list = bySite.get(bill.locationId) ?? [];
    list.push(bill);
    bySite.set(bill.locationId, list);
  }
  return rows.map((row) => {
    const months = budgetMonths(row.startMonth, row.monthCount);
    const source = row.locationId === null ? billRows : (bySite.get(row.locationId) ?? []);
    const actuals = budgetActuals(source, row.serviceType, row.unit, months);
    return {
      ...row,
      budgetItems: (items.get(row.id) ?? []).map((item) => {
        const actual = actuals.get(item.month);
        return { ...item, actualSpendAmount: actual?.spend ?? 0, actualUsageAmount: actual?.usage ?? null };
      }),
    };
  });
}

/** A company's budgets (of one location, or one service, when given), newest first, with their actuals. */
export async function budgetsOf(
  db: Db | Tx,
  companyId: number,
  filter: { locationId?: string; serviceType?: string } = {},
): Promise<BudgetAnswer[]> {
  const where: SQL[] = [eq(budgets.companyId, companyId)];
  if (filter.locationId) where.push(eq(budgets.locationId, filter.locationId));
  if (filter.serviceType) where.push(eq(budgets.serviceType, filter.serviceType));
  const rows = await db
    .select()
    .from(budgets)
    .where(and(...where))
    .orderBy(desc(budgets.startMonth), asc(budgets.serviceType), asc(budgets.id));
  return withActuals(db, companyId, rows);
}

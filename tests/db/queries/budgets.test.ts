import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { billsForPreviousYear, companyBudgets } from '../../../src/db/queries/budgets';
import { locationBudgets } from '../../../src/db/queries/locations';
import type { BudgetItemRow, BudgetRow } from '../../../src/db/rows';
import type { AppDb } from '../../../src/db/schema';
import { openLocalDb } from '../../helpers/localDb';
import { accountRow, base, billRow, service } from './locationRows';

const C = 1;
let db: AppDb;

function budget(id: string, locationId: string | null, serviceType: string, startMonth: string): BudgetRow {
  return {
    ...base(id, C),
    locationId,
    serviceType,
    unit: 'kWh',
    startMonth,
    monthCount: 2,
    createdAt: '',
    modifiedAt: '',
  };
}

function items(budgetId: string, startMonth: string, spend: number): BudgetItemRow[] {
  const second = `${startMonth.slice(0, 5)}${String(Number(startMonth.slice(5)) + 1).padStart(2, '0')}`;
  return [startMonth, second].map((month, i) => ({
    ...base(`${budgetId}-${i}`, C),
    budgetId,
    month,
    unit: 'kWh',
    budgetSpendAmount: spend,
    budgetUsageAmount: 1000,
  }));
}

beforeEach(async () => {
  db = openLocalDb();
  const a1 = accountRow('a1', C, 'l1', 'electric');
  const a2 = accountRow('a2', C, 'l2', 'electric');
  const other = accountRow('o1', 2, 'l9', 'electric');
  await db.bills.bulkPut([
    billRow('b1', a1, '2026-01', [service('electric', 120, 1100)]),
    billRow('b2', a1, '2026-02', [service('electric', 80, 900)]),
    billRow('b3', a2, '2026-01', [service('electric', 300, 3000)]),
    billRow('b4', a2, '2025-02', [service('electric', 50, 500)]),
    billRow('b9', other, '2026-01', [service('electric', 999, 1)]),
  ]);
  await db.budgets.bulkPut([
    budget('s1', 'l1', 'electric', '2026-01'),
    budget('s2', 'l2', 'electric', '2026-01'),
    budget('s2-old', 'l2', 'electric', '2025-01'),
    budget('all', null, 'electric', '2026-01'),
  ]);
  await db.budgetItems.bulkPut([
    ...items('s1', '2026-01', 100),
    ...items('s2', '2026-01', 100),
    ...items('s2-old', '2025-01', 40),
    ...items('all', '2026-01', 250),
  ]);
});

describe('companyBudgets', () => {
  it('reads each budget against its own site’s bills (the company’s for a company-wide one), newest first', async () => {
    const views = await companyBudgets(db, C);
    const byId = new Map(views.map((view) => [view.budget.id, view.report.spend]));
    expect(
      views
        .map((view) => view.budget.id)
        .slice(0, 3)
        .sort(),
    ).toEqual(['all', 's1', 's2']);
    expect(views.at(-1)?.budget.id).toBe('s2-old');
    expect(byId.get('s1')).toMatchObject({ budgetToDate: 200, actualToDate: 200, variance: 0 });
    // Only January is billed at the second site: to date is January.
    expect(byId.get('s2')).toMatchObject({ budgetToDate: 100, actualToDate: 300, variance: 200 });
    // January 2025 has no invoice: it is left out of the to-date figures, not counted as $0 against its $40.
    expect(byId.get('s2-old')).toMatchObject({ budgetToDate: 40, actualToDate: 50 });
    // The company's bills of both sites (never another company's).
    expect(byId.get('all')).toMatchObject({ budgetToDate: 500, actualToDate: 500 });
  });

  it('gives one site the same reports as the location page reads, and filters by service', async () => {
    const site = await companyBudgets(db, C, { locationId: 'l2' });
    expect(site).toEqual(await locationBudgets(db, 'l2'));
    expect(await companyBudgets(db, C, { serviceType: 'water' })).toEqual([]);
    expect(await companyBudgets(db, 2)).toEqual([]);
  });
});

describe('billsForPreviousYear', () => {
  it('reads the site’s bills of the year before the planned months', async () => {
    const bills = await billsForPreviousYear(db, C, 'l2', '2026-01', 2);
    expect(bills.map((bill) => bill.billMonth)).toEqual(['2025-02']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  MAX_BUDGET_MONTHS,
  applyGrowth,
  budgetInputErrors,
  periodsOverlap,
  previousYearItems,
} from '../../src/domain/budgetPlans';
import type { BudgetBill } from '../../src/domain/budgets';

const electric = (billMonth: string, charges: number, usage: number): BudgetBill => ({
  billMonth,
  isInvoiceMissing: false,
  services: [{ serviceType: 'electric', charges, usage, unit: 'kWh', demandKw: null, taxesFees: 0 }],
});

describe('previousYearItems', () => {
  it('takes each month’s figures from a year before, the average of billed months where none', () => {
    const bills = [electric('2025-01', 90, 900), electric('2025-02', 80.01, 800), electric('2026-01', 5, 5)];
    expect(previousYearItems(bills, 'electric', 'kWh', '2026-01', 3)).toEqual([
      { month: '2026-01', previousMonth: '2025-01', spend: 90, usage: 900, isBilled: true },
      { month: '2026-02', previousMonth: '2025-02', spend: 80.01, usage: 800, isBilled: true },
      { month: '2026-03', previousMonth: '2025-03', spend: 85.01, usage: 850, isBilled: false },
    ]);
  });

  it('gives zeros when last year had no bill at all', () => {
    expect(previousYearItems([], 'water', 'Gallons', '2026-01', 1)).toEqual([
      { month: '2026-01', previousMonth: '2025-01', spend: 0, usage: 0, isBilled: false },
    ]);
  });
});

describe('applyGrowth', () => {
  it('grows (or shrinks) spend to the cent and usage to the unit, never below zero', () => {
    const previous = [
      { month: '2026-01', previousMonth: '2025-01', spend: 100.01, usage: 999, isBilled: true },
      { month: '2026-02', previousMonth: '2025-02', spend: 10, usage: 10, isBilled: false },
    ];
    expect(applyGrowth(previous, 3.5)).toEqual([
      { month: '2026-01', budgetSpendAmount: 103.51, budgetUsageAmount: 1034 },
      { month: '2026-02', budgetSpendAmount: 10.35, budgetUsageAmount: 10 },
    ]);
    expect(applyGrowth(previous, -200)[0]).toEqual({
      month: '2026-01',
      budgetSpendAmount: 0,
      budgetUsageAmount: 0,
    });
  });
});

describe('budgetInputErrors', () => {
  const items = [
    { month: '2026-12', budgetSpendAmount: 1, budgetUsageAmount: 0 },
    { month: '2027-01', budgetSpendAmount: 0, budgetUsageAmount: 2 },
  ];
  const valid = { unit: 'kWh', startMonth: '2026-12', monthCount: 2, items };

  it('accepts a budget with one item per month of its period', () => {
    expect(budgetInputErrors(valid)).toEqual({});
  });

  it.each<[string, object, Record<string, string>]>([
    ['a blank unit', { unit: ' ' }, { 'body.unit': 'is required' }],
    ['a bad start month', { startMonth: '2026-13' }, { 'body.startMonth': 'must be a month (YYYY-MM)' }],
    ['no months', { monthCount: 0 }, { 'body.monthCount': `must be 1 to ${MAX_BUDGET_MONTHS} months` }],
    [
      'too many months',
      { monthCount: MAX_BUDGET_MONTHS + 1 },
      { 'body.monthCount': 'must be 1 to 24 months' },
    ],
    ['a fraction of a month', { monthCount: 1.5 }, { 'body.monthCount': 'must be 1 to 24 months' }],
    ['a missing item', { monthCount: 3 }, { 'body.budgetItems': 'must have one item per month (3)' }],
    [
      'a wrong month and a negative amount',
      { items: [items[0], { month: '2027-02', budgetSpendAmount: -1, budgetUsageAmount: Number.NaN }] },
      {
        'body.budgetItems.1.month': 'must be 2027-01',
        'body.budgetItems.1.budgetSpendAmount': 'must be a number of 0 or more',
        'body.budgetItems.1.budgetUsageAmount': 'must be a number of 0 or more',
      },
    ],
  ])('names %s', (_name, change, fields) => {
    expect(budgetInputErrors({ ...valid, ...change })).toEqual(fields);
  });
});

describe('periodsOverlap', () => {
  it.each<[string, number, string, number, boolean]>([
    ['2026-01', 12, '2026-12', 3, true],
    ['2026-01', 12, '2027-01', 3, false],
    ['2026-06', 1, '2026-01', 6, true],
    ['2026-06', 1, '2026-01', 5, false],
  ])('%s ×%d and %s ×%d: %s', (a, n, b, m, overlaps) => {
    expect(periodsOverlap({ startMonth: a, monthCount: n }, { startMonth: b, monthCount: m })).toBe(overlaps);
  });
});

import { describe, expect, it } from 'vitest';
import {
  budgetActuals,
  budgetMonths,
  budgetPeriodLabel,
  budgetReport,
  convertUsage,
  rollUpBudgets,
} from '../../src/domain/budgets';
import type { BudgetBill, MonthActual } from '../../src/domain/budgets';

function bill(
  billMonth: string,
  services: [string, number, number | null, string | null][],
  isInvoiceMissing = false,
): BudgetBill {
  return {
    billMonth,
    isInvoiceMissing,
    services: services.map(([serviceType, charges, usage, unit]) => ({
      serviceType,
      charges,
      usage,
      unit,
      demandKw: null,
      taxesFees: 0,
    })),
  };
}

describe('budgetMonths', () => {
  it('runs across years, and is empty for no months', () => {
    expect(budgetMonths('2025-11', 3)).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(budgetMonths('2025-11', 0)).toEqual([]);
  });
  it('names a period by its first and last months', () => {
    expect(budgetPeriodLabel({ startMonth: '2025-11', monthCount: 3 })).toBe('Nov 2025 – Jan 2026');
    expect(budgetPeriodLabel({ startMonth: '2026-01', monthCount: 1 })).toBe('Jan 2026 – Jan 2026');
  });
});

describe('convertUsage', () => {
  it.each<[number, string | null, string, number | null]>([
    [5, 'kWh', 'KWH', 5],
    [2, 'MWh', 'kWh', 2000],
    [1500, 'kWh', 'MWh', 1.5],
    [3, 'Dth', 'Therms', 30],
    [10, 'therms', 'MMBtu', 1],
    [2, 'kGal', 'gallons', 2000],
    [1, 'gallons', 'kWh', null],
    [1, null, 'kWh', null],
    // Gas by volume in therms through the one kBtu table: 1 CCF = 102.6 kBtu, 1 MCF = 1,026 kBtu.
    [1, 'CCF', 'Therms', 1.026],
    [2, 'MCF', 'therms', 20.52],
  ])('%d %s in %s', (value, from, to, expected) => {
    expect(convertUsage(value, from, to)).toBe(expected);
  });
});

describe('budgetActuals', () => {
  const bills = [
    bill('2026-01', [
      ['electric', 100.1, 1000, 'kWh'],
      ['water', 20, 300, 'gallons'],
    ]),
    bill('2026-01', [['electric', 0.2, 0.5, 'MWh']]),
    bill('2026-02', [['electric', 50, null, null]]),
    bill('2026-03', [], true),
    bill('2025-12', [['electric', 999, 999, 'kWh']]),
  ];
  it('sums the service’s charges and usage (in the budget’s unit) per month, only of the months asked', () => {
    const actuals = budgetActuals(bills, 'electric', 'kWh', ['2026-01', '2026-02', '2026-03']);
    expect([...actuals]).toEqual([
      ['2026-01', { spend: 100.3, usage: 1500, isBilled: true }],
      ['2026-02', { spend: 50, usage: null, isBilled: true }],
      ['2026-03', { spend: 0, usage: null, isBilled: false }],
    ]);
  });

  it('leaves out usage in units that do not convert', () => {
    expect(budgetActuals(bills, 'water', 'kWh', ['2026-01']).get('2026-01')).toEqual({
      spend: 20,
      usage: null,
      isBilled: true,
    });
  });
});

describe('budgetReport', () => {
  const items = [
    { month: '2026-02', budgetSpendAmount: 120, budgetUsageAmount: 1200 },
    { month: '2026-01', budgetSpendAmount: 100, budgetUsageAmount: 1000 },
    { month: '2026-03', budgetSpendAmount: 80, budgetUsageAmount: 800 },
  ];
  const actuals = new Map<string, MonthActual>([
    ['2026-01', { spend: 110, usage: 1100, isBilled: true }],
    ['2026-02', { spend: 108, usage: null, isBilled: true }],
  ]);
  const report = budgetReport(items, actuals);

  it('lists the months in order with variances (actual minus budget) and running totals', () => {
    expect(report.months.map((row) => row.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(report.months[0]).toEqual({
      month: '2026-01',
      budgetSpend: 100,
      actualSpend: 110,
      spendVariance: 10,
      spendVariancePct: 10,
      budgetUsage: 1000,
      actualUsage: 1100,
      usageVariance: 100,
      usageVariancePct: 10,
      cumulativeBudgetSpend: 100,
      cumulativeActualSpend: 110,
      cumulativeBudgetUsage: 1000,
      cumulativeActualUsage: 1100,
      isBilled: true,
    });
    expect(report.months[1]).toMatchObject({
      spendVariance: -12,
      spendVariancePct: -10,
      usageVariance: null,
    });
    expect(report.months[2]).toMatchObject({
      isBilled: false,
      spendVariancePct: null,
      cumulativeBudgetSpend: 300,
    });
  });

  it('counts to date through the latest billed month and projects the rest at that pace', () => {
    expect(report.throughMonth).toBe('2026-02');
    // To date 218 against 220: the remaining 80 at 218/220.
    expect(report.spend).toEqual({
      budget: 300,
      budgetToDate: 220,
      actualToDate: 218,
      variance: -2,
      variancePct: -0.91,
      projected: 297.27,
    });
    expect(report.usage).toMatchObject({ budgetToDate: 2200, actualToDate: 1100, projected: 1500 });
  });

  it('leaves a month without a bill inside "to date" out of both sides, not as $0 spent, and names it', () => {
    const gap = budgetReport(
      [
        { month: '2026-01', budgetSpendAmount: 100, budgetUsageAmount: 0 },
        { month: '2026-02', budgetSpendAmount: 100, budgetUsageAmount: 0 },
        { month: '2026-03', budgetSpendAmount: 100, budgetUsageAmount: 0 },
      ],
      new Map([
        ['2026-01', { spend: 110, usage: null, isBilled: true }],
        ['2026-03', { spend: 90, usage: null, isBilled: true }],
      ]),
    );
    expect(gap.throughMonth).toBe('2026-03');
    expect(gap.missingMonths).toEqual(['2026-02']);
    // 200 spent against the 200 budgeted for January and March; February's 100 stays in what remains.
    expect(gap.spend).toEqual({
      budget: 300,
      budgetToDate: 200,
      actualToDate: 200,
      variance: 0,
      variancePct: 0,
      projected: 300,
    });
  });

  it('has no projection before the first bill, and goes by the plan when nothing was budgeted so far', () => {
    expect(budgetReport(items, new Map()).spend).toMatchObject({ projected: null, variancePct: null });
    const zero = budgetReport(
      [
        { month: '2026-01', budgetSpendAmount: 0, budgetUsageAmount: 0 },
        { month: '2026-02', budgetSpendAmount: 50, budgetUsageAmount: 0 },
      ],
      new Map([['2026-01', { spend: 5, usage: 0, isBilled: true }]]),
    );
    expect(zero.spend).toMatchObject({ projected: 55, variancePct: null });
    expect(zero.months[0]?.spendVariancePct).toBeNull();
  });
});

describe('rollUpBudgets', () => {
  it('adds spend by calendar month and sums the budgets’ to-date figures and projections', () => {
    const a = budgetReport(
      [
        { month: '2026-01', budgetSpendAmount: 100, budgetUsageAmount: 0 },
        { month: '2026-02', budgetSpendAmount: 100, budgetUsageAmount: 0 },
      ],
      new Map([['2026-01', { spend: 90, usage: null, isBilled: true }]]),
    );
    const b = budgetReport(
      [
        { month: '2026-02', budgetSpendAmount: 0.1, budgetUsageAmount: 0 },
        { month: '2026-03', budgetSpendAmount: 0.2, budgetUsageAmount: 0 },
      ],
      new Map(),
    );
    const roll = rollUpBudgets([a, b]);
    expect(roll.months).toEqual([
      { month: '2026-01', budgetSpend: 100, actualSpend: 90 },
      { month: '2026-02', budgetSpend: 100.1, actualSpend: 0 },
      { month: '2026-03', budgetSpend: 0.2, actualSpend: 0 },
    ]);
    // b has no bills yet: it goes at its plan.
    expect(roll.spend).toEqual({
      budget: 200.3,
      budgetToDate: 100,
      actualToDate: 90,
      variance: -10,
      variancePct: -10,
      projected: 180.3,
    });
    expect(rollUpBudgets([b]).spend.projected).toBeNull();
  });
});

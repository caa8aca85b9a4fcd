import { describe, expect, it } from 'vitest';
import { SEASONAL_BOUNDS, estimateAccrual } from '../../src/domain/accrualEstimate';
import type { AccrualBillInput } from '../../src/domain/accrualEstimate';

function bill(
  billMonth: string,
  readDateFrom: string,
  readDateTo: string,
  charges: number,
): AccrualBillInput {
  return { billMonth, readDateFrom, readDateTo, charges };
}

describe('estimateAccrual', () => {
  const recent = [
    bill('2026-01', '2025-12-11', '2026-01-09', 300), // 30 days
    bill('2026-02', '2026-01-10', '2026-02-08', 300), // 30 days
    bill('2026-03', '2026-02-09', '2026-03-10', 300), // 30 days
  ];

  it('prices the days after the last billed day up to the month end at the latest bills’ cost per day', () => {
    expect(estimateAccrual(recent, '2026-03-31')).toEqual({
      billedThrough: '2026-03-10',
      daysUnbilled: 21,
      costPerDay: 10,
      seasonalFactor: 1,
      amount: 210,
    });
  });

  it('uses only the latest three bills read by the month end, in cents', () => {
    const bills = [
      bill('2025-12', '2025-11-11', '2025-12-10', 9000),
      ...recent,
      bill('2026-04', '2026-03-11', '2026-04-09', 5000),
    ];
    expect(estimateAccrual(bills, '2026-03-31')?.amount).toBe(210);
    const odd = [bill('2026-03', '2026-03-01', '2026-03-03', 0.1)];
    expect(estimateAccrual(odd, '2026-03-31')).toMatchObject({ daysUnbilled: 28, amount: 0.93 });
  });

  it('scales by last year’s same month against last year’s last billed month', () => {
    const lastYear = [bill('2025-03', '2025-02-09', '2025-03-10', 300)]; // $10/day
    // The month end's month is the last billed month: nothing to scale.
    expect(estimateAccrual([...recent, ...lastYear], '2026-03-31')?.seasonalFactor).toBe(1);
    // Without last year's April the factor stays 1.
    expect(estimateAccrual([...recent, ...lastYear], '2026-04-30')?.seasonalFactor).toBe(1);
    const april = [bill('2025-04', '2025-03-11', '2025-04-09', 450)]; // $15/day
    const est = estimateAccrual([...recent, ...lastYear, ...april], '2026-04-30');
    expect(est).toMatchObject({ daysUnbilled: 51, seasonalFactor: 1.5, amount: 765 });
  });

  it('bounds the seasonal factor', () => {
    const lastYear = [
      bill('2025-03', '2025-02-09', '2025-03-10', 30), // $1/day
      bill('2025-04', '2025-03-11', '2025-04-09', 3000), // $100/day
    ];
    expect(estimateAccrual([...recent, ...lastYear], '2026-04-30')?.seasonalFactor).toBe(SEASONAL_BOUNDS.max);
  });

  it('answers null when billed through the month end or without a service period', () => {
    expect(estimateAccrual(recent, '2026-03-10')).toBeNull();
    expect(estimateAccrual([], '2026-03-31')).toBeNull();
    expect(
      estimateAccrual(
        [{ billMonth: '2026-03', readDateFrom: null, readDateTo: '2026-03-10', charges: 5 }],
        '2026-03-31',
      ),
    ).toBeNull();
    expect(estimateAccrual([bill('2026-03', '2026-03-10', '2026-03-01', 5)], '2026-03-31')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { allMonths, monthlySpendByService } from '../../../src/features/accounts/accountFigures';
import { billTotalsRows } from '../../../src/domain/billFigures';
import { billRow } from '../../helpers/localRows';

const at = { accountId: 'a', locationId: 'l' };

describe('monthly spend', () => {
  const bills = ['2024-01', '2024-06', '2025-02'].map((billMonth, i) =>
    billRow({ id: `b${i}`, ...at, billMonth }, 0.1),
  );
  const water = billRow({
    id: 'w',
    ...at,
    billMonth: '2025-02',
    services: [
      { serviceType: 'water', charges: 0.2, usage: 5, unit: 'gallons', demandKw: null, taxesFees: 0 },
    ],
  });

  it('fills every month between the first and last bill', () => {
    expect(allMonths(billTotalsRows(bills))).toHaveLength(14);
    expect(allMonths([])).toEqual([]);
  });

  it('sums cents-exact per service over the latest 12 months by default, largest service first', () => {
    const spend = monthlySpendByService(billTotalsRows([...bills, bills[2] ?? water, water]));
    expect(spend.months[0]).toBe('2024-03');
    expect(spend.months.at(-1)).toBe('2025-02');
    expect(spend.series.map((series) => [series.serviceType, series.label, series.total])).toEqual([
      ['electric', 'Electricity', 0.3],
      ['water', 'Water', 0.2],
    ]);
    expect(spend.series[0]?.data.at(-1)).toBe(0.2);
    expect(spend.series[0]?.data[3]).toBe(0.1);
  });
});

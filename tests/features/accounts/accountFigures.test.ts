import { describe, expect, it } from 'vitest';
import {
  allMonths,
  chargeRows,
  monthLabel,
  monthlySpendByService,
  usageRows,
} from '../../../src/features/accounts/accountFigures';
import { billTotalsRows } from '../../../src/domain/billFigures';
import { billRow } from '../../helpers/localRows';

const at = { accountId: 'a', locationId: 'l' };

describe('chargeRows', () => {
  it('lists bills newest first with a status date only for cleared ones', () => {
    const rows = chargeRows([
      billRow({ id: 'b1', ...at, billMonth: '2025-01' }, 100),
      billRow({ id: 'b2', ...at, billMonth: '2025-02', status: 'Pending', statusDate: '2025-02-21' }, 50.1),
      billRow(
        {
          id: 'b3',
          ...at,
          billMonth: '2025-03',
          status: 'Missing Invoice',
          isInvoiceMissing: true,
          services: [],
        },
        0,
      ),
    ]);
    expect(rows.map((row) => [row.billMonth, row.status, row.statusDate, row.isInvoiceMissing])).toEqual([
      ['2025-03', 'Missing Invoice', null, true],
      ['2025-02', 'Pending', null, false],
      ['2025-01', 'Cleared', '2025-01-20', false],
    ]);
    expect(rows[1]?.byService).toEqual({ electric: 50.1 });
    expect(rows[1]).toMatchObject({ dueDate: '2025-02-25', totalCharges: 50.1, amountDue: 50.1 });
  });
});

describe('usageRows', () => {
  it('carries the kVA and kVAR of the bill summary', () => {
    const [row] = usageRows(
      [
        billRow({
          id: 'b1',
          ...at,
          billMonth: '2025-01',
          services: [
            {
              serviceType: 'electric',
              charges: 9,
              usage: 90,
              unit: 'kWh',
              demandKw: 30,
              kvaMax: 41.5,
              kvarSum: 7.25,
              taxesFees: 0,
            },
          ],
        }),
      ],
      ['electric'],
    );
    expect(row).toMatchObject({ maxKw: 30, maxKva: 41.5, totalKvar: 7.25 });
  });

  it('gives a row per metered service, and a missing month for each metered service of the account', () => {
    const rows = usageRows(
      [
        billRow({ id: 'b1', ...at, billMonth: '2025-01' }, 10),
        billRow({ id: 'b2', ...at, billMonth: '2025-02', isInvoiceMissing: true, services: [] }),
        billRow({
          id: 'b3',
          ...at,
          billMonth: '2025-03',
          services: [
            { serviceType: 'trash', charges: 30, usage: null, unit: null, demandKw: null, taxesFees: 0 },
          ],
        }),
      ],
      ['electric', 'trash'],
    );
    expect(rows).toEqual([
      {
        id: 'b2:electric',
        billMonth: '2025-02',
        serviceType: 'electric',
        totalUsage: null,
        energyUnit: 'kWh',
        maxKw: null,
        maxKva: null,
        totalKvar: null,
        isInvoiceMissing: true,
      },
      {
        id: 'b1:electric',
        billMonth: '2025-01',
        serviceType: 'electric',
        totalUsage: 100,
        energyUnit: 'kWh',
        maxKw: 12,
        maxKva: null,
        totalKvar: null,
        isInvoiceMissing: false,
      },
    ]);
  });
});

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

  it('labels months as Mon YYYY', () => {
    expect(monthLabel('2025-02')).toBe('Feb 2025');
  });
});

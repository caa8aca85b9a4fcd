import { describe, expect, it } from 'vitest';
import { serviceMonths, serviceTotals } from '../../src/domain/billFigures';
import { bill, figures, servicesOf } from '../helpers/billFigures';

describe('serviceMonths', () => {
  const bills = [
    bill('2026-01', [figures('electric', 0.1, 1.001, { taxesFees: 0.01 }), figures('trash', 5)]),
    bill('2026-01', [figures('electric', 0.2, 2.002, { taxesFees: 0.02, unit: 'KWH' })]),
    bill('2026-02-15', [figures('water', 3, 10, { unit: 'gallons' })], { accountId: 'a2' }),
    bill('2026-02', [], { accountId: 'a2', isInvoiceMissing: true }),
    bill('2026-02', [], { accountId: 'a3', isInvoiceMissing: true }),
    bill('2025-12', [figures('electric', 99)]),
    bill('not a month', [figures('electric', 99)]),
  ];

  it('sums each service per month to the cent and the thousandth, only inside the window', () => {
    expect(serviceMonths(bills, servicesOf, ['2026-01', '2026-02'])).toEqual([
      {
        billMonth: '2026-01',
        serviceType: 'electric',
        totalCharges: 0.3,
        taxesFees: 0.03,
        totalUsage: 3.003,
        unit: 'kWh',
        missingInvoices: 0,
      },
      {
        billMonth: '2026-01',
        serviceType: 'trash',
        totalCharges: 5,
        taxesFees: 0,
        totalUsage: null,
        unit: null,
        missingInvoices: 0,
      },
      {
        billMonth: '2026-02',
        serviceType: 'water',
        totalCharges: 3,
        taxesFees: 0,
        totalUsage: 10,
        unit: 'gallons',
        missingInvoices: 1,
      },
      {
        billMonth: '2026-02',
        serviceType: 'trash',
        totalCharges: 0,
        taxesFees: 0,
        totalUsage: null,
        unit: null,
        missingInvoices: 1,
      },
    ]);
  });

  it('narrows to one service, missing invoices included', () => {
    const rows = serviceMonths(bills, servicesOf, ['2026-01', '2026-02'], 'trash');
    expect(rows.map((row) => [row.billMonth, row.serviceType, row.missingInvoices])).toEqual([
      ['2026-01', 'trash', 0],
      ['2026-02', 'trash', 1],
    ]);
  });

  it('gives nothing for an empty window', () => {
    expect(serviceMonths(bills, servicesOf, [])).toEqual([]);
  });
});

describe('serviceTotals', () => {
  it('totals per service in service order, with the default unit for metered services', () => {
    const rows = serviceMonths(
      [
        bill('2026-01', [
          figures('trash', 1.1),
          figures('water', 2.2, 5, { unit: 'gal' }),
          figures('steam', 1, 3, { unit: 'lbs' }),
        ]),
        bill('2026-02', [figures('water', 0.1, 1, { unit: 'gal' })]),
      ],
      servicesOf,
      ['2026-01', '2026-02'],
    );
    expect(serviceTotals(rows)).toEqual({
      totalCharges: 4.4,
      byService: [
        { serviceType: 'water', totalCharges: 2.3, taxesFees: 0, totalUsage: 6, unit: 'Gallons' },
        { serviceType: 'trash', totalCharges: 1.1, taxesFees: 0, totalUsage: null, unit: null },
        { serviceType: 'steam', totalCharges: 1, taxesFees: 0, totalUsage: 3, unit: 'lbs' },
      ],
    });
  });

  it('is zero without rows', () => {
    expect(serviceTotals([])).toEqual({ totalCharges: 0, byService: [] });
  });
});

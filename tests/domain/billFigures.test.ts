import { describe, expect, it } from 'vitest';
import { chargesTable, serviceMonths, serviceTotals, usageTable } from '../../src/domain/billFigures';
import type { BillServiceSummary, FigureBill } from '../../src/domain/billFigures';

function figures(
  serviceType: string,
  charges: number,
  usage: number | null = null,
  more: Partial<BillServiceSummary> = {},
): BillServiceSummary {
  return {
    serviceType,
    charges,
    usage,
    unit: usage === null ? null : 'kWh',
    demandKw: null,
    taxesFees: 0,
    ...more,
  };
}

function bill(billMonth: string, services: BillServiceSummary[], more: Partial<FigureBill> = {}): FigureBill {
  return {
    billMonth,
    accountId: 'a1',
    totalNewCharges: services.reduce((sum, s) => sum + s.charges, 0),
    isInvoiceMissing: false,
    services,
    ...more,
  };
}

const servicesOf = (id: string) => ({ a1: 'electric', a2: 'water, trash', a3: null })[id];

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

describe('chargesTable', () => {
  it('has a row per month, newest first, with every service’s amount and the missing mark', () => {
    const table = chargesTable([
      bill('2026-01', [figures('water', 1.15), figures('electric', 2.1)]),
      bill('2026-01-31', [figures('electric', 0.2)]),
      bill('2026-02', [], { isInvoiceMissing: true, totalNewCharges: 0 }),
    ]);
    expect(table).toEqual({
      serviceTypes: ['electric', 'water'],
      rows: [
        { billMonth: '2026-02', totalCharges: 0, isInvoiceMissing: true, amounts: { electric: 0, water: 0 } },
        {
          billMonth: '2026-01',
          totalCharges: 3.45,
          isInvoiceMissing: false,
          amounts: { electric: 2.3, water: 1.15 },
        },
      ],
    });
  });

  it('keeps text that is no month as its own row', () => {
    expect(chargesTable([bill('soon', [figures('electric', 1)])]).rows[0]?.billMonth).toBe('soon');
  });
});

describe('usageTable', () => {
  it('keeps the greatest kVA and sums kVAR exactly, null where no bill of the month carries them', () => {
    const rows = usageTable(
      [
        bill('2026-01', [figures('electric', 1, 10, { kvaMax: 40.5, kvarSum: 0.1 })]),
        bill('2026-01', [figures('electric', 1, 10, { kvaMax: 52, kvarSum: 0.2 })]),
        bill('2026-01', [figures('electric', 1, 10)]),
        bill('2026-02', [figures('electric', 1, 10, { kvaMax: null, kvarSum: null })]),
      ],
      servicesOf,
    );
    expect(rows.map(({ billMonth, maxKvA, totalKvAR }) => ({ billMonth, maxKvA, totalKvAR }))).toEqual([
      { billMonth: '2026-02', maxKvA: null, totalKvAR: null },
      { billMonth: '2026-01', maxKvA: 52, totalKvAR: 0.3 },
    ]);
  });

  it('sums usage, keeps the greatest demand and marks metered services of missing invoices', () => {
    const rows = usageTable(
      [
        bill('2026-01', [figures('electric', 1, 10, { demandKw: 5 }), figures('trash', 2)]),
        bill('2026-01', [figures('electric', 1, 5.5, { demandKw: 7 })]),
        bill('2026-01', [figures('electric', 1, 1)]),
        bill('2026-02', [figures('water', 1, 3, { unit: 'gallons' })], { accountId: 'a2' }),
        bill('2026-02', [], { accountId: 'a1', isInvoiceMissing: true }),
        bill('2026-01', [], { accountId: 'a2', isInvoiceMissing: true }),
        bill('2026-03', [], { accountId: 'a2', isInvoiceMissing: true }),
      ],
      servicesOf,
    );
    expect(rows).toEqual([
      {
        billMonth: '2026-03',
        serviceType: 'water',
        totalUsage: null,
        energyUnit: 'gallons',
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: true,
      },
      {
        billMonth: '2026-02',
        serviceType: 'electric',
        totalUsage: null,
        energyUnit: 'kWh',
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: true,
      },
      {
        billMonth: '2026-02',
        serviceType: 'water',
        totalUsage: 3,
        energyUnit: 'gallons',
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: false,
      },
      {
        billMonth: '2026-01',
        serviceType: 'electric',
        totalUsage: 16.5,
        energyUnit: 'kWh',
        maxKvA: null,
        maxkW: 7,
        totalKvAR: null,
        isInvoiceMissing: false,
      },
      {
        billMonth: '2026-01',
        serviceType: 'water',
        totalUsage: null,
        energyUnit: 'gallons',
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: true,
      },
    ]);
  });

  it('marks an existing row when its month has usage and a missing invoice', () => {
    const rows = usageTable(
      [bill('2026-01', [figures('electric', 1, 4)]), bill('2026-01-01', [], { isInvoiceMissing: true })],
      servicesOf,
    );
    expect(rows).toEqual([
      {
        billMonth: '2026-01',
        serviceType: 'electric',
        totalUsage: 4,
        energyUnit: 'kWh',
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: true,
      },
    ]);
  });
});

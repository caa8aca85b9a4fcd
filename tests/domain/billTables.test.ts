import { describe, expect, it } from 'vitest';
import { billMonthRows, chargesTable, usageTable } from '../../src/domain/billTables';
import type { TableBill } from '../../src/domain/billTables';
import { bill, figures, servicesOf } from '../helpers/billFigures';

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

  it('gives a demand-only service a row, and a missing invoice a row per metered service of its account', () => {
    const rows = usageTable(
      [
        bill('2025-01', [figures('electric', 1, null, { demandKw: 12 }), figures('trash', 30)]),
        bill('2025-02', [], { accountId: 'a4', isInvoiceMissing: true }),
      ],
      (id) => (id === 'a4' ? 'sewer, trash, telecom' : 'electric'),
    );
    expect(
      rows.map(({ billMonth, serviceType, totalUsage, energyUnit, maxkW, isInvoiceMissing }) => ({
        billMonth,
        serviceType,
        totalUsage,
        energyUnit,
        maxkW,
        isInvoiceMissing,
      })),
    ).toEqual([
      {
        billMonth: '2025-02',
        serviceType: 'sewer',
        totalUsage: null,
        energyUnit: 'Gallons',
        maxkW: null,
        isInvoiceMissing: true,
      },
      {
        billMonth: '2025-01',
        serviceType: 'electric',
        totalUsage: null,
        energyUnit: 'kWh',
        maxkW: 12,
        isInvoiceMissing: false,
      },
    ]);
  });
});

function tableBill(id: string, billMonth: string, more: Partial<TableBill> = {}): TableBill {
  return {
    ...bill(billMonth, [figures('electric', 50.1), figures('water', 10)]),
    id,
    invoiceDate: `${billMonth}-05`,
    dueDate: `${billMonth}-25`,
    status: 'Cleared',
    statusDate: `${billMonth}-20`,
    amountDue: 60.1,
    ...more,
  };
}

describe('billMonthRows', () => {
  it('lists bills newest first, then by id, with a status date only for cleared ones', () => {
    const table = billMonthRows([
      tableBill('b1', '2025-01'),
      tableBill('b3', '2025-02', { status: 'Pending', statusDate: '2025-02-21' }),
      tableBill('b2', '2025-02', { status: ' cleared ', services: [figures('gas', 3)] }),
      tableBill('b4', '2025-03', { status: 'Missing Invoice', isInvoiceMissing: true, services: [] }),
    ]);
    expect(table.serviceTypes).toEqual(['electric', 'water', 'gas']);
    expect(table.rows.map((row) => [row.id, row.billMonth, row.status, row.statusDate])).toEqual([
      ['b4', '2025-03', 'Missing Invoice', null],
      ['b2', '2025-02', ' cleared ', '2025-02-20'],
      ['b3', '2025-02', 'Pending', null],
      ['b1', '2025-01', 'Cleared', '2025-01-20'],
    ]);
    expect(table.rows[0]).toMatchObject({ isInvoiceMissing: true, amounts: {} });
    expect(table.rows[2]).toMatchObject({
      accountId: 'a1',
      invoiceDate: '2025-02-05',
      dueDate: '2025-02-25',
      totalCharges: 60.1,
      amountDue: 60.1,
      amounts: { electric: 50.1, water: 10 },
    });
  });

  it('is empty without bills', () => {
    expect(billMonthRows([])).toEqual({ serviceTypes: [], rows: [] });
  });
});

import { describe, expect, it } from 'vitest';
import {
  OTHER_SERVICE_GROUP,
  accountsPayableFigures,
  apFileDays,
  isInApPeriod,
} from '../../src/domain/accountsPayable';
import type { ApDeliveryInput } from '../../src/domain/accountsPayable';

function delivery(overrides: Partial<ApDeliveryInput>): ApDeliveryInput {
  return {
    id: 'd',
    vendorName: 'Lone Star Power',
    accountNumber: '100',
    locationId: 'loc-1',
    apFileDate: '031526',
    invoiceDate: '2026-03-13',
    dueDate: '2026-04-05',
    amount: 100,
    isPenalty: false,
    serviceGroup: 'Electricity',
    ...overrides,
  };
}

const ROWS: ApDeliveryInput[] = [
  delivery({ id: 'a', amount: 0.1 }),
  delivery({ id: 'b', accountNumber: '200', locationId: 'loc-2', amount: 0.2, isPenalty: true }),
  delivery({ id: 'c', vendorName: 'City Water', accountNumber: '300', serviceGroup: 'Water', amount: 5 }),
  delivery({
    id: 'd',
    vendorName: 'Gas Co',
    apFileDate: '2026-03-15',
    locationId: null,
    serviceGroup: null,
    amount: 1,
  }),
  delivery({ id: 'e', apFileDate: '031626', dueDate: '2026-04-20', amount: 7 }),
  delivery({ id: 'f', apFileDate: '031626', dueDate: null, amount: 9 }),
];

describe('isInApPeriod', () => {
  it.each([
    [{ apFileDate: '031526', dueDate: null }, { kind: 'created', date: '2026-03-15' }, true],
    [{ apFileDate: '2026-03-15', dueDate: null }, { kind: 'created', date: '2026-03-15' }, true],
    [{ apFileDate: '031626', dueDate: null }, { kind: 'created', date: '2026-03-15' }, false],
    [
      { apFileDate: '031526', dueDate: '2026-04-01' },
      { kind: 'due', from: '2026-04-01', to: '2026-04-30' },
      true,
    ],
    [
      { apFileDate: '031526', dueDate: '2026-04-30' },
      { kind: 'due', from: '2026-04-01', to: '2026-04-30' },
      true,
    ],
    [
      { apFileDate: '031526', dueDate: '2026-05-01' },
      { kind: 'due', from: '2026-04-01', to: '2026-04-30' },
      false,
    ],
    [{ apFileDate: '031526', dueDate: null }, { kind: 'due', from: '2026-04-01', to: '2026-04-30' }, false],
  ] as const)('%j in %j is %s', (row, period, expected) => {
    expect(isInApPeriod(row, period)).toBe(expected);
  });
});

describe('accountsPayableFigures', () => {
  it('counts the AP file of a day (six-digit or ISO file dates) and sums charges per group to the cent', () => {
    const figures = accountsPayableFigures(ROWS, { kind: 'created', date: '2026-03-15' });
    expect(figures.numberOfInvoices).toBe(4);
    expect(figures.numberOfLocations).toBe(2);
    expect(figures.numberOfVendors).toBe(3);
    expect(figures.numberOfPenalties).toBe(1);
    expect(figures.serviceGroupCharge).toEqual([
      { serviceGroup: 'Water', charge: 5 },
      { serviceGroup: OTHER_SERVICE_GROUP, charge: 1 },
      { serviceGroup: 'Electricity', charge: 0.3 },
    ]);
    expect(figures.accountsPayableList.map((row) => row.id)).toEqual(['c', 'd', 'a', 'b']);
    expect(figures.accountsPayableList.every((row) => row.apFileDate === '2026-03-15')).toBe(true);
  });

  it('selects by due date from/to, inclusive, leaving out deliveries without a due date', () => {
    const figures = accountsPayableFigures(ROWS, { kind: 'due', from: '2026-04-05', to: '2026-04-20' });
    expect(figures.accountsPayableList.map((row) => row.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(figures.accountsPayableList[0]?.id).toBe('e');
  });

  it('answers zeros and empty lists for a period without deliveries', () => {
    expect(accountsPayableFigures(ROWS, { kind: 'created', date: '2025-01-01' })).toEqual({
      numberOfInvoices: 0,
      numberOfLocations: 0,
      numberOfVendors: 0,
      numberOfPenalties: 0,
      serviceGroupCharge: [],
      accountsPayableList: [],
    });
  });
});

describe('apFileDays', () => {
  it('lists the AP files newest first with their invoice counts, whatever the file date spelling', () => {
    expect(apFileDays(ROWS)).toEqual([
      { date: '2026-03-16', invoices: 2 },
      { date: '2026-03-15', invoices: 4 },
    ]);
  });
});

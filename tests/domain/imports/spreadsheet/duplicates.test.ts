import { describe, expect, it } from 'vitest';
import {
  accountKey,
  billPeriodKey,
  classifyBill,
  classifyBills,
  invoiceKey,
  isSamePeriod,
  vendorKey,
} from '../../../../src/domain/imports/spreadsheet/duplicates';
import type { ComparableBill } from '../../../../src/domain/imports/spreadsheet/duplicates';

const bill = (changes: Partial<ComparableBill> = {}): ComparableBill => ({
  accountNumber: '1234-5',
  vendorName: 'Metro Power',
  readDateFrom: '2025-01-05',
  readDateTo: '2025-02-04',
  billMonth: '2025-02',
  invoiceNumber: null,
  totalNewCharges: 1928,
  usages: [{ energyUnit: 'kWh', usageTotal: 12480 }],
  ...changes,
});

describe('keys', () => {
  it('compares accounts and vendors without case, spaces or punctuation', () => {
    expect(accountKey(' 1234-5 ')).toBe(accountKey('12345'));
    expect(vendorKey('Metro Power, Inc.')).toBe(vendorKey('METRO  POWER INC'));
  });

  it('keys a bill on account, vendor and period: the read dates, else the bill month', () => {
    expect(billPeriodKey(bill())).toBe('12345|metro power|2025-01-05..2025-02-04');
    expect(billPeriodKey(bill({ readDateFrom: null, readDateTo: null }))).toBe(
      '12345|metro power|month 2025-02',
    );
    expect(
      billPeriodKey({ ...bill(), accountNumber: null, vendorName: null, readDateTo: null, billMonth: null }),
    ).toBe('||month ');
  });

  it('keys the statement on its invoice number when there is one', () => {
    expect(invoiceKey(bill({ invoiceNumber: ' inv-1 ' }))).toBe('12345|metro power|#INV-1');
    expect(invoiceKey(bill({ invoiceNumber: '' }))).toBeNull();
    expect(invoiceKey(bill())).toBeNull();
  });

  it.each([
    [bill(), bill(), true],
    [bill(), bill({ readDateFrom: null }), true],
    [bill(), bill({ readDateFrom: '2025-01-06' }), false],
    [bill(), bill({ readDateTo: '2025-02-05' }), false],
    [bill({ readDateTo: null }), bill(), true],
    [bill({ readDateTo: null }), bill({ billMonth: '2025-03' }), false],
  ])('same period %#: %s', (a, b, same) => {
    expect(isSamePeriod(a, b)).toBe(same);
  });
});

describe('classifyBills', () => {
  it.each<[string, ComparableBill, string]>([
    [
      'a bill of another period',
      bill({ readDateFrom: '2025-02-04', readDateTo: '2025-03-05', billMonth: '2025-03' }),
      'new',
    ],
    ['a bill of another account', bill({ accountNumber: '999' }), 'new'],
    ['a bill of another vendor', bill({ vendorName: 'Other Power' }), 'new'],
    [
      'the same bill written otherwise',
      bill({ accountNumber: '12345', vendorName: 'METRO POWER' }),
      'duplicate',
    ],
    ['the same bill under a new statement id', bill({ invoiceNumber: 'NEW-9' }), 'duplicate'],
    ['a re-issue with other charges', bill({ totalNewCharges: 1900.5, invoiceNumber: 'NEW-9' }), 'reissue'],
    ['a re-issue with other usage', bill({ usages: [{ energyUnit: 'kWh', usageTotal: 12000 }] }), 'reissue'],
    [
      'a re-issue under the same invoice number',
      bill({ invoiceNumber: 'INV-1', totalNewCharges: 1 }),
      'reissue',
    ],
    [
      'an invoice number already present, dates corrected',
      bill({ invoiceNumber: 'inv-1', readDateTo: '2025-02-06' }),
      'duplicate',
    ],
  ])('reads %s', (_, incoming, kind) => {
    const existing = [bill({ accountNumber: '555' }), bill({ invoiceNumber: 'INV-1' })];
    const match = classifyBill(incoming, existing);
    expect(match.kind).toBe(kind);
    expect(match.existingIndex).toBe(kind === 'new' ? null : 1);
  });

  it('compares usage per unit, whatever the order of the lines and zero lines', () => {
    const a = bill({
      usages: [
        { energyUnit: 'kWh', usageTotal: 0.1 },
        { energyUnit: 'kWh', usageTotal: 0.2 },
        { energyUnit: null, usageTotal: 0 },
      ],
    });
    const b = bill({ usages: [{ energyUnit: 'kWh', usageTotal: 0.3 }] });
    expect(classifyBill(a, [b]).kind).toBe('duplicate');
  });

  it('matches bills of one file against each other, the latest re-issue last', () => {
    const matches = classifyBills(
      [bill(), bill(), bill({ totalNewCharges: 5 }), bill({ totalNewCharges: 6 })],
      [],
    );
    expect(matches).toEqual([
      { kind: 'new', existingIndex: null, earlierIncomingIndex: null },
      { kind: 'duplicate', existingIndex: null, earlierIncomingIndex: 0 },
      { kind: 'reissue', existingIndex: null, earlierIncomingIndex: 1 },
      { kind: 'reissue', existingIndex: null, earlierIncomingIndex: 2 },
    ]);
  });
});

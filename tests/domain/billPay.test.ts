import { describe, it, expect } from 'vitest';
import { parseRoles } from '../../src/domain/roles';
import {
  accrualPerDay,
  canUseAccruals,
  depositLedger,
  mayReadBillPay,
  isInDateRange,
  paymentMethodLabel,
  paymentTotalsByMethod,
  unmatchedAmount,
} from '../../src/domain/billPay';

describe('paymentMethodLabel', () => {
  it.each([
    ['CHECK', 'CHECK'],
    ['check', 'CHECK'],
    [' Check ', 'CHECK'],
    ['ACH', 'DIGITAL'],
    ['CARD', 'DIGITAL'],
    ['CHECKS', 'DIGITAL'],
    ['', 'DIGITAL'],
  ])('labels %j as %s', (method, label) => {
    expect(paymentMethodLabel(method)).toBe(label);
  });
});

describe('accrualPerDay', () => {
  it.each([
    [300, 30, 10],
    [100, 3, 100 / 3],
    [50, 1, 50],
    [50, 0, 50],
    [50, -4, 50],
    [50, 0.5, 50],
    [50, Number.NaN, 50],
    [50, Number.POSITIVE_INFINITY, 50],
    [-90, 30, -3],
    [0, 30, 0],
  ])('divides %d over %d days into %d', (amount, days, perDay) => {
    expect(accrualPerDay(amount, days)).toBe(perDay);
  });
});

describe('paymentTotalsByMethod', () => {
  it('sums checks and every other method as DIGITAL, to the cent, with counts', () => {
    const totals = paymentTotalsByMethod([
      { amount: 0.1, paymentMethod: 'CHECK' },
      { amount: 0.2, paymentMethod: 'check' },
      { amount: 10.05, paymentMethod: 'ACH' },
      { amount: 1.1, paymentMethod: 'VCARD' },
    ]);
    expect(totals).toEqual({ check: 0.3, digital: 11.15, total: 11.45, checkCount: 2, digitalCount: 2 });
  });

  it('answers zeros for no payments', () => {
    expect(paymentTotalsByMethod([])).toEqual({
      check: 0,
      digital: 0,
      total: 0,
      checkCount: 0,
      digitalCount: 0,
    });
  });
});

describe('isInDateRange', () => {
  it.each([
    ['2026-03-01', '2026-03-01', '2026-03-31', true],
    ['2026-03-31', '2026-03-01', '2026-03-31', true],
    ['2026-02-28', '2026-03-01', '2026-03-31', false],
    ['2026-04-01', '2026-03-01', '2026-03-31', false],
    ['2026-04-01', '', '', true],
    ['2020-01-01', '', '2026-03-31', true],
    ['2027-01-01', '2026-03-01', '', true],
    [null, '', '', true],
    [null, '2026-03-01', '', false],
  ])('%s within %j..%j is %s', (date, from, to, expected) => {
    expect(isInDateRange(date, from, to)).toBe(expected);
  });
});

describe('unmatchedAmount', () => {
  it('is the transaction less the matched part, to the cent', () => {
    expect(unmatchedAmount({ transactionAmount: 0.3, matchedAmount: 0.1 })).toBe(0.2);
    expect(unmatchedAmount({ transactionAmount: 500, matchedAmount: 500 })).toBe(0);
  });
});

describe('depositLedger', () => {
  it('runs the balance oldest first, deposits before the same day’s payments, payments grouped by day', () => {
    const lines = depositLedger(
      [
        { depositDate: '2026-03-15', transactionAmount: 50 },
        { depositDate: '2026-03-01', transactionAmount: 100.1 },
      ],
      [
        { paymentDate: '2026-03-01', amount: 30 },
        { paymentDate: '2026-03-01', amount: 0.1 },
        { paymentDate: '2026-03-20', amount: 200 },
      ],
      10,
    );
    expect(lines).toEqual([
      { date: '2026-03-01', kind: 'deposit', amount: 100.1, count: 1, balance: 110.1 },
      { date: '2026-03-01', kind: 'payments', amount: -30.1, count: 2, balance: 80 },
      { date: '2026-03-15', kind: 'deposit', amount: 50, count: 1, balance: 130 },
      { date: '2026-03-20', kind: 'payments', amount: -200, count: 1, balance: -70 },
    ]);
  });

  it('is empty without deposits or payments', () => {
    expect(depositLedger([], [])).toEqual([]);
  });
});

describe('canUseAccruals', () => {
  it.each([
    [true, false, true],
    [false, true, true],
    [false, false, false],
  ])('consultant %s with accrualsAccess %s: %s', (isConsultant, accrualsAccess, expected) => {
    expect(canUseAccruals({ isConsultant }, { accrualsAccess })).toBe(expected);
  });
});

describe('mayReadBillPay', () => {
  it.each<[string[], boolean]>([
    [['Client'], true],
    [['Client', 'Admin'], true],
    [['Client', 'LimitedClient'], false],
    [['Consultant'], true],
    [['SuperConsultant'], true],
  ])('roles %j read bill pay rows: %s', (names, expected) => {
    expect(mayReadBillPay(parseRoles(names))).toBe(expected);
  });
});

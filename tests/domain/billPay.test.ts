import { describe, it, expect } from 'vitest';
import { accrualPerDay, paymentMethodLabel } from '../../src/domain/billPay';

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

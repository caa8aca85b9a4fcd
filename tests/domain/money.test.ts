import { describe, it, expect } from 'vitest';
import { formatCurrency, fromCents, parseMoney, sumMoney, toCents } from '../../src/domain/money';

describe('parseMoney', () => {
  it.each([
    ['$1,234.50', 1234.5],
    ['1234.5', 1234.5],
    ['$0.00', 0],
    ['0', 0],
    ['-$12.30', -12.3],
    ['$-12.30', -12.3],
    ['($1,000.25)', -1000.25],
    [' $ 1,000 ', 1000],
    ['$1,234,567.89', 1234567.89],
  ])('reads %j as %d', (text, value) => {
    expect(parseMoney(text)).toBe(value);
  });

  it.each(['', '$', ' , ', 'abc', '12abc', '()'])('gives NaN for %j', (text) => {
    expect(parseMoney(text)).toBeNaN();
  });
});

describe('formatCurrency', () => {
  it.each([
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [0.005, '$0.01'],
    [-12.3, '-$12.30'],
    [-0, '$0.00'],
    [-0.001, '$0.00'],
    [Number.NaN, '$NaN'],
    [Number.POSITIVE_INFINITY, '$∞'],
  ])('formats %d as %j', (n, text) => {
    expect(formatCurrency(n)).toBe(text);
  });
});

describe('sumMoney', () => {
  it.each([
    [[], 0],
    [[0.1, 0.2], 0.3],
    [[1.1, 2.2, 3.3], 6.6],
    [[19.99, -19.99], 0],
    [[100, 0.01, -0.02], 99.99],
    [[0.004, 0.004], 0],
  ])('sums %j to %d', (values, total) => {
    expect(sumMoney(values)).toBe(total);
  });

  it('never returns a negative zero', () => {
    expect(Object.is(sumMoney([-0.001]), 0)).toBe(true);
  });
});

describe('toCents and fromCents', () => {
  it.each([
    [12.34, 1234],
    [0.1, 10],
    [-5.5, -550],
  ])('round-trips %d through %i cents', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
    expect(fromCents(cents)).toBe(dollars);
  });
});

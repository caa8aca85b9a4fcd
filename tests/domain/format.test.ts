import { describe, it, expect } from 'vitest';
import {
  countOf,
  displayValue,
  EMPTY_CELL_TEXT,
  exportFileName,
  joinServices,
  formatAmount,
  formatDay,
  formatWhole,
} from '../../src/domain/format';

describe('displayValue', () => {
  it.each<[unknown, string]>([
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['   ', 'N/A'],
    ['\t\n', 'N/A'],
    ['Main St', 'Main St'],
    [' x ', ' x '],
    [0, '0'],
    [12.5, '12.5'],
    [-3, '-3'],
    [false, 'false'],
    [true, 'true'],
    [10n, '10'],
    [{ a: 1 }, '{"a":1}'],
    [['electric', 'water'], '["electric","water"]'],
    [Symbol('x'), 'N/A'],
    [() => 1, 'N/A'],
  ])('shows %s as %s', (value, expected) => {
    expect(displayValue(value)).toBe(expected);
  });

  it('shows an object it cannot serialise as empty', () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(displayValue(cyclic)).toBe('N/A');
  });

  it('uses the shared empty text', () => {
    expect(EMPTY_CELL_TEXT).toBe('N/A');
  });
});

describe('exportFileName', () => {
  it.each<[string, Date, string]>([
    ['Bills', new Date(2024, 0, 5), 'Bills_2024-01-05.xlsx'],
    ['Locations', new Date(2025, 11, 31, 23, 59, 59), 'Locations_2025-12-31.xlsx'],
    ['Accounts', new Date(2024, 1, 29, 0, 0, 0), 'Accounts_2024-02-29.xlsx'],
    ['Energy Star', new Date(999, 8, 9), 'Energy Star_0999-09-09.xlsx'],
  ])('names the %s export of %s', (title, date, expected) => {
    expect(exportFileName(title, date)).toBe(expected);
  });

  it('uses the local calendar day, not the UTC day', () => {
    const lateEvening = new Date(2024, 5, 30, 23, 30);
    expect(exportFileName('Bills', lateEvening)).toBe('Bills_2024-06-30.xlsx');
  });

  it('rejects an invalid date', () => {
    expect(() => exportFileName('Bills', new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('joinServices', () => {
  it.each<[(string | null | undefined)[], string]>([
    [[], ''],
    [['electric'], 'electric'],
    [['electric', 'water'], 'electric, water'],
    [['electric', '', 'water'], 'electric, water'],
    [['  ', null, undefined], ''],
    [[' electric ', 'natural_gas'], 'electric, natural_gas'],
  ])('joins %j as %j', (list, expected) => {
    expect(joinServices(list)).toBe(expected);
  });
});

describe('formatWhole', () => {
  it.each<[number, string]>([
    [0, '0'],
    [165912771.4, '165,912,771'],
    [1234.5, '1,235'],
    [-42.2, '-42'],
  ])('shows %d as %j', (value, expected) => {
    expect(formatWhole(value)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it.each<[number, string]>([
    [0, '0'],
    [1234.5, '1,234.5'],
    [1234.567, '1,234.57'],
    [55710, '55,710'],
  ])('shows %d as %j', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });
});

describe('formatDay', () => {
  it.each<[string | null | undefined, string | null]>([
    ['2026-03-05', '03/05/2026'],
    ['2026-03-05T23:30:00-08:00', '03/05/2026'],
    [' 2026-12-31 ', '12/31/2026'],
    ['March 5', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('shows %j as %j', (iso, expected) => {
    expect(formatDay(iso)).toBe(expected);
  });
});

describe('countOf', () => {
  it('is singular for one, plural otherwise, with thousands separators', () => {
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(0, 'row')).toBe('0 rows');
    expect(countOf(1204, 'row')).toBe('1,204 rows');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

import { describe, it, expect } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  daysOfMonth,
  FULL_MONTH_NAMES,
  isMonthYear,
  monthEnd,
  monthLabel,
  MONTH_NAMES,
  parseApFileDate,
} from '../../src/domain/dates';

describe('isMonthYear', () => {
  it.each([
    'January 2025',
    'february 2024',
    'MARCH 2023',
    'Apr 2025',
    'may 2025',
    'June 2025',
    'Jun 2025',
    'July 2025',
    'Jul 2025',
    'August 2025',
    'Sep 2025',
    'Sept 2025',
    'September 2025',
    'oct 2025',
    'November 2025',
    'Dec 1999',
  ])('accepts %j', (text) => {
    expect(isMonthYear(text)).toBe(true);
  });

  it.each([
    '',
    'Jan',
    '2025',
    'Jan 25',
    'Jan 20255',
    'Jan  2025',
    'Jan-2025',
    ' Jan 2025',
    'Jan 2025 ',
    'Janu 2025',
    'Septe 2025',
    'Foo 2025',
    '01 2025',
    'Jan 2025 Feb 2025',
  ])('rejects %j', (text) => {
    expect(isMonthYear(text)).toBe(false);
  });
});

describe('parseApFileDate', () => {
  it.each([
    ['010526', '2026-01-05'],
    ['123199', '2099-12-31'],
    ['010100', '2000-01-01'],
    ['022924', '2024-02-29'],
    ['043025', '2025-04-30'],
  ])('reads %j as %j', (text, iso) => {
    expect(parseApFileDate(text)).toBe(iso);
  });

  it.each([
    '000526',
    '130526',
    '010026',
    '013226',
    '022925',
    '043125',
    '01052',
    '0105266',
    'abcdef',
    '2026-01-05',
    '',
  ])('returns %j as given', (text) => {
    expect(parseApFileDate(text)).toBe(text);
  });
});

describe('daysInMonth', () => {
  it.each([
    [2024, 2, 29],
    [2025, 2, 28],
    [2000, 2, 29],
    [2100, 2, 28],
    [2025, 1, 31],
    [2025, 4, 30],
    [2025, 12, 31],
  ])('gives %i-%i %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('monthLabel', () => {
  it.each([
    ['2026-03', 'Mar 2026'],
    ['2025-12', 'Dec 2025'],
    ['2025-01-15', 'Jan 2025'],
    ['2025-13', '13 2025'],
  ])('writes %s as %s', (month, text) => {
    expect(monthLabel(month)).toBe(text);
  });
});

describe('addDays, daysBetween and daysOfMonth', () => {
  it.each<[string, number, string]>([
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-10T23:59:00Z', 0, '2026-03-10'],
    ['2026-03-15', 30, '2026-04-14'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-15', -90, '2025-12-15'],
  ])('%s plus %d days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it('counts whole days either way, across a daylight-saving change', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(daysBetween('2026-11-01', '2026-11-02')).toBe(1);
  });

  it('gives the days of a bill month', () => {
    expect(daysOfMonth('2024-02')).toBe(29);
    expect(daysOfMonth('2026-04')).toBe(30);
  });
});

describe('monthEnd', () => {
  it.each([
    [2026, 2, '2026-02-28'],
    [2024, 2, '2024-02-29'],
    [2026, 12, '2026-12-31'],
    [2026, 4, '2026-04-30'],
  ])('%d-%d ends on %s', (year, month, end) => {
    expect(monthEnd(year, month)).toBe(end);
  });
});

describe('FULL_MONTH_NAMES', () => {
  it('names the twelve months in full, January first, each beginning as its short name does', () => {
    expect(FULL_MONTH_NAMES).toHaveLength(12);
    expect(FULL_MONTH_NAMES[0]).toBe('January');
    expect(FULL_MONTH_NAMES[11]).toBe('December');
    expect(FULL_MONTH_NAMES.map((name) => name.slice(0, 3))).toEqual(MONTH_NAMES);
  });
});

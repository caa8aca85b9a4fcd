import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INTEGER_BOUNDS,
  isCalendarDate,
  isCalendarMonth,
  isCalendarMonthOrDate,
  narrowBounds,
  numericBounds,
} from '../../src/domain/validation';

describe('isCalendarDate', () => {
  it.each(['2026-01-31', '2026-02-28', '2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31', '0001-01-01'])(
    'accepts %s',
    (text) => {
      expect(isCalendarDate(text)).toBe(true);
    },
  );

  it.each([
    ['2026-02-30', 'February has 28 days'],
    ['2026-02-29', 'not a leap year'],
    ['1900-02-29', 'a century that is not a leap year'],
    ['2026-02-39', 'day 39'],
    ['2026-04-31', 'April has 30 days'],
    ['2026-13-01', 'month 13'],
    ['2026-00-10', 'month 0'],
    ['2026-01-00', 'day 0'],
    ['2026-1-01', 'a one-digit month'],
    ['2026-01-01T00:00:00Z', 'a timestamp'],
    [' 2026-01-01', 'a space before'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });

  it('agrees with the calendar of Date on every day of four centuries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1600, max: 2400 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const date = new Date(`${text}T00:00:00Z`);
          const exists = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
          expect(isCalendarDate(text)).toBe(exists);
        },
      ),
    );
  });
});

describe('isCalendarMonth and isCalendarMonthOrDate', () => {
  it('takes YYYY-MM, and a month filter also a calendar day', () => {
    expect(isCalendarMonth('2026-02')).toBe(true);
    expect(isCalendarMonth('2026-13')).toBe(false);
    expect(isCalendarMonth('2026-02-01')).toBe(false);
    expect(isCalendarMonthOrDate('2026-02')).toBe(true);
    expect(isCalendarMonthOrDate('2026-02-28')).toBe(true);
    expect(isCalendarMonthOrDate('2026-02-30')).toBe(false);
    expect(isCalendarMonthOrDate('2026-2')).toBe(false);
  });
});

describe('numericBounds', () => {
  it.each([
    [14, 2, 999_999_999_999.99],
    // 9999999999999.999 has no double of its own: the nearest below the limit.
    [16, 3, 9_999_999_999_999.998],
    [14, 6, 99_999_999.999999],
    [5, 0, 99_999],
    [3, 3, 0.999],
    [16, 0, 9_999_999_999_999_998],
  ])('numeric(%i,%i) holds up to %d either side', (precision, scale, maximum) => {
    expect(numericBounds(precision, scale)).toEqual({ minimum: -maximum, maximum });
  });

  it('stays under 10^(precision − scale), however the largest value rounds to a double', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 12 }), (precision, extra) => {
        const scale = Math.min(extra, precision);
        // toFixed writes digits up to 1e21; columns have far fewer whole digits.
        fc.pre(precision - scale <= 20);
        const { minimum, maximum } = numericBounds(precision, scale);
        // The value as a driver writes it, rounded to the column's scale, has at most precision − scale whole digits.
        const stored = Number(maximum.toFixed(scale));
        expect(Math.abs(stored)).toBeLessThan(10 ** (precision - scale));
        expect(minimum).toBe(-maximum);
      }),
    );
  });

  it.each([
    [0, 0],
    [10, 11],
    [10, -1],
    [10.5, 2],
  ])('refuses numeric(%d,%d), which is no column type', (precision, scale) => {
    expect(() => numericBounds(precision, scale)).toThrow(RangeError);
  });
});

describe('narrowBounds', () => {
  it('narrows a column to a rule and never widens it', () => {
    expect(narrowBounds(INTEGER_BOUNDS, { minimum: 1, maximum: 100 })).toEqual({ minimum: 1, maximum: 100 });
    expect(narrowBounds(INTEGER_BOUNDS, { minimum: 0 })).toEqual({ minimum: 0, maximum: 2_147_483_647 });
    expect(narrowBounds({ minimum: -5, maximum: 5 }, { minimum: -10, maximum: 10 })).toEqual({
      minimum: -5,
      maximum: 5,
    });
    expect(narrowBounds(INTEGER_BOUNDS)).toEqual(INTEGER_BOUNDS);
  });
});

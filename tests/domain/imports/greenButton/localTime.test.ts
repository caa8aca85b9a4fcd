import { describe, expect, it } from 'vitest';
import {
  type LocalTimeParameters,
  localDate,
  localMidnightUtc,
  parseDstRule,
  utcOffsetAt,
  UTC_TIME,
} from '../../../../src/domain/imports/greenButton/localTime';

const EASTERN: LocalTimeParameters = {
  tzOffsetS: -18_000,
  dstOffsetS: 3600,
  dstStart: parseDstRule('360E2000'),
  dstEnd: parseDstRule('B40E2000'),
};

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('parseDstRule', () => {
  it('reads the North American rules of the Green Button samples', () => {
    expect(parseDstRule('360E2000')).toEqual({
      month: 3,
      operator: 3,
      dayOfMonth: 0,
      dayOfWeek: 7,
      secondsOfDay: 7200,
    });
    expect(parseDstRule('B40E2000')).toEqual({
      month: 11,
      operator: 2,
      dayOfMonth: 0,
      dayOfWeek: 7,
      secondsOfDay: 7200,
    });
  });

  it('refuses what is not a DstRuleType', () => {
    expect(parseDstRule(undefined)).toBeNull();
    expect(parseDstRule('B40E')).toBeNull();
    expect(parseDstRule('00000000')).toBeNull(); // month 0
    expect(parseDstRule('30000000')).toBeNull(); // on a day of month, but day 0
    expect(parseDstRule('34000000')).toBeNull(); // first weekday, but no weekday
  });
});

describe('utcOffsetAt and localDate', () => {
  it('follows North American daylight time (2026: 8 March to 1 November)', () => {
    expect(utcOffsetAt(EASTERN, utc('2026-03-08T06:59:59Z'))).toBe(-18_000);
    expect(utcOffsetAt(EASTERN, utc('2026-03-08T07:00:00Z'))).toBe(-14_400);
    expect(utcOffsetAt(EASTERN, utc('2026-11-01T05:59:59Z'))).toBe(-14_400);
    expect(utcOffsetAt(EASTERN, utc('2026-11-01T06:00:00Z'))).toBe(-18_000);
    expect(localDate(EASTERN, utc('2026-07-01T03:30:00Z'))).toEqual({ date: '2026-06-30', month: '2026-06' });
    expect(localDate(EASTERN, utc('2026-01-01T04:59:59Z'))).toEqual({ date: '2025-12-31', month: '2025-12' });
    expect(localDate(UTC_TIME, 0)).toEqual({ date: '1970-01-01', month: '1970-01' });
  });

  it('reads every rule operator and southern-hemisphere rules', () => {
    // Sydney: +10 h; daylight from the first Sunday of October (2) to the first Sunday of April (3 daylight).
    const sydney: LocalTimeParameters = {
      tzOffsetS: 36_000,
      dstOffsetS: 3600,
      dstStart: parseDstRule('A40E2000'),
      dstEnd: parseDstRule('440E3000'),
    };
    expect(utcOffsetAt(sydney, utc('2026-01-15T00:00:00Z'))).toBe(39_600);
    expect(utcOffsetAt(sydney, utc('2026-06-15T00:00:00Z'))).toBe(36_000);
    // Day-of-month rules: on the 10th (0), Sunday on or after the 10th (1), last Sunday (6), Sunday on or before (7).
    const zone = (start: string): LocalTimeParameters => ({
      tzOffsetS: 0,
      dstOffsetS: 3600,
      dstStart: parseDstRule(start),
      dstEnd: parseDstRule('C1F00000'), // 31 December, on the day
    });
    expect(utcOffsetAt(zone('30A00000'), utc('2026-03-10T00:00:00Z'))).toBe(3600);
    expect(utcOffsetAt(zone('30A00000'), utc('2026-03-09T23:59:59Z'))).toBe(0);
    // 2026-03-10 is a Tuesday: the Sunday on or after is the 15th, on or before the 8th; the last is the 29th.
    expect(utcOffsetAt(zone('32AE0000'), utc('2026-03-14T23:59:59Z'))).toBe(0);
    expect(utcOffsetAt(zone('32AE0000'), utc('2026-03-15T00:00:00Z'))).toBe(3600);
    expect(utcOffsetAt(zone('3EAE0000'), utc('2026-03-08T00:00:00Z'))).toBe(3600);
    expect(utcOffsetAt(zone('3EAE0000'), utc('2026-03-07T23:59:59Z'))).toBe(0);
    expect(utcOffsetAt(zone('3C0E0000'), utc('2026-03-29T00:00:00Z'))).toBe(3600);
    expect(utcOffsetAt(zone('3C0E0000'), utc('2026-03-28T23:59:59Z'))).toBe(0);
  });
});

describe('localMidnightUtc', () => {
  it('is the UTC instant a local date starts', () => {
    expect(localMidnightUtc(EASTERN, '2026-01-15')).toBe(utc('2026-01-15T05:00:00Z'));
    expect(localMidnightUtc(EASTERN, '2026-07-15')).toBe(utc('2026-07-15T04:00:00Z'));
    expect(() => localMidnightUtc(EASTERN, 'soon')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import {
  MAXIMUM_STATION_RANGE_DAYS,
  stationRequestRange,
  coolingDegreeDays,
  datesBetween,
  daysBetween,
  heatingDegreeDays,
  periodDegreeDays,
} from '../../../src/domain/weather/degreeDays';

describe('degree days', () => {
  it('counts degrees below (heating) and above (cooling) a balance point', () => {
    expect(heatingDegreeDays(50, 65)).toBe(15);
    expect(heatingDegreeDays(70, 65)).toBe(0);
    expect(coolingDegreeDays(80, 70)).toBe(10);
    expect(coolingDegreeDays(60, 70)).toBe(0);
  });

  it('lists a period’s days with the end excluded, across a month end', () => {
    expect(datesBetween('2024-02-28', '2024-03-02')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('sums a period and averages over the days that have data', () => {
    const temperatures = new Map([
      ['2024-01-01', 40],
      ['2024-01-02', 80],
      // 2024-01-03 missing
      ['2024-01-04', 60],
    ]);
    const result = periodDegreeDays(temperatures, '2024-01-01', '2024-01-05', 60, 70);
    expect(result).toEqual({
      days: 4,
      daysWithData: 3,
      completeness: 0.75,
      heatingDegreeDays: 20,
      coolingDegreeDays: 10,
      heatingDegreeDaysPerDay: 20 / 3,
      coolingDegreeDaysPerDay: 10 / 3,
    });
  });
});

describe('the range one station request asks for', () => {
  it('is the whole range when it fits', () => {
    expect(stationRequestRange('2024-01-01', '2026-11-01')).toEqual({
      start: '2024-01-01',
      end: '2026-11-01',
    });
  });

  it('keeps the most recent days when bills reach decades back, and the server accepts it', () => {
    const range = stationRequestRange('1994-01-01', '2026-11-01');
    expect(range.end).toBe('2026-11-01');
    expect(daysBetween(range.start, range.end)).toBe(MAXIMUM_STATION_RANGE_DAYS);
  });
});

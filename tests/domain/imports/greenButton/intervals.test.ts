import { describe, expect, it } from 'vitest';
import {
  averageHourlyProfile,
  dailyTotals,
  intervalsByMonth,
} from '../../../../src/domain/imports/greenButton/intervals';
import { parseGreenButton } from '../../../../src/domain/imports/greenButton/parseGreenButton';
import { espiFeed, evenReadings, greenButtonSample } from './espiFeed';

function firstMeter(xml: string) {
  const point = parseGreenButton(xml).usagePoints[0];
  const meterReading = point?.meterReadings[0];
  if (!point || !meterReading) throw new Error('no meter reading');
  return { zone: point.localTime, meterReading };
}

describe('intervalsByMonth', () => {
  it('keeps the hourly readings of a real utility sample file as they came, in local months', () => {
    // EnergyOS.org's Green Button sample for NIST/SGIP (tests/fixtures/greenButton/README.md): nine days, hourly.
    const { zone, meterReading } = firstMeter(greenButtonSample('electricHourlyNineDays.xml'));
    const months = intervalsByMonth(meterReading, zone);
    const kept = months.flatMap((month) => month.values).filter((value) => value !== null);
    expect(kept).toHaveLength(meterReading.readings.length);
    const fileTotal = meterReading.readings.reduce((sum, reading) => sum + reading.value, 0);
    expect(kept.reduce((sum, value) => sum + value, 0)).toBeCloseTo(fileTotal, 6);
    expect(months.every((month) => month.intervalSeconds === 3600)).toBe(true);
  });

  it('places 15-minute readings in their slots, a day of totals and the hour-of-day profile', () => {
    // 2025-06-01 00:00 UTC (the feed's zone unless given); values in Wh, read as kWh (powerOfTenMultiplier −3).
    const start = Date.UTC(2025, 5, 1) / 1000;
    const xml = espiFeed({
      readings: evenReadings(start, 900, 96 * 2, (i) => (Math.floor(i / 4) % 24 === 12 ? 2 : 1)),
    });
    const { zone, meterReading } = firstMeter(xml);
    const [june] = intervalsByMonth(meterReading, zone);
    expect(june?.month).toBe('2025-06');
    expect(june?.values).toHaveLength(30 * 96);
    expect(dailyTotals(june!).slice(0, 3)).toEqual([
      { day: 1, usage: 0.1 },
      { day: 2, usage: 0.1 },
      { day: 3, usage: null },
    ]);
    const profile = averageHourlyProfile(june!);
    expect(profile[12]).toBe(0.008);
    expect(profile[3]).toBe(0.004);
  });

  it('leaves daily and monthly readings to the bills', () => {
    const xml = espiFeed({ readings: evenReadings(Date.UTC(2025, 0, 1) / 1000, 86_400, 31, () => 10) });
    const { zone, meterReading } = firstMeter(xml);
    expect(intervalsByMonth(meterReading, zone)).toEqual([]);
  });
});

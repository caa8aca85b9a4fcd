import { describe, expect, it } from 'vitest';
import { GreenButtonError } from '../../../../src/domain/imports/greenButton/errors';
import { parseDstRule, type LocalTimeParameters } from '../../../../src/domain/imports/greenButton/localTime';
import { parseGreenButton } from '../../../../src/domain/imports/greenButton/parseGreenButton';
import { usageByMonth, usageByPeriods } from '../../../../src/domain/imports/greenButton/periods';
import { espiFeed, evenReadings, greenButtonSample } from './espiFeed';

const EASTERN =
  '<dstEndRule>B40E2000</dstEndRule><dstOffset>3600</dstOffset><dstStartRule>360E2000</dstStartRule><tzOffset>-18000</tzOffset>';
const utc = (iso: string) => Date.parse(iso) / 1000;

function firstMeter(xml: string) {
  const point = parseGreenButton(xml).usagePoints[0];
  const meterReading = point?.meterReadings[0];
  if (point === undefined || meterReading === undefined) throw new Error('expected a meter reading');
  return { zone: point.localTime, meterReading };
}

describe('usageByMonth', () => {
  it('groups a year of 15-minute data (35,040 readings) into local calendar months', () => {
    const start = utc('2025-01-01T05:00:00Z'); // local midnight, New York
    const xml = espiFeed({
      localTime: EASTERN,
      readings: evenReadings(start, 900, 35_040, (i) => 100 + (i % 4)),
    });
    const began = performance.now();
    const { zone, meterReading } = firstMeter(xml);
    const months = usageByMonth(meterReading, zone);
    const elapsed = performance.now() - began;
    console.info(
      `Green Button: ${xml.length.toLocaleString('en-US')} characters, 35,040 readings parsed and grouped in ${elapsed.toFixed(0)} ms`,
    );
    expect(meterReading.readings).toHaveLength(35_040);
    expect(months.map((month) => month.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    // Each day is 96 readings averaging 101.5 Wh; March loses an hour to daylight time and November gains one.
    expect(months[0]).toMatchObject({ usage: 31 * 96 * 0.1015, readingCount: 31 * 96 });
    expect(months[2]?.readingCount).toBe(31 * 96 - 4);
    expect(months[10]?.readingCount).toBe(30 * 96 + 4);
    expect(months.reduce((sum, month) => sum + month.readingCount, 0)).toBe(35_040);
  });

  it('shares a monthly read between the calendar months it spans', () => {
    const gas = firstMeter(greenButtonSample('gasMonthlyOpower.xml'));
    const [may, june] = usageByMonth(gas.meterReading, gas.zone);
    // 37 therms over 35 days from 26 May: 6 of them in May.
    expect(may).toMatchObject({ month: '2021-05', readingCount: 1, coveredS: 6 * 86_400 });
    expect(may?.usage).toBeCloseTo((37 * 6) / 35, 6);
    expect(june?.readingCount).toBe(2);
  });

  it('is empty without readings and refuses readings that do not add up', () => {
    expect(
      usageByMonth(firstMeter(espiFeed({ readings: [] })).meterReading, firstMeter(espiFeed()).zone),
    ).toEqual([]);
    const demand = firstMeter(espiFeed({ uom: 38, accumulationBehaviour: 12 }));
    expect(() => usageByMonth(demand.meterReading, demand.zone)).toThrow(GreenButtonError);
    expect(() => usageByMonth(demand.meterReading, demand.zone)).toThrow(
      'The readings of "Interval data" are instantaneous values, not usage per interval, so they cannot be added up into bills.',
    );
  });
});

describe('usageByPeriods', () => {
  it('sums the readings between read dates, in local time, leaving gaps visible', () => {
    const zone: LocalTimeParameters = {
      tzOffsetS: -18_000,
      dstOffsetS: 0,
      dstStart: parseDstRule(undefined),
      dstEnd: null,
    };
    const hourly = evenReadings(utc('2026-01-10T05:00:00Z'), 3600, 24 * 40, () => 2000);
    const { meterReading } = firstMeter(espiFeed({ readings: hourly }));
    const [first, second, outside] = usageByPeriods(meterReading, zone, [
      { startDate: '2026-01-05', endDate: '2026-02-04' },
      { startDate: '2026-02-04', endDate: '2026-03-06' },
      { startDate: '2025-01-01', endDate: '2025-02-01' },
    ]);
    expect(first).toMatchObject({ usage: 25 * 24 * 2, readingCount: 25 * 24, coveredS: 25 * 86_400 });
    expect(second).toMatchObject({ usage: 15 * 24 * 2, readingCount: 15 * 24 });
    expect(outside).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-02-01',
      usage: 0,
      readingCount: 0,
      coveredS: 0,
    });
  });
});

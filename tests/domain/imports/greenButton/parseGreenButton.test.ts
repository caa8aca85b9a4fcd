import { describe, expect, it } from 'vitest';
import { GreenButtonError } from '../../../../src/domain/imports/greenButton/errors';
import { localDate } from '../../../../src/domain/imports/greenButton/localTime';
import { parseGreenButton } from '../../../../src/domain/imports/greenButton/parseGreenButton';
import { usageByPeriods } from '../../../../src/domain/imports/greenButton/periods';
import { espiFeed, evenReadings, greenButtonSample } from './espiFeed';

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0] as T;
}

function errorOf(xml: string): GreenButtonError {
  try {
    parseGreenButton(xml);
  } catch (error) {
    if (error instanceof GreenButtonError) return error;
    throw error;
  }
  throw new Error('expected a GreenButtonError');
}

describe('parseGreenButton on files no one here wrote', () => {
  it('reads the Green Button sample of nine days of hourly electricity (EnergyOS / NIST)', () => {
    const file = parseGreenButton(greenButtonSample('electricHourlyNineDays.xml'));
    const point = only(file.usagePoints);
    expect(file.warnings).toEqual([]);
    expect(point).toMatchObject({ kindCode: 0, commodity: 'electricity', serviceType: 'electric' });
    // LocalTimeParameters: EST (-18000 s) with North American DST (360E2000 to B40E2000).
    expect(point.localTime).toMatchObject({ tzOffsetS: -18_000, dstOffsetS: 3600 });
    const meterReading = only(point.meterReadings);
    expect(meterReading.readingType).toMatchObject({
      uom: 72,
      unit: 'kWh',
      powerOfTenMultiplier: 0,
      accumulation: 'deltaData',
      isSummable: true,
      intervalLengthS: 3600,
      currency: 'USD',
    });
    // 9 IntervalBlocks of 24 hourly readings; the first is 273 Wh costing 819 hundred-thousandths of a dollar.
    expect(meterReading.readings).toHaveLength(216);
    expect(meterReading.readings[0]).toEqual({
      start: 1_388_552_400,
      durationS: 3600,
      value: 0.273,
      cost: 0.00819,
    });
    expect(localDate(point.localTime, 1_388_552_400)).toEqual({ date: '2014-01-01', month: '2014-01' });
    // The 24 readings of 1 January 2014 (local) add up to 21,021 Wh and 256,347 hundred-thousandths of a dollar.
    const [day] = usageByPeriods(meterReading, point.localTime, [
      { startDate: '2014-01-01', endDate: '2014-01-02' },
    ]);
    expect(day).toMatchObject({ usage: 21.021, cost: 2.56347, readingCount: 24, coveredS: 86_400 });
    // Its ElectricPowerUsageSummary (the ESPI 1.0 name): $22.08 billed for 199,563 Wh, the sum of the readings.
    expect(only(point.billingPeriods)).toMatchObject({
      start: 1_388_552_400,
      durationS: 2_419_200,
      currency: 'USD',
      billLastPeriod: 22.08,
      consumptionLastPeriod: { value: 199.563, unit: 'kWh' },
    });
  });

  it('reads a utility feed of monthly gas bills with costs and no time zone (Opower, via greenbutton_objects)', () => {
    const file = parseGreenButton(greenButtonSample('gasMonthlyOpower.xml'));
    const point = only(file.usagePoints);
    expect(point).toMatchObject({ kindCode: 1, commodity: 'gas', serviceType: 'natural_gas' });
    expect(file.warnings).toEqual([
      'The file gives no time zone (LocalTimeParameters); times are read as UTC.',
    ]);
    const meterReading = only(point.meterReadings);
    // uom 169 therm with powerOfTenMultiplier -3: the value 37000 is 37 therms.
    expect(meterReading.readingType).toMatchObject({ uom: 169, unit: 'therms', powerOfTenMultiplier: -3 });
    expect(meterReading.readings).toHaveLength(35);
    // The first bill: 35 days from 2021-05-26, 37 therms, $51.00 (5100000 hundred-thousandths).
    expect(meterReading.readings[0]).toEqual({
      start: 1_621_987_200,
      durationS: 3_024_000,
      value: 37,
      cost: 51,
    });
    const total = meterReading.readings.reduce((sum, reading) => sum + reading.value, 0);
    expect(total).toBeCloseTo(3484, 6);
    expect(point.billingPeriods).toEqual([]);
  });

  it('reads the billing periods and itemised charges of an SCE-shaped UsageSummary feed (green-button-data)', () => {
    const file = parseGreenButton(greenButtonSample('electricUsageSummarySce.xml'));
    const point = only(file.usagePoints);
    // The file's DST rules are four hex digits (B60E, B40E), not DstRuleType: standard time, with a warning.
    expect(file.warnings).toEqual([
      'The daylight saving rules of the file (B60E to B40E) are not ESPI rules; standard time is used all year.',
    ]);
    expect(point.localTime).toMatchObject({ tzOffsetS: -28_800, dstStart: null, dstEnd: null });
    // Two MeterReading entries repeat one self href: one meter reading, its 3 quarter-hours of 210, 200, 210 Wh.
    const meterReading = only(point.meterReadings);
    expect(meterReading.readings.map((reading) => reading.value)).toEqual([0.21, 0.2, 0.21]);
    expect(meterReading.readings[0]).toMatchObject({ start: 1_433_660_400, durationS: 900 });
    // Seven UsageSummary entries, two of them the same period: six billing periods, oldest first.
    expect(point.billingPeriods.map((period) => period.start)).toEqual([
      1_437_609_600, 1_440_115_200, 1_442_880_000, 1_445_472_000, 1_448_064_000, 1_463_961_600,
    ]);
    expect(point.billingPeriods[0]?.charges[0]).toEqual({
      amount: 97.06,
      note: 'Energy Generation Fee',
      itemKind: 1,
    });
    expect(point.billingPeriods[5]).toMatchObject({
      billLastPeriod: 174.18,
      billToDate: 139.75,
      consumptionLastPeriod: { value: 1152, unit: 'kWh' },
      consumptionThisPeriod: { value: 808.24, unit: 'kWh' },
    });
  });
});

describe('parseGreenButton', () => {
  it('turns ft³ into CCF and US gallons into gallons, with the multiplier', () => {
    const gas = parseGreenButton(
      espiFeed({ kind: 1, uom: 119, powerOfTenMultiplier: 2, readings: [[0, 3600, 7]] }),
    );
    expect(gas.usagePoints[0]?.meterReadings[0]?.readings[0]?.value).toBe(7);
    expect(gas.usagePoints[0]?.meterReadings[0]?.readingType.unit).toBe('CCF');
    const water = parseGreenButton(espiFeed({ kind: 2, uom: 128, readings: [[0, 86_400, 412]] }));
    expect(water.usagePoints[0]).toMatchObject({ commodity: 'water', serviceType: 'water' });
    expect(water.usagePoints[0]?.meterReadings[0]?.readings[0]).toEqual({
      start: 0,
      durationS: 86_400,
      value: 412,
    });
  });

  it('reads prefixed ESPI names, the reading quality and a reading without a time period', () => {
    const xml = espiFeed({ intervalLength: 900, readings: [[100, 900, 5]] }).replace(
      '<espi:IntervalReading>',
      '<espi:IntervalReading><espi:ReadingQuality><espi:quality>8</espi:quality></espi:ReadingQuality>',
    );
    const withoutPeriod = xml.replace(/<espi:timePeriod>.*?<\/espi:timePeriod>/, '');
    const [reading] = parseGreenButton(withoutPeriod).usagePoints[0]?.meterReadings[0]?.readings ?? [];
    expect(reading).toEqual({
      start: 100,
      durationS: 900,
      value: 0.005,
      quality: 'estimatedUsingReferenceDay',
    });
  });

  it('counts a repeated interval once', () => {
    const xml = espiFeed({ readings: evenReadings(0, 3600, 2, () => 1000) }).replace(
      '<espi:IntervalReading>',
      '<espi:IntervalReading><espi:timePeriod><espi:duration>3600</espi:duration><espi:start>0</espi:start></espi:timePeriod><espi:value>999</espi:value></espi:IntervalReading><espi:IntervalReading>',
    );
    expect(parseGreenButton(xml).usagePoints[0]?.meterReadings[0]?.readings.map((r) => r.value)).toEqual([
      0.999, 1,
    ]);
  });

  it('marks register reads and demands as not summable', () => {
    const demand = parseGreenButton(espiFeed({ uom: 38, accumulationBehaviour: 6 }));
    expect(demand.usagePoints[0]?.meterReadings[0]?.readingType).toMatchObject({
      unit: 'kW',
      accumulation: 'indicating',
      isSummable: false,
    });
  });

  it('says what is wrong with a file it cannot read', () => {
    expect(errorOf('Account,Usage\n1,2')).toMatchObject({ code: 'not_espi' });
    expect(errorOf('<feed xmlns="http://www.w3.org/2005/Atom"><entry></feed>')).toMatchObject({
      code: 'not_xml',
    });
    expect(errorOf('<html><body>Bill</body></html>').message).toBe(
      'This is not a Green Button file: it has no ESPI usage data (an Atom feed of UsagePoint entries).',
    );
    const noPoint = espiFeed().replace(
      /<entry>\s*<link rel="self" href="[^"]*UsagePoint\/1"\/>[\s\S]*?<\/entry>/,
      '',
    );
    expect(errorOf(noPoint)).toMatchObject({ code: 'no_usage_point' });
    expect(errorOf(espiFeed({ isReadingTypeUnlinked: true })).message).toBe(
      'The meter reading "Interval data" has no reading type giving its unit of measure, so its values cannot be read.',
    );
    const emptyReadingType = espiFeed().replace(/<ReadingType [^>]*>.*?<\/ReadingType>/, '<ReadingType/>');
    expect(errorOf(emptyReadingType)).toMatchObject({ code: 'missing_reading_type' });
    expect(errorOf(espiFeed({ uom: 29 })).message).toBe(
      'The file measures in a unit this import does not know (ESPI unit code 29); expected energy, gas or water.',
    );
    expect(errorOf(espiFeed({ readings: [[0, 3600, 1.5]] })).message).toBe(
      'The reading value "1.5" in the file is not a whole number.',
    );
    expect(
      errorOf(espiFeed({ readings: [[0, 3600, 1]] }).replace(/<espi:timePeriod>.*?<\/espi:timePeriod>/, ''))
        .message,
    ).toBe('A reading in the file has no start or length.');
  });

  it('links each usage point to its own meter readings and warns of those that belong to none', () => {
    const entry = (links: string, resource: string) =>
      `<entry>${links}<content>${resource.replace('>', ' xmlns="http://naesb.org/espi">')}</content></entry>`;
    const self = (href: string) => `<link rel="self" href="${href}"/>`;
    const related = (href: string) => `<link rel="related" href="${href}"/>`;
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom">
      ${entry(self('/UP/a') + related('/other/MR/a'), '<UsagePoint><ServiceCategory><kind>1</kind></ServiceCategory></UsagePoint>')}
      ${entry(self('/UP/b'), '<UsagePoint></UsagePoint>')}
      ${entry(self('/other/MR/a') + related('/RT/1'), '<MeterReading></MeterReading>')}
      ${entry(self('/UP/b/MR/b') + related('/RT/2'), '<MeterReading></MeterReading>')}
      ${entry(self('/lost/MR') + related('/RT/1'), '<MeterReading></MeterReading>')}
      ${entry(self('/RT/1'), '<ReadingType><uom>169</uom></ReadingType>')}
      ${entry(self('/RT/2'), '<ReadingType><flowDirection>19</flowDirection><uom>72</uom></ReadingType>')}
    </feed>`;
    const file = parseGreenButton(xml);
    expect(
      file.usagePoints.map((point) => [point.commodity, point.meterReadings.map((m) => m.href)]),
    ).toEqual([
      ['gas', ['/other/MR/a']],
      ['electricity', ['/UP/b/MR/b']],
    ]);
    expect(file.usagePoints[1]?.meterReadings[0]?.readingType).toMatchObject({
      unit: 'kWh',
      flowDirection: 'reverse',
    });
    expect(file.warnings).toEqual([
      'The file gives no time zone (LocalTimeParameters); times are read as UTC.',
      'The usage point "/UP/b" gives no service kind; it is read as electricity.',
      '1 meter reading(s) belong to no usage point and were left out.',
    ]);
  });

  it('leaves out a summary quantity in a unit it does not know, with a warning', () => {
    const summary =
      '<billingPeriod><duration>100</duration><start>0</start></billingPeriod><currency>999</currency><overallConsumptionLastPeriod><uom>29</uom><value>1</value></overallConsumptionLastPeriod>';
    const file = parseGreenButton(espiFeed({ summary }));
    expect(file.usagePoints[0]?.billingPeriods).toEqual([
      { start: 0, durationS: 100, currency: 'ISO 4217 999', charges: [] },
    ]);
    expect(file.warnings).toContain('A billing summary quantity in ESPI unit code 29 was left out.');
  });
});

/**
 * The reference implementation's own sample: eemeter 2.9.2's
 * `il-electricity-cdd-hdd-billing_monthly` meter and `il-tempF` temperatures
 * (see tests/fixtures/weather/README.md). eemeter's tests publish no fitted
 * numbers for it; `eemeter/samples/metadata.json` documents the values the
 * sample was generated from, which are the targets here.
 */
import { describe, expect, it } from 'vitest';
import sample from '../../fixtures/weather/il-electricity-cdd-hdd-billing_monthly.json';
import {
  avoidedUse,
  baselinePeriods,
  baselineSufficiency,
  type BillingPeriod,
  fitBillingModel,
  normalizedAnnualUse,
} from '../../../src/domain/weather/billingModel';
import { addDays, datesBetween } from '../../../src/domain/weather/degreeDays';

/** eemeter/samples/metadata.json, entry `il-electricity-cdd-hdd-billing_monthly`. */
const DOCUMENTED = {
  blackoutStart: '2016-12-26',
  blackoutEnd: '2017-01-04',
  baseLoad: 2000,
  heatingLoad: 4000,
  coolingLoad: 4000,
  heatingBalancePointF: 60,
  coolingBalancePointF: 65,
  /** Reporting total 9000 against a baseline total of 10000. */
  savingsFraction: 0.1,
};

const temperatures = new Map(
  sample.dailyMeanTemperatureF.map((value, day) => [addDays(sample.firstDate, day), value]),
);

const periods: BillingPeriod[] = sample.meterReads.flatMap((read, i) => {
  const next = sample.meterReads[i + 1];
  return next === undefined ? [] : [{ start: read.start, end: next.start, usage: read.usageKWh }];
});

const baseline = baselinePeriods(periods, DOCUMENTED.blackoutStart);
// The reporting year: the periods inside the 365 days after the blackout (the metadata's reporting loads are
// annual; CalTRACK 4.3 compares a reporting year with the baseline year).
const reporting = periods.filter(
  (p) => p.start >= DOCUMENTED.blackoutEnd && p.end <= addDays(DOCUMENTED.blackoutEnd, 365),
);
const baselineYear = datesBetween(addDays(DOCUMENTED.blackoutStart, -365), DOCUMENTED.blackoutStart)
  .map((date) => temperatures.get(date))
  .filter((value) => value !== undefined);

const withinFraction = (actual: number, expected: number, fraction: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(expected * fraction);

describe('CalTRACK billing model on eemeter’s sample data', () => {
  const model = fitBillingModel(baseline, temperatures);

  it('has a sufficient baseline year', () => {
    expect(baselineSufficiency(baseline, temperatures).sufficient).toBe(true);
  });

  // Measured with eemeter 2.9.2's rules on this sample: cdd_hdd, heating 54 °F, cooling 67 °F, adjusted R² 0.994 on
  // 11 periods; annual base 4919, heating 2642, cooling 2849 (total 10411) on the baseline year's temperatures;
  // savings 9.3 % over the reporting year's 11 periods (8.7 % with a 12th period that runs 16 days past it).
  // The documented 60/65 °F are not what the sample's own data support: its bills are the sums of the hourly sample
  // (il-electricity-cdd-hdd-hourly), and least squares over the full 30–90 °F grid on that baseline year gives
  // 53/67 °F on the 365 daily totals with daily-mean degree days, and 56/68 °F even with hourly degree hours
  // (adjusted R² at 60/65 °F is lower in every case). The generator used a temperature treatment the sample does
  // not reproduce; the split (2000/4000/4000) follows the balance points and is not recoverable from it, while the
  // total and the savings are. Generated data with known loads are recovered within 3 °F and 5 %
  // (billingModel.test.ts, accountWeather.test.ts).
  it('fits a heating and cooling model with balance points near the documented ones', () => {
    expect(model?.type).toBe('cdd_hdd');
    expect(model?.adjustedRSquared).toBeGreaterThan(0.99);
    expect(
      Math.abs((model?.heatingBalancePointF ?? 0) - DOCUMENTED.heatingBalancePointF),
    ).toBeLessThanOrEqual(6);
    expect(
      Math.abs((model?.coolingBalancePointF ?? 0) - DOCUMENTED.coolingBalancePointF),
    ).toBeLessThanOrEqual(3);
  });

  it('recovers the documented annual total within 5 %', () => {
    if (model === null) throw new Error('no model');
    expect(baselineYear).toHaveLength(365);
    const annual = normalizedAnnualUse(model, baselineYear);
    const documentedTotal = DOCUMENTED.baseLoad + DOCUMENTED.heatingLoad + DOCUMENTED.coolingLoad;
    withinFraction(annual.total, documentedTotal, 0.05);
  });

  it('finds the documented 10 % savings within 1 percentage point over the reporting year', () => {
    if (model === null) throw new Error('no model');
    const result = avoidedUse(model, reporting, temperatures);
    expect(result.periods).toBeGreaterThanOrEqual(10);
    expect(Math.abs((result.savingsFraction ?? 0) - DOCUMENTED.savingsFraction)).toBeLessThanOrEqual(0.01);
  });
});

import { describe, expect, it } from 'vitest';
import {
  avoidedUse,
  baselineSufficiency,
  type BillingPeriod,
  fitBillingModel,
  normalizedAnnualUse,
  predictedPeriodUse,
} from '../../../src/domain/weather/billingModel';
import {
  addDays,
  coolingDegreeDays,
  datesBetween,
  heatingDegreeDays,
  periodTemperatures,
} from '../../../src/domain/weather/degreeDays';
import { seededRandom } from '../../helpers/seededRandom';

const TRUE_BASE = 20;
const TRUE_HEATING_SLOPE = 1.5;
const TRUE_COOLING_SLOPE = 2.5;
const TRUE_HEATING_BP = 55;
const TRUE_COOLING_BP = 70;

const trueUsePerDay = (t: number) =>
  TRUE_BASE +
  TRUE_HEATING_SLOPE * heatingDegreeDays(t, TRUE_HEATING_BP) +
  TRUE_COOLING_SLOPE * coolingDegreeDays(t, TRUE_COOLING_BP);

/** A year of daily temperatures around a seasonal cycle, and 30-day bills of noisy usage. */
function syntheticBaseline(seed: number) {
  const random = seededRandom(seed);
  const dates = datesBetween('2023-01-01', '2024-01-01');
  const temperatures = new Map(
    dates.map((date, day) => [
      date,
      57 - 25 * Math.cos((2 * Math.PI * (day - 15)) / 365) + (random() - 0.5) * 16,
    ]),
  );
  const periods: BillingPeriod[] = Array.from({ length: 12 }, (_, i) => {
    const start = addDays('2023-01-01', i * 30);
    const end = addDays(start, 30);
    const use = periodTemperatures(temperatures, start, end).reduce(
      (sum, t) => sum + trueUsePerDay(t) * (1 + (random() - 0.5) * 0.04),
      0,
    );
    return { start, end, usage: use };
  });
  return { temperatures, periods, normalYear: dates.map((d) => temperatures.get(d) ?? 0) };
}

const withinFraction = (actual: number, expected: number, fraction: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * fraction);

describe('CalTRACK billing model on synthetic data', () => {
  it.each([1, 2, 3])('recovers balance points and annual loads (seed %i)', (seed) => {
    const { temperatures, periods, normalYear } = syntheticBaseline(seed);
    expect(baselineSufficiency(periods, temperatures).sufficient).toBe(true);
    const model = fitBillingModel(periods, temperatures);
    expect(model?.type).toBe('cdd_hdd');
    if (model === null) return;
    expect(Math.abs((model.heatingBalancePointF ?? 0) - TRUE_HEATING_BP)).toBeLessThanOrEqual(3);
    expect(Math.abs((model.coolingBalancePointF ?? 0) - TRUE_COOLING_BP)).toBeLessThanOrEqual(3);

    const annual = normalizedAnnualUse(model, normalYear);
    const trueBase = TRUE_BASE * normalYear.length;
    const trueHeating = TRUE_HEATING_SLOPE * normalYear.reduce((s, t) => s + heatingDegreeDays(t, 55), 0);
    const trueCooling = TRUE_COOLING_SLOPE * normalYear.reduce((s, t) => s + coolingDegreeDays(t, 70), 0);
    withinFraction(annual.base, trueBase, 0.05);
    withinFraction(annual.heating, trueHeating, 0.05);
    withinFraction(annual.cooling, trueCooling, 0.05);
    expect(annual.total).toBeCloseTo(annual.base + annual.heating + annual.cooling, 9);
  });

  it('finds 10 % avoided use when the reporting year uses 90 % of the baseline', () => {
    const { temperatures, periods } = syntheticBaseline(4);
    const model = fitBillingModel(periods, temperatures);
    if (model === null) throw new Error('no model');
    const reporting = periods.map((p) => ({ ...p, usage: (p.usage ?? 0) * 0.9 }));
    const result = avoidedUse(model, reporting, temperatures);
    expect(result.periods).toBe(12);
    expect(Math.abs((result.savingsFraction ?? 0) - 0.1)).toBeLessThanOrEqual(0.01);
  });

  it('falls back to intercept-only when usage does not follow the weather', () => {
    const { temperatures, periods } = syntheticBaseline(5);
    const flat = periods.map((p) => ({ ...p, usage: 300 }));
    const model = fitBillingModel(flat, temperatures);
    if (model === null) throw new Error('no model');
    expect(model.type).toBe('intercept_only');
    expect(model.base).toBeCloseTo(10, 9);
    expect(predictedPeriodUse(model, temperatures, '2023-03-01', '2023-03-31')).toBeCloseTo(300, 9);
  });
});

describe('baseline sufficiency (CalTRACK 2.2)', () => {
  it('drops periods that are too short, too long, unread or missing temperatures', () => {
    const { temperatures, periods } = syntheticBaseline(6);
    const [first, second, third, ...rest] = periods;
    if (first === undefined || second === undefined || third === undefined) throw new Error();
    const gappy = new Map(temperatures);
    datesBetween(third.start, addDays(third.start, 5)).forEach((d) => gappy.delete(d));
    const edited: BillingPeriod[] = [
      { ...first, end: addDays(first.start, 20) },
      { ...second, usage: null },
      third,
      ...rest,
    ];
    const result = baselineSufficiency(edited, gappy);
    expect(result.periodsTooShortOrLong).toBe(1);
    expect(result.periodsMissingUsage).toBe(1);
    expect(result.periodsMissingTemperatures).toBe(1);
    expect(result.usablePeriods).toBe(9);
    expect(result.sufficient).toBe(false);
  });
});

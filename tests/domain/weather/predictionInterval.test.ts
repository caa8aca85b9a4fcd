import { describe, expect, it } from 'vitest';
import {
  type BillingPeriod,
  CALTRACK_BILLING_OPTIONS,
  fitBillingModel,
} from '../../../src/domain/weather/billingModel';
import {
  addDays,
  datesBetween,
  heatingDegreeDays,
  meanOf,
  periodTemperatures,
  sumOf,
} from '../../../src/domain/weather/degreeDays';
import { billPredictionInterval } from '../../../src/domain/weather/predictionInterval';
import { studentTQuantile } from '../../../src/domain/weather/studentT';
import { seasonalTemperatures, seededRandom } from '../../helpers/seededRandom';

/** A standard normal draw (Box–Muller). */
const normal = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const GAS_OPTIONS = { ...CALTRACK_BILLING_OPTIONS, fitCooling: false };
const BASE = 30;
const SLOPE = 4;
const BALANCE_POINT = 60;
const PERIOD_NOISE_PER_DAY = 6;

/** Two years of daily temperatures and thirteen 30-day gas bills whose use per day has normal noise. */
function gasAccount(seed: number) {
  const random = seededRandom(seed);
  const dates = datesBetween('2023-01-01', '2025-01-01');
  const temperatures = seasonalTemperatures(random, dates);
  const bill = (start: string): BillingPeriod => {
    const end = addDays(start, 30);
    const values = periodTemperatures(temperatures, start, end);
    const perDay =
      BASE +
      SLOPE * meanOf(values.map((t) => heatingDegreeDays(t, BALANCE_POINT))) +
      PERIOD_NOISE_PER_DAY * normal(random);
    return { start, end, usage: perDay * 30 };
  };
  const baseline = Array.from({ length: 12 }, (_, i) => bill(addDays('2023-01-01', i * 30)));
  return { temperatures, baseline, bill };
}

describe('Student t quantile', () => {
  it('matches published two-sided 95 % critical values', () => {
    // NIST/SEMATECH e-Handbook of Statistical Methods §1.3.6.7.2, upper 0.025 critical values.
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228, 3);
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.042, 3);
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-2.228, 3);
  });
});

describe('bill prediction interval', () => {
  it('equals the textbook simple-regression prediction interval when every period has the same days', () => {
    const { temperatures, baseline } = gasAccount(11);
    const model = fitBillingModel(baseline, temperatures, GAS_OPTIONS);
    if (model === null || model.heatingBalancePointF === null) throw new Error('no heating model');
    const bp = model.heatingBalancePointF;
    // ŷ ± t(0.975, n−2) · s · √(1 + 1/n + (x₀ − x̄)²/Sxx), on use per day, times 30 days
    const x = baseline.map((p) =>
      meanOf(periodTemperatures(temperatures, p.start, p.end).map((t) => heatingDegreeDays(t, bp))),
    );
    const y = baseline.map((p) => (p.usage ?? 0) / 30);
    const n = x.length;
    const xBar = meanOf(x);
    const sxx = sumOf(x.map((v) => (v - xBar) ** 2));
    const fitted = x.map((v) => model.base + model.heatingSlope * v);
    const s = Math.sqrt(sumOf(y.map((v, i) => (v - (fitted[i] ?? 0)) ** 2)) / (n - 2));
    const start = '2024-02-01';
    const end = addDays(start, 30);
    const x0 = meanOf(periodTemperatures(temperatures, start, end).map((t) => heatingDegreeDays(t, bp)));
    const halfWidth = studentTQuantile(0.975, n - 2) * s * Math.sqrt(1 + 1 / n + (x0 - xBar) ** 2 / sxx);
    const predicted = model.base + model.heatingSlope * x0;

    const interval = billPredictionInterval(model, temperatures, start, end);
    expect(interval?.predicted).toBeCloseTo(predicted * 30, 6);
    expect(interval?.lower).toBeCloseTo((predicted - halfWidth) * 30, 6);
    expect(interval?.upper).toBeCloseTo((predicted + halfWidth) * 30, 6);
  });

  it('holds about 95 % of new bills over many generated accounts', () => {
    let inside = 0;
    let counted = 0;
    for (let seed = 100; seed < 300; seed++) {
      const { temperatures, baseline, bill } = gasAccount(seed);
      const model = fitBillingModel(baseline, temperatures, GAS_OPTIONS);
      if (model === null) continue;
      const next = bill(addDays('2023-01-01', 12 * 30 + (seed % 300)));
      const interval = billPredictionInterval(model, temperatures, next.start, next.end);
      if (interval === null || next.usage === null) continue;
      counted++;
      if (next.usage >= interval.lower && next.usage <= interval.upper) inside++;
    }
    expect(counted).toBeGreaterThan(190);
    // Balance-point search makes the fit a little better than an ordinary regression's, so slightly under 95 %.
    expect(inside / counted).toBeGreaterThan(0.88);
    expect(inside / counted).toBeLessThan(0.99);
  });

  it('gives no interval for a bill with too few temperatures', () => {
    const { temperatures, baseline } = gasAccount(12);
    const model = fitBillingModel(baseline, temperatures, GAS_OPTIONS);
    if (model === null) throw new Error('no model');
    const gappy = new Map(temperatures);
    datesBetween('2024-03-01', '2024-03-05').forEach((d) => gappy.delete(d));
    expect(billPredictionInterval(model, gappy, '2024-03-01', '2024-03-31')).toBeNull();
    expect(billPredictionInterval(model, temperatures, '2024-03-01', '2024-03-31')).not.toBeNull();
  });
});

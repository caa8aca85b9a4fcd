/**
 * The billing model's prediction interval for one bill: the range a new
 * period's use falls in with the given probability when nothing but the
 * weather changed. For the weather-based outlier audit (EnergyCAP's "use
 * outside the regression's expected range"): a bill outside it is unusual.
 *
 * Weighted least squares (weights = days with temperatures, CalTRACK 3.4.2)
 * makes a period of w days have variance σ²/w per day, so a new period's
 * usage per day y₀ has, with x₀ its per-day predictors (1, HDD/day, CDD/day),
 *   Var(y₀ − ŷ₀) = σ²/w₀ + x₀ᵀ Cov(β) x₀
 * and the interval is ŷ₀ ± t(1 − α/2, n − p) · √Var (the textbook prediction
 * interval, e.g. Montgomery, Peck & Vining, Introduction to Linear Regression
 * Analysis, 5th ed., §3.5 and §5.5.2 for weights), times the period's days.
 */
import type { BillingModel, BillingModelParameter } from './billingModel';
import { MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS } from './billingModel';
import {
  type DailyTemperatures,
  coolingDegreeDays,
  daysBetween,
  heatingDegreeDays,
  meanOf,
  periodTemperatures,
} from './degreeDays';
import { studentTQuantile } from './studentT';

export interface BillPrediction {
  /** Predicted use over the bill's days. */
  predicted: number;
  lower: number;
  upper: number;
  /** The probability the interval was built for (e.g. 0.95). */
  confidence: number;
}

function perDayPredictor(
  parameter: BillingModelParameter,
  model: BillingModel,
  temperaturesF: readonly number[],
): number {
  if (parameter === 'heating')
    return meanOf(temperaturesF.map((t) => heatingDegreeDays(t, model.heatingBalancePointF ?? 0)));
  if (parameter === 'cooling')
    return meanOf(temperaturesF.map((t) => coolingDegreeDays(t, model.coolingBalancePointF ?? 0)));
  return 1;
}

const coefficientOf = (parameter: BillingModelParameter, model: BillingModel): number =>
  parameter === 'heating' ? model.heatingSlope : parameter === 'cooling' ? model.coolingSlope : model.base;

/**
 * The interval for a bill over `start` up to, not including, `endExclusive`;
 * null when the model has no variance estimate (too few periods) or fewer
 * than 90 % of the bill's days have a temperature (CalTRACK 2.2.3.2).
 */
export function billPredictionInterval(
  model: BillingModel,
  temperatures: DailyTemperatures,
  start: string,
  endExclusive: string,
  confidence = 0.95,
): BillPrediction | null {
  const days = daysBetween(start, endExclusive);
  const values = periodTemperatures(temperatures, start, endExclusive);
  const usable =
    days > 0 &&
    values.length / days >= MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS &&
    model.residualDegreesOfFreedom > 0 &&
    Number.isFinite(model.residualVariance) &&
    model.covariance.length === model.parameters.length;
  if (!usable) return null;
  const x = model.parameters.map((parameter) => perDayPredictor(parameter, model, values));
  const predictedPerDay = model.parameters.reduce(
    (sum, parameter, i) => sum + coefficientOf(parameter, model) * (x[i] ?? 0),
    0,
  );
  const parameterVariance = x.reduce(
    (sum, xa, a) => sum + x.reduce((inner, xb, b) => inner + xa * (model.covariance[a]?.[b] ?? 0) * xb, 0),
    0,
  );
  const variance = model.residualVariance / values.length + parameterVariance;
  const halfWidth =
    studentTQuantile(1 - (1 - confidence) / 2, model.residualDegreesOfFreedom) * Math.sqrt(variance);
  return {
    predicted: predictedPerDay * days,
    lower: (predictedPerDay - halfWidth) * days,
    upper: (predictedPerDay + halfWidth) * days,
    confidence,
  };
}

/**
 * The CalTRACK monthly billing model (CalTRACK methods 2.0, as implemented by
 * eemeter 2.9.2, tag `eemeter-2.9.2`, commit 847e483a: `eemeter/caltrack/usage_per_day.py`
 * `fit_caltrack_usage_per_day_model(use_billing_presets=True, weights_col='n_days_kept')`,
 * `eemeter/caltrack/design_matrices.py` `create_caltrack_billing_design_matrix`, and
 * `docs/caltrack_compliance.rst`).
 *
 * usage per day = base + heating slope × HDD per day + cooling slope × CDD per day.
 */
import {
  addDays,
  coolingDegreeDays,
  type DailyTemperatures,
  daysBetween,
  heatingDegreeDays,
  meanOf,
  periodTemperatures,
  sumOf,
} from './degreeDays';
import { fitWeightedColumns, fitWeightedLeastSquares, withInference } from './weightedLeastSquares';

/** A billing period: usage over the days from `start` up to, not including, `end`. */
export interface BillingPeriod {
  start: string;
  end: string;
  /** Null when the read is missing or estimated (CalTRACK 2.2.3.1). */
  usage: number | null;
}

export type BillingModelType = 'intercept_only' | 'hdd_only' | 'cdd_only' | 'cdd_hdd';

/** A model parameter, in the order of the fit's coefficients and covariance. */
export type BillingModelParameter = 'base' | 'heating' | 'cooling';

export interface BillingModel {
  type: BillingModelType;
  /** Usage per day not explained by weather. */
  base: number;
  heatingSlope: number;
  coolingSlope: number;
  heatingBalancePointF: number | null;
  coolingBalancePointF: number | null;
  adjustedRSquared: number;
  /**
   * CV(RMSE) of usage per day over the fitted periods: √(Σ(y − ŷ)² / (n − p)) / ȳ,
   * p the parameters (ASHRAE Guideline 14-2014 §4.3.2.4; eemeter's `cvrmse_adj`).
   * Null when n ≤ p or the mean use is 0.
   */
  cvRmse: number | null;
  /** Billing periods the model was fitted on. */
  n: number;
  /** The parameters in the order of `covariance`. */
  parameters: BillingModelParameter[];
  /** Covariance of the parameters (per-day units); empty when it cannot be estimated (n ≤ p). */
  covariance: number[][];
  /** Variance of a period's usage per day at weight 1 (one day with data); NaN when n ≤ p. */
  residualVariance: number;
  residualDegreesOfFreedom: number;
}

export interface BillingModelOptions {
  /** CalTRACK 3.2.1: 30–90 °F, steps of at most 3 °F; eemeter uses every degree. */
  balancePointsF: readonly number[];
  /** CalTRACK 3.4.3.1: false for gas (intercept-only and heating-only candidates). */
  fitCooling: boolean;
  /**
   * A slope is kept only below this p-value. CalTRACK 1 used 0.1; eemeter
   * 2.9.2 defaults `beta_*_maximum_p_value=1` (no screen) and CalTRACK 2.0
   * (compliance 3.4.3.2) only requires positive parameters.
   */
  maximumSlopePValue: number;
  /** CalTRACK 3.2.2.2.2 (billing presets): a candidate needs at least 20 degree days in total. */
  minimumTotalDegreeDays: number;
}

const EEMETER_BALANCE_POINTS_F = Array.from({ length: 61 }, (_, i) => 30 + i);

export const CALTRACK_BILLING_OPTIONS: BillingModelOptions = {
  balancePointsF: EEMETER_BALANCE_POINTS_F,
  fitCooling: true,
  maximumSlopePValue: 0.1,
  minimumTotalDegreeDays: 20,
};

/** CalTRACK 2.2.3.3 and 2.2.3.4: pseudo-monthly periods of 25 to 35 days (70 for bimonthly). */
export const MINIMUM_PERIOD_DAYS = 25;
export const MAXIMUM_MONTHLY_PERIOD_DAYS = 35;
/** CalTRACK 2.2.3.2: a period needs temperatures on 90 % of its days. */
export const MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS = 0.9;
/** CalTRACK 2.2.1.1 and 2.2.1.2: a 365-day baseline, 90 % of its days covered by usable data. */
export const BASELINE_DAYS = 365;
export const MINIMUM_BASELINE_DAILY_COVERAGE = 0.9;

/** A period as the fit sees it: its usage per day and the temperatures of its days with data. */
interface UsablePeriod {
  usagePerDay: number;
  temperatures: readonly number[];
}

/** The periods CalTRACK keeps (2.2.3.2–2.2.3.4), each with its days' temperatures. */
function usablePeriods(
  periods: readonly BillingPeriod[],
  temperatures: DailyTemperatures,
  maximumPeriodDays: number,
): UsablePeriod[] {
  return periods.flatMap((period) => {
    const days = daysBetween(period.start, period.end);
    const values = periodTemperatures(temperatures, period.start, period.end);
    const usable =
      period.usage !== null &&
      days >= MINIMUM_PERIOD_DAYS &&
      days <= maximumPeriodDays &&
      values.length / days >= MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS;
    return usable && period.usage !== null
      ? [{ usagePerDay: period.usage / days, temperatures: values }]
      : [];
  });
}

export interface BaselineSufficiency {
  sufficient: boolean;
  /** Days of the baseline covered by usable periods. */
  daysCovered: number;
  /** `daysCovered / 365`. */
  dailyCoverage: number;
  usablePeriods: number;
  periodsTooShortOrLong: number;
  periodsMissingUsage: number;
  periodsMissingTemperatures: number;
}

/** CalTRACK 2.2.1 and 2.2.3: is a baseline year of billing data enough to fit the model? */
export function baselineSufficiency(
  periods: readonly BillingPeriod[],
  temperatures: DailyTemperatures,
  maximumPeriodDays = MAXIMUM_MONTHLY_PERIOD_DAYS,
): BaselineSufficiency {
  const lengthOk = (p: BillingPeriod) => {
    const days = daysBetween(p.start, p.end);
    return days >= MINIMUM_PERIOD_DAYS && days <= maximumPeriodDays;
  };
  const temperaturesOk = (p: BillingPeriod) =>
    periodTemperatures(temperatures, p.start, p.end).length / daysBetween(p.start, p.end) >=
    MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS;
  const usable = periods.filter((p) => p.usage !== null && lengthOk(p) && temperaturesOk(p));
  const daysCovered = sumOf(usable.map((p) => daysBetween(p.start, p.end)));
  const dailyCoverage = Math.min(daysCovered / BASELINE_DAYS, 1);
  return {
    sufficient: dailyCoverage >= MINIMUM_BASELINE_DAILY_COVERAGE,
    daysCovered,
    dailyCoverage,
    usablePeriods: usable.length,
    periodsTooShortOrLong: periods.filter((p) => !lengthOk(p)).length,
    periodsMissingUsage: periods.filter((p) => p.usage === null).length,
    periodsMissingTemperatures: periods.filter((p) => !temperaturesOk(p)).length,
  };
}

/** The periods that lie inside the 365 days before `baselineEnd` (CalTRACK 2.2.1.1). */
export function baselinePeriods(periods: readonly BillingPeriod[], baselineEnd: string): BillingPeriod[] {
  const baselineStart = addDays(baselineEnd, -BASELINE_DAYS);
  return periods.filter((p) => p.start >= baselineStart && p.end <= baselineEnd);
}

const meanHeatingDegreeDays = (temperatures: readonly number[], balancePointF: number) =>
  meanOf(temperatures.map((t) => heatingDegreeDays(t, balancePointF)));

const meanCoolingDegreeDays = (temperatures: readonly number[], balancePointF: number) =>
  meanOf(temperatures.map((t) => coolingDegreeDays(t, balancePointF)));

interface Slope {
  kind: 'heating' | 'cooling';
  balancePointF: number;
  /** The balance point's place in `BillingModelOptions.balancePointsF`. */
  index: number;
}

/**
 * The usable periods of a fit as the grid search reads them, made once per fit: each balance point's mean degree
 * days per day of every period (a column per balance point), and each column's total degree days (CalTRACK
 * 3.2.2.2.2: mean per day × days with data, summed). Each of the ~2,000 candidates then only picks columns.
 */
interface FitTable {
  responses: readonly number[];
  weights: readonly number[];
  heating: readonly (readonly number[])[];
  cooling: readonly (readonly number[])[];
  heatingTotals: readonly number[];
  coolingTotals: readonly number[];
}

function fitTable(periods: readonly UsablePeriod[], options: BillingModelOptions): FitTable {
  const columns = (mean: (temperatures: readonly number[], bp: number) => number) =>
    options.balancePointsF.map((bp) => periods.map((p) => mean(p.temperatures, bp)));
  const totals = (columnsOf: readonly (readonly number[])[]) =>
    columnsOf.map((column) => sumOf(periods.map((p, i) => (column[i] ?? 0) * p.temperatures.length)));
  const heating = columns(meanHeatingDegreeDays);
  const cooling = options.fitCooling ? columns(meanCoolingDegreeDays) : [];
  return {
    responses: periods.map((p) => p.usagePerDay),
    weights: periods.map((p) => p.temperatures.length),
    heating,
    cooling,
    heatingTotals: totals(heating),
    coolingTotals: totals(cooling),
  };
}

/**
 * One candidate (CalTRACK 3.4.3.2): fitted by weighted least squares, kept only
 * when it has enough degree days, no negative parameter and significant slopes.
 * Null too when its adjusted R² does not pass `toBeat` (the best so far): such a
 * candidate is never chosen, so its inference (covariance, p-values) is not computed.
 */
function fitCandidate(
  periods: readonly UsablePeriod[],
  table: FitTable,
  slopes: readonly Slope[],
  options: BillingModelOptions,
  toBeat: number,
): BillingModel | null {
  const tooFewDegreeDays = slopes.some(
    (slope) =>
      ((slope.kind === 'heating' ? table.heatingTotals : table.coolingTotals)[slope.index] ?? 0) <
      options.minimumTotalDegreeDays,
  );
  if (tooFewDegreeDays) return null;
  const coefficientsOnly = fitWeightedColumns({
    predictors: slopes.map(
      (slope) => (slope.kind === 'heating' ? table.heating : table.cooling)[slope.index] ?? [],
    ),
    responses: table.responses,
    weights: table.weights,
  });
  if (coefficientsOnly === null || !(coefficientsOnly.adjustedRSquared > toBeat)) return null;
  if (coefficientsOnly.coefficients.some((value) => !(value >= 0))) return null;
  const fit = withInference(coefficientsOnly);
  const [base = Number.NaN, ...slopeValues] = fit.coefficients;
  const fitted = slopes.map((slope, i) => ({
    ...slope,
    value: slopeValues[i] ?? Number.NaN,
    pValue: fit.pValues[i + 1] ?? 1,
  }));
  const qualified =
    base >= 0 && fitted.every((slope) => slope.value >= 0 && slope.pValue <= options.maximumSlopePValue);
  if (!qualified) return null;
  const heating = fitted.find((slope) => slope.kind === 'heating');
  const cooling = fitted.find((slope) => slope.kind === 'cooling');
  const model: BillingModel = {
    type: modelTypeOf(slopes),
    base,
    heatingSlope: heating?.value ?? 0,
    coolingSlope: cooling?.value ?? 0,
    heatingBalancePointF: heating?.balancePointF ?? null,
    coolingBalancePointF: cooling?.balancePointF ?? null,
    adjustedRSquared: fit.adjustedRSquared,
    cvRmse: null,
    n: fit.n,
    parameters: ['base', ...slopes.map((slope) => slope.kind)],
    covariance: fit.covariance,
    residualVariance: fit.residualVariance,
    residualDegreesOfFreedom: fit.residualDegreesOfFreedom,
  };
  return { ...model, cvRmse: cvRmseOf(model, periods) };
}

/** Usage per day the model predicts from a period's daily mean temperatures. */
const predictedPerDay = (model: BillingModel, temperaturesF: readonly number[]): number =>
  modelledUseOnTemperatures(model, temperaturesF).total / temperaturesF.length;

function cvRmseOf(model: BillingModel, periods: readonly UsablePeriod[]): number | null {
  const p = model.parameters.length;
  const meanUse = meanOf(periods.map((period) => period.usagePerDay));
  if (periods.length <= p || meanUse === 0) return null;
  const squaredErrors = periods.map(
    (period) => (period.usagePerDay - predictedPerDay(model, period.temperatures)) ** 2,
  );
  return Math.sqrt(sumOf(squaredErrors) / (periods.length - p)) / meanUse;
}

function modelTypeOf(slopes: readonly Slope[]): BillingModelType {
  const heating = slopes.some((s) => s.kind === 'heating');
  const cooling = slopes.some((s) => s.kind === 'cooling');
  if (heating && cooling) return 'cdd_hdd';
  if (heating) return 'hdd_only';
  return cooling ? 'cdd_only' : 'intercept_only';
}

/** eemeter's intercept-only candidate: the weighted mean, adjusted R² set to 0. */
function interceptOnlyModel(periods: readonly UsablePeriod[]): BillingModel {
  const weightedUse = sumOf(periods.map((p) => p.usagePerDay * p.temperatures.length));
  const totalWeight = sumOf(periods.map((p) => p.temperatures.length));
  const fit = fitWeightedLeastSquares(
    periods.map((p) => ({ predictors: [], response: p.usagePerDay, weight: p.temperatures.length })),
  );
  const model: BillingModel = {
    type: 'intercept_only',
    base: weightedUse / totalWeight,
    heatingSlope: 0,
    coolingSlope: 0,
    heatingBalancePointF: null,
    coolingBalancePointF: null,
    adjustedRSquared: 0,
    cvRmse: null,
    n: periods.length,
    parameters: ['base'],
    covariance: fit?.covariance ?? [],
    residualVariance: fit?.residualVariance ?? Number.NaN,
    residualDegreesOfFreedom: fit?.residualDegreesOfFreedom ?? 0,
  };
  return { ...model, cvRmse: cvRmseOf(model, periods) };
}

/** CalTRACK 3.4.3.1 and 3.2.2.1: the balance points of every candidate, in eemeter's order. */
function candidateSlopeSets(options: BillingModelOptions): Slope[][] {
  const points = options.balancePointsF;
  const heatingOnly = points.map((bp, index): Slope[] => [{ kind: 'heating', balancePointF: bp, index }]);
  if (!options.fitCooling) return heatingOnly;
  const coolingOnly = points.map((bp, index): Slope[] => [{ kind: 'cooling', balancePointF: bp, index }]);
  const both = points.flatMap((cooling, coolingIndex) =>
    points.flatMap((heating, heatingIndex): Slope[][] =>
      heating <= cooling
        ? [
            [
              { kind: 'cooling', balancePointF: cooling, index: coolingIndex },
              { kind: 'heating', balancePointF: heating, index: heatingIndex },
            ],
          ]
        : [],
    ),
  );
  return [...heatingOnly, ...coolingOnly, ...both];
}

/**
 * Fits the CalTRACK billing model on a baseline's periods: every qualified
 * candidate, the one with the highest adjusted R² chosen (CalTRACK 3.4.3.3;
 * the first one wins a tie, as in eemeter's `select_best_candidate`).
 * Null when no period is usable.
 */
export function fitBillingModel(
  periods: readonly BillingPeriod[],
  temperatures: DailyTemperatures,
  options: BillingModelOptions = CALTRACK_BILLING_OPTIONS,
  maximumPeriodDays = MAXIMUM_MONTHLY_PERIOD_DAYS,
): BillingModel | null {
  const usable = usablePeriods(periods, temperatures, maximumPeriodDays);
  if (usable.length === 0) return null;
  const table = fitTable(usable, options);
  return candidateSlopeSets(options).reduce((best, slopes) => {
    const candidate = fitCandidate(usable, table, slopes, options, best.adjustedRSquared);
    return candidate ?? best;
  }, interceptOnlyModel(usable));
}

export interface UseByComponent {
  base: number;
  heating: number;
  cooling: number;
  total: number;
}

/** The model's use over days with the given daily mean temperatures, split by component. */
export function modelledUseOnTemperatures(
  model: BillingModel,
  dailyTemperaturesF: readonly number[],
): UseByComponent {
  const heating =
    model.heatingBalancePointF === null
      ? 0
      : model.heatingSlope *
        sumOf(dailyTemperaturesF.map((t) => heatingDegreeDays(t, model.heatingBalancePointF ?? 0)));
  const cooling =
    model.coolingBalancePointF === null
      ? 0
      : model.coolingSlope *
        sumOf(dailyTemperaturesF.map((t) => coolingDegreeDays(t, model.coolingBalancePointF ?? 0)));
  const base = model.base * dailyTemperaturesF.length;
  return { base, heating, cooling, total: base + heating + cooling };
}

/**
 * Predicted use over a period: the mean predicted use per day over its days
 * with temperatures, times its days (eemeter's `caltrack_usage_per_day_predict`
 * on mean daily degree days). Null when no day has a temperature.
 */
export function predictedPeriodUse(
  model: BillingModel,
  temperatures: DailyTemperatures,
  start: string,
  endExclusive: string,
): number | null {
  const values = periodTemperatures(temperatures, start, endExclusive);
  if (values.length === 0) return null;
  return (modelledUseOnTemperatures(model, values).total / values.length) * daysBetween(start, endExclusive);
}

/** Weather-normalised annual use: the model on a normal year's daily mean temperatures. */
export const normalizedAnnualUse = (
  model: BillingModel,
  normalYearTemperaturesF: readonly number[],
): UseByComponent => modelledUseOnTemperatures(model, normalYearTemperaturesF);

export interface AvoidedUse {
  /** Baseline model's use on the reporting periods' weather. */
  predicted: number;
  actual: number;
  /** `predicted − actual`. */
  avoided: number;
  /** `avoided / predicted`; null when nothing was predicted. */
  savingsFraction: number | null;
  periods: number;
}

/**
 * Avoided use over a reporting period (CalTRACK 4.3): the baseline model on
 * the reporting periods' temperatures minus their metered use, over periods
 * with a read and enough temperatures (CalTRACK 2.2.3.2).
 */
export function avoidedUse(
  model: BillingModel,
  reportingPeriods: readonly BillingPeriod[],
  temperatures: DailyTemperatures,
): AvoidedUse {
  const compared = reportingPeriods.flatMap((period) => {
    const days = daysBetween(period.start, period.end);
    const values = periodTemperatures(temperatures, period.start, period.end);
    const predicted = predictedPeriodUse(model, temperatures, period.start, period.end);
    return period.usage !== null &&
      predicted !== null &&
      values.length / days >= MINIMUM_PERIOD_TEMPERATURE_COMPLETENESS
      ? [{ predicted, actual: period.usage }]
      : [];
  });
  const predicted = sumOf(compared.map((c) => c.predicted));
  const actual = sumOf(compared.map((c) => c.actual));
  return {
    predicted,
    actual,
    avoided: predicted - actual,
    savingsFraction: predicted > 0 ? (predicted - actual) / predicted : null,
    periods: compared.length,
  };
}

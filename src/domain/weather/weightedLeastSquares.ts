/**
 * Weighted least squares with an intercept, the fit eemeter runs through
 * statsmodels' `smf.wls` (eemeter 2.9.2 `eemeter/caltrack/usage_per_day.py`;
 * CalTRACK 3.4.2: billing periods weighted by their days with data).
 */
import { twoSidedStudentTPValue } from './studentT';

export interface WeightedFit {
  /** [intercept, slope of each predictor in order]. */
  coefficients: number[];
  /** Two-sided p-values of the coefficients, same order. */
  pValues: number[];
  adjustedRSquared: number;
  n: number;
  /** Σ wᵢ(yᵢ − ŷᵢ)² / (n − k): the variance of an observation of weight 1 (statsmodels' `scale`). */
  residualVariance: number;
  residualDegreesOfFreedom: number;
  /** Covariance of the coefficients, `residualVariance · (XᵀWX)⁻¹` (statsmodels' `cov_params()`). */
  covariance: number[][];
}

export interface WeightedObservation {
  predictors: readonly number[];
  response: number;
  weight: number;
}

const entry = (values: readonly number[] | undefined, index: number): number => values?.[index] ?? Number.NaN;

/** Solves the square system `matrix · x = rhs` by Gauss–Jordan elimination; null when singular. */
function solveLinearSystem(matrix: readonly (readonly number[])[], rhs: readonly number[]) {
  const size = rhs.length;
  let rows = matrix.map((row, i) => [...row, entry(rhs, i)]);
  for (let col = 0; col < size; col++) {
    const pivotIndex = rows.reduce(
      (best, row, r) => (r >= col && Math.abs(entry(row, col)) > Math.abs(entry(rows[best], col)) ? r : best),
      col,
    );
    const pivot = rows[pivotIndex];
    const current = rows[col];
    if (pivot === undefined || current === undefined) return null;
    const pivotValue = entry(pivot, col);
    if (!(Math.abs(pivotValue) > 1e-12)) return null;
    rows[pivotIndex] = current;
    rows[col] = pivot;
    rows = rows.map((row, r) => {
      if (r === col) return row;
      const factor = entry(row, col) / pivotValue;
      return row.map((value, c) => value - factor * entry(pivot, c));
    });
  }
  return rows.map((row, i) => entry(row, size) / entry(row, i));
}

const unitVector = (size: number, index: number): number[] =>
  Array.from({ length: size }, (_, i) => (i === index ? 1 : 0));

/** The coefficients and the goodness of fit, before the inference a caller may not need. */
export interface WeightedCoefficients {
  coefficients: number[];
  adjustedRSquared: number;
  n: number;
  residualVariance: number;
  residualDegreesOfFreedom: number;
  /** XᵀWX, kept for the covariance. */
  normal: number[][];
}

/** The same fit over predictors given column by column (one array per predictor, one entry per observation). */
export interface WeightedColumns {
  predictors: readonly (readonly number[])[];
  responses: readonly number[];
  weights: readonly number[];
}

/**
 * Fits response = b0 + Σ bj·predictor_j with weights: the coefficients and adjusted R² (as statsmodels defines it
 * for a model with a constant); null when the system is singular or there are no residual degrees of freedom.
 * A grid search judges thousands of candidates by these alone (billingModel.ts), so the covariance and p-values
 * are a second step, {@link withInference}; and it passes its predictors as columns made once per fit.
 */
export function fitWeightedColumns({
  predictors,
  responses,
  weights,
}: WeightedColumns): WeightedCoefficients | null {
  const n = responses.length;
  const k = 1 + predictors.length;
  const residualDegreesOfFreedom = n - k;
  if (residualDegreesOfFreedom <= 0) return null;
  // Plain loops, each sum in observation order: a grid search runs this ~2,000 times per fit.
  const x = (i: number, j: number): number => (j === 0 ? 1 : entry(predictors[j - 1], i));
  const normal: number[][] = [];
  const moment: number[] = [];
  for (let a = 0; a < k; a++) {
    const row: number[] = [];
    for (let b = 0; b < k; b++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += entry(weights, i) * (x(i, a) * x(i, b));
      row.push(sum);
    }
    normal.push(row);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += entry(weights, i) * (x(i, a) * entry(responses, i));
    moment.push(sum);
  }
  const coefficients = solveLinearSystem(normal, moment);
  if (coefficients === null) return null;

  let totalWeight = 0;
  let weightedResponse = 0;
  for (let i = 0; i < n; i++) {
    totalWeight += entry(weights, i);
    weightedResponse += entry(weights, i) * entry(responses, i);
  }
  const weightedMean = weightedResponse / totalWeight;
  let residualSum = 0;
  let totalSum = 0;
  for (let i = 0; i < n; i++) {
    let fitted = 0;
    for (let j = 0; j < k; j++) fitted += entry(coefficients, j) * x(i, j);
    residualSum += entry(weights, i) * (entry(responses, i) - fitted) ** 2;
    totalSum += entry(weights, i) * (entry(responses, i) - weightedMean) ** 2;
  }
  const rSquared = totalSum > 0 ? 1 - residualSum / totalSum : 0;
  const adjustedRSquared = 1 - ((n - 1) / residualDegreesOfFreedom) * (1 - rSquared);
  return {
    coefficients,
    adjustedRSquared,
    n,
    residualVariance: residualSum / residualDegreesOfFreedom,
    residualDegreesOfFreedom,
    normal,
  };
}

/** The covariance of the coefficients, `residualVariance · (XᵀWX)⁻¹` (statsmodels' `cov_params()`), and their p-values. */
export function withInference(fit: WeightedCoefficients): WeightedFit {
  const { coefficients, normal, residualVariance: variance, residualDegreesOfFreedom } = fit;
  const k = coefficients.length;
  const inverseColumns = coefficients.map(
    (_c, j) => solveLinearSystem(normal, unitVector(k, j)) ?? undefined,
  );
  const covariance = coefficients.map((_c, a) =>
    coefficients.map((_d, b) => variance * entry(inverseColumns[b], a)),
  );
  const pValues = coefficients.map((coefficient, j) => {
    const standardError = Math.sqrt(entry(covariance[j], j));
    return twoSidedStudentTPValue(coefficient / standardError, residualDegreesOfFreedom);
  });
  return {
    coefficients,
    pValues,
    adjustedRSquared: fit.adjustedRSquared,
    n: fit.n,
    residualVariance: variance,
    residualDegreesOfFreedom,
    covariance,
  };
}

/** The fit of observations, with its covariance and p-values. */
export function fitWeightedLeastSquares(observations: readonly WeightedObservation[]): WeightedFit | null {
  const width = observations[0]?.predictors.length ?? 0;
  const fit = fitWeightedColumns({
    predictors: Array.from({ length: width }, (_, j) => observations.map((o) => entry(o.predictors, j))),
    responses: observations.map((o) => o.response),
    weights: observations.map((o) => o.weight),
  });
  return fit === null ? null : withInference(fit);
}

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

const weightedSum = (
  observations: readonly WeightedObservation[],
  term: (observation: WeightedObservation, x: readonly number[]) => number,
) => observations.reduce((sum, o) => sum + o.weight * term(o, [1, ...o.predictors]), 0);

/**
 * Fits response = b0 + Σ bj·predictor_j with weights. Adjusted R² as
 * statsmodels defines it for a model with a constant; null when the system is
 * singular or there are no residual degrees of freedom.
 */
export function fitWeightedLeastSquares(observations: readonly WeightedObservation[]): WeightedFit | null {
  const n = observations.length;
  const k = 1 + (observations[0]?.predictors.length ?? 0);
  const residualDegreesOfFreedom = n - k;
  if (residualDegreesOfFreedom <= 0) return null;

  const normal = Array.from({ length: k }, (_, a) =>
    Array.from({ length: k }, (_, b) => weightedSum(observations, (_o, x) => entry(x, a) * entry(x, b))),
  );
  const moment = Array.from({ length: k }, (_, a) =>
    weightedSum(observations, (o, x) => entry(x, a) * o.response),
  );
  const coefficients = solveLinearSystem(normal, moment);
  if (coefficients === null) return null;

  const fitted = (x: readonly number[]) =>
    coefficients.reduce((sum, coefficient, j) => sum + coefficient * entry(x, j), 0);
  const totalWeight = observations.reduce((sum, o) => sum + o.weight, 0);
  const weightedMean = weightedSum(observations, (o) => o.response) / totalWeight;
  const residualSum = weightedSum(observations, (o, x) => (o.response - fitted(x)) ** 2);
  const totalSum = weightedSum(observations, (o) => (o.response - weightedMean) ** 2);
  const rSquared = totalSum > 0 ? 1 - residualSum / totalSum : 0;
  const adjustedRSquared = 1 - ((n - 1) / residualDegreesOfFreedom) * (1 - rSquared);

  const variance = residualSum / residualDegreesOfFreedom;
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
    adjustedRSquared,
    n,
    residualVariance: variance,
    residualDegreesOfFreedom,
    covariance,
  };
}

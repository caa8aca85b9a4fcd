/**
 * Two-sided p-value of a Student t statistic, for the significance of a fitted
 * slope (what statsmodels' `result.pvalues` gives eemeter). Uses
 * P(|T| > t) = I_x(df/2, 1/2) with x = df / (df + t²), the regularised
 * incomplete beta function evaluated by its continued fraction
 * (Numerical Recipes, 3rd ed., §6.4).
 */

const LANCZOS = [
  76.18009172947146, -86.50532032941678, 24.01409824083091, -1.23173957245015, 0.001208650973866179,
  -0.000005395239384953,
];

/** ln Γ(x) for x > 0 (Lanczos approximation, Numerical Recipes §6.1). */
export function logGamma(x: number): number {
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  const series = LANCZOS.reduce((sum, c, i) => sum + c / (x + 1 + i), 1.00000000019001);
  return -tmp + Math.log((2.5066282746310007 * series) / x);
}

const TINY = 1e-300;
const EPSILON = 3e-16;
const MAX_ITERATIONS = 300;

const avoidZero = (value: number): number => (Math.abs(value) < TINY ? TINY : value);

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  let c = 1;
  let d = 1 / avoidZero(1 - ((a + b) * x) / (a + 1));
  let result = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / avoidZero(1 + even * d);
    c = avoidZero(1 + even / c);
    result *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / avoidZero(1 + odd * d);
    c = avoidZero(1 + odd / c);
    const step = d * c;
    result *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return result;
}

/** The regularised incomplete beta function I_x(a, b), 0 ≤ x ≤ 1. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(|T| ≥ |t|) for T with `degreesOfFreedom` degrees of freedom. */
export function twoSidedStudentTPValue(t: number, degreesOfFreedom: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? 1 : 0;
  return regularizedIncompleteBeta(degreesOfFreedom / (degreesOfFreedom + t * t), degreesOfFreedom / 2, 0.5);
}

/** P(T ≤ t): the Student t cumulative distribution function. */
export function studentTCdf(t: number, degreesOfFreedom: number): number {
  const tail = twoSidedStudentTPValue(t, degreesOfFreedom) / 2;
  return t >= 0 ? 1 - tail : tail;
}

/**
 * The t with P(T ≤ t) = `probability` (0 < probability < 1), by bisection on
 * the distribution function: for prediction intervals, where a few dozen
 * evaluations are cheap and exactness to 1e-10 is plenty.
 */
export function studentTQuantile(probability: number, degreesOfFreedom: number): number {
  if (!(probability > 0 && probability < 1)) return Number.NaN;
  let low = -1e3;
  let high = 1e3;
  for (let i = 0; i < 200 && high - low > 1e-10; i++) {
    const middle = (low + high) / 2;
    if (studentTCdf(middle, degreesOfFreedom) < probability) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** Progress bar value kept within 0–100 (spec 000 §5); NaN from a 0/0 ratio shows as empty. */
export function clampProgress(n: number): number {
  if (Number.isNaN(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

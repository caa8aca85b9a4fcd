/** Units shown beside ENERGY STAR metrics (spec 000 §9). */
export const ES_UNITS = {
  energy: 'kBtu',
  intensity: 'kBtu/ft²',
  emissions: 'Metric Tons CO2e',
} as const;

/** The fields of a monthly ENERGY STAR row that the score change depends on. */
export type EsScoreRow = {
  readonly metricMonth: string;
  readonly score: number | null;
  readonly isBaseline: boolean;
};

/**
 * Adds each row's score change from the row before it (rows in the order given, oldest first);
 * a baseline row, the first row or a missing score has no change to show, so it gets 0.
 */
export function scoreChanges<T extends EsScoreRow>(rows: readonly T[]): (T & { change: number })[] {
  return rows.map((row, i) => {
    const previousScore = i > 0 ? rows[i - 1]?.score : null;
    const change =
      row.isBaseline || row.score === null || previousScore === null || previousScore === undefined
        ? 0
        : row.score - previousScore;
    return { ...row, change };
  });
}

/** Change of a metric versus its baseline; the percentage is null when a zero baseline makes it meaningless. */
export function changeVsBaseline(
  current: number,
  baseline: number,
): { change: number; percent: number | null } {
  const change = current - baseline;
  return { change, percent: baseline === 0 ? null : (change / baseline) * 100 };
}

/** The lowest and highest ENERGY STAR score: a 1 – 100 scale. */
export const ES_SCORE_RANGE = { min: 1, max: 100 } as const;

/** Why a score cannot be saved, or null when it can: a whole number from 1 to 100. */
export function esScoreProblem(score: number): string | null {
  if (!Number.isInteger(score) || score < ES_SCORE_RANGE.min || score > ES_SCORE_RANGE.max)
    return `must be a whole number from ${ES_SCORE_RANGE.min} to ${ES_SCORE_RANGE.max}`;
  return null;
}

/** The metrics of a monthly row that change versus the baseline (spec 000 §3). */
export type EsMetricKey =
  'score' | 'sourceIntensity' | 'locationIntensity' | 'sourceTotal' | 'locationTotal' | 'totalGHGEmissions';

/** One metric: its row field, its name on the page and its unit (spec 000 §9). */
export interface EsMetric {
  readonly key: EsMetricKey;
  readonly label: string;
  readonly unit: string | null;
}

/** The metrics of a monthly row, in the order pages show them. */
export const ES_METRICS: readonly EsMetric[] = [
  { key: 'score', label: 'Score', unit: null },
  { key: 'sourceIntensity', label: 'Source intensity', unit: ES_UNITS.intensity },
  { key: 'locationIntensity', label: 'Site intensity', unit: ES_UNITS.intensity },
  { key: 'sourceTotal', label: 'Source energy', unit: ES_UNITS.energy },
  { key: 'locationTotal', label: 'Site energy', unit: ES_UNITS.energy },
  { key: 'totalGHGEmissions', label: 'GHG emissions', unit: ES_UNITS.emissions },
];

/** A monthly row with every metric (the fields of spec 000 §3 the rules read). */
export type EsMetricRow = EsScoreRow & { readonly [Key in Exclude<EsMetricKey, 'score'>]: number | null };

/** The latest row by month, or null when there is none. */
export function latestRow<T extends { readonly metricMonth: string }>(rows: readonly T[]): T | null {
  let latest: T | null = null;
  for (const row of rows) if (latest === null || row.metricMonth > latest.metricMonth) latest = row;
  return latest;
}

/**
 * The row the change numbers are measured against: the latest row of the baseline year. Each row's figures cover the
 * twelve months ending with it, so that row covers the baseline year itself. Null when no row is a baseline row.
 */
export function baselineRow<T extends EsScoreRow>(rows: readonly T[]): T | null {
  return latestRow(rows.filter((row) => row.isBaseline));
}

/** A metric's change versus the baseline row, or null when either value is missing. */
export function metricVsBaseline(
  row: EsMetricRow,
  baseline: EsMetricRow | null,
  key: EsMetricKey,
): { change: number; percent: number | null } | null {
  const current = row[key];
  const base = baseline?.[key];
  if (current === null || base === null || base === undefined) return null;
  return changeVsBaseline(current, base);
}

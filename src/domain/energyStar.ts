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

/** Months in a baseline year: a site without a baseline takes its first twelve months of figures as one. */
export const BASELINE_MONTHS = 12;

/** The months that become the baseline of a site that has none: the first twelve of those given. */
export function defaultBaselineMonths(months: readonly string[]): Set<string> {
  return new Set([...new Set(months)].sort().slice(0, BASELINE_MONTHS));
}

/** A monthly row with its score change from the month before and each metric's change versus the baseline. */
export type EsRowView<T extends EsMetricRow> = T & {
  change: number;
  vsBaseline: Record<EsMetricKey, { change: number; percent: number | null } | null>;
};

/**
 * The rows of a site for a month range (`YYYY-MM`, either end open), oldest first, each with its score change and
 * its changes versus the baseline; score changes are taken over all rows, so the first month shown still compares
 * with the month before it.
 */
export function energyStarView<T extends EsMetricRow>(
  rows: readonly T[],
  range: { from?: string | null; to?: string | null } = {},
): { baseline: T | null; rows: EsRowView<T>[] } {
  const sorted = [...rows].sort((a, b) => a.metricMonth.localeCompare(b.metricMonth));
  const baseline = baselineRow(sorted);
  const shown = scoreChanges(sorted).filter(
    (row) => (!range.from || row.metricMonth >= range.from) && (!range.to || row.metricMonth <= range.to),
  );
  return {
    baseline,
    rows: shown.map((row) => {
      const vs = (key: EsMetricKey) => metricVsBaseline(row, baseline, key);
      return {
        ...row,
        vsBaseline: {
          score: vs('score'),
          sourceIntensity: vs('sourceIntensity'),
          locationIntensity: vs('locationIntensity'),
          sourceTotal: vs('sourceTotal'),
          locationTotal: vs('locationTotal'),
          totalGHGEmissions: vs('totalGHGEmissions'),
        },
      };
    }),
  };
}

/** The longest ENERGY STAR note kept (spec 001 §3 leaves notes open; this bounds what a device may queue). */
export const ES_NOTE_MAX_LENGTH = 2000;

/** Why a note cannot be saved, or null: it needs text, at most ES_NOTE_MAX_LENGTH characters once trimmed. */
export function esNoteProblem(note: string): string | null {
  const text = note.trim();
  if (text === '') return 'is required';
  if (text.length > ES_NOTE_MAX_LENGTH)
    return `must be at most ${ES_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`;
  return null;
}

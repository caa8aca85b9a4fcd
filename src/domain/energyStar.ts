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

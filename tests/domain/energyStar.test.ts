import { describe, it, expect } from 'vitest';
import {
  baselineRow,
  changeVsBaseline,
  defaultBaselineMonths,
  energyStarView,
  ES_METRICS,
  ES_UNITS,
  esNoteProblem,
  esScoreProblem,
  latestRow,
  metricVsBaseline,
  scoreChanges,
} from '../../src/domain/energyStar';
import type { EsMetricRow, EsScoreRow } from '../../src/domain/energyStar';

const row = (metricMonth: string, score: number | null, isBaseline = false): EsScoreRow => ({
  metricMonth,
  score,
  isBaseline,
});

describe('ES_UNITS', () => {
  it('uses the spec units', () => {
    expect(ES_UNITS).toEqual({ energy: 'kBtu', intensity: 'kBtu/ft²', emissions: 'Metric Tons CO2e' });
  });
});

describe('scoreChanges', () => {
  it.each<[string, EsScoreRow[], number[]]>([
    ['no rows', [], []],
    ['a single row', [row('2024-01', 70)], [0]],
    ['a rising score', [row('2024-01', 70), row('2024-02', 75)], [0, 5]],
    ['a falling score', [row('2024-01', 75), row('2024-02', 70)], [0, -5]],
    ['an unchanged score', [row('2024-01', 70), row('2024-02', 70)], [0, 0]],
    ['a baseline row', [row('2024-01', 60), row('2024-02', 80, true), row('2024-03', 85)], [0, 0, 5]],
    ['a missing score', [row('2024-01', 60), row('2024-02', null), row('2024-03', 85)], [0, 0, 0]],
    ['a missing first score', [row('2024-01', null), row('2024-02', 70)], [0, 0]],
  ])('computes changes for %s', (_name, rows, expected) => {
    expect(scoreChanges(rows).map((r) => r.change)).toEqual(expected);
  });

  it('keeps the row fields and does not mutate the input', () => {
    const rows = [
      { ...row('2024-01', 70), locationName: 'HQ' },
      { ...row('2024-02', 72), locationName: 'HQ' },
    ];
    const result = scoreChanges(rows);
    expect(result[1]).toEqual({
      metricMonth: '2024-02',
      score: 72,
      isBaseline: false,
      locationName: 'HQ',
      change: 2,
    });
    expect(rows[1]).not.toHaveProperty('change');
  });
});

describe('changeVsBaseline', () => {
  it.each<[number, number, number, number | null]>([
    [110, 100, 10, 10],
    [90, 100, -10, -10],
    [100, 100, 0, 0],
    [50, 0, 50, null],
    [0, 0, 0, null],
    [75, 50, 25, 50],
  ])('compares %s with baseline %s', (current, baseline, change, percent) => {
    expect(changeVsBaseline(current, baseline)).toEqual({ change, percent });
  });
});

/** A full monthly row: the energy figures follow the score so each test reads one number per row. */
const full = (metricMonth: string, score: number | null, isBaseline = false): EsMetricRow => ({
  metricMonth,
  score,
  isBaseline,
  sourceIntensity: score === null ? null : score * 2,
  locationIntensity: score === null ? null : score,
  sourceTotal: score === null ? null : score * 2000,
  locationTotal: score === null ? null : score * 1000,
  totalGHGEmissions: score === null ? null : score / 10,
});

describe('esScoreProblem', () => {
  it.each<[number, string | null]>([
    [1, null],
    [100, null],
    [57, null],
    [0, 'must be a whole number from 1 to 100'],
    [101, 'must be a whole number from 1 to 100'],
    [50.5, 'must be a whole number from 1 to 100'],
    [Number.NaN, 'must be a whole number from 1 to 100'],
  ])('judges the score %s', (score, problem) => {
    expect(esScoreProblem(score)).toBe(problem);
  });
});

describe('esNoteProblem', () => {
  it.each<[string, string | null]>([
    ['Boiler replaced.', null],
    ['  padded  ', null],
    ['   ', 'is required'],
    ['', 'is required'],
    ['x'.repeat(2000), null],
    [`  ${'x'.repeat(2000)}  `, null],
    ['x'.repeat(2001), 'must be at most 2,000 characters'],
  ])('judges a note of %j', (note, problem) => {
    expect(esNoteProblem(note)).toBe(problem);
  });
});

describe('ES_METRICS', () => {
  it('names every metric of the monthly row with its spec unit', () => {
    expect(ES_METRICS.map((metric) => [metric.key, metric.unit])).toEqual([
      ['score', null],
      ['sourceIntensity', 'kBtu/ft²'],
      ['locationIntensity', 'kBtu/ft²'],
      ['sourceTotal', 'kBtu'],
      ['locationTotal', 'kBtu'],
      ['totalGHGEmissions', 'Metric Tons CO2e'],
    ]);
  });
});

describe('latestRow and baselineRow', () => {
  it('find the newest row, and the newest baseline row, whatever the order given', () => {
    const rows = [full('2024-03', 60), full('2024-01', 50, true), full('2024-02', 55, true)];
    expect(latestRow(rows)?.metricMonth).toBe('2024-03');
    expect(baselineRow(rows)?.metricMonth).toBe('2024-02');
  });

  it('answer null without rows, or without a baseline row', () => {
    expect(latestRow([])).toBeNull();
    expect(baselineRow([full('2024-01', 50)])).toBeNull();
  });
});

describe('metricVsBaseline', () => {
  it('compares a metric with the baseline row, in number and percent', () => {
    expect(metricVsBaseline(full('2024-02', 66), full('2024-01', 60, true), 'sourceTotal')).toEqual({
      change: 12000,
      percent: 10,
    });
  });

  it('is null without a baseline or when either value is missing', () => {
    expect(metricVsBaseline(full('2024-02', 66), null, 'score')).toBeNull();
    expect(metricVsBaseline(full('2024-02', null), full('2024-01', 60, true), 'score')).toBeNull();
    expect(metricVsBaseline(full('2024-02', 66), full('2024-01', null, true), 'score')).toBeNull();
  });
});

describe('defaultBaselineMonths', () => {
  it('takes the first twelve months given, once each', () => {
    const months = Array.from({ length: 15 }, (_, i) => `2024-${String((i % 12) + 1).padStart(2, '0')}`);
    const later = ['2025-01', '2025-02', '2025-03'];
    const baseline = defaultBaselineMonths([...later, ...months]);
    expect(baseline.size).toBe(12);
    expect(baseline.has('2024-01') && baseline.has('2024-12')).toBe(true);
    expect(later.some((month) => baseline.has(month))).toBe(false);
  });
});

describe('energyStarView', () => {
  const rows = [
    full('2024-03', 70),
    full('2024-01', 50, true),
    full('2024-02', 60, true),
    full('2024-04', 66),
  ];

  it('sorts the rows, adds score changes and the changes of every metric versus the baseline', () => {
    const view = energyStarView(rows);
    expect(view.baseline?.metricMonth).toBe('2024-02');
    expect(view.rows.map((row) => [row.metricMonth, row.change])).toEqual([
      ['2024-01', 0],
      ['2024-02', 0],
      ['2024-03', 10],
      ['2024-04', -4],
    ]);
    expect(view.rows[3]?.vsBaseline).toEqual({
      score: { change: 6, percent: 10 },
      sourceIntensity: { change: 12, percent: 10 },
      locationIntensity: { change: 6, percent: 10 },
      sourceTotal: { change: 12000, percent: 10 },
      locationTotal: { change: 6000, percent: 10 },
      totalGHGEmissions: {
        change: expect.closeTo(0.6, 10) as number,
        percent: expect.closeTo(10, 10) as number,
      },
    });
  });

  it('keeps the months of a range, the first still compared with the month before it', () => {
    const view = energyStarView(rows, { from: '2024-03', to: '2024-03' });
    expect(view.rows.map((row) => [row.metricMonth, row.change])).toEqual([['2024-03', 10]]);
    expect(view.baseline?.metricMonth).toBe('2024-02');
  });

  it('leaves either end of the range open', () => {
    expect(energyStarView(rows, { from: '2024-03' }).rows).toHaveLength(2);
    expect(energyStarView(rows, { to: '2024-01', from: null }).rows).toHaveLength(1);
  });
});

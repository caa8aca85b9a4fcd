import { describe, it, expect } from 'vitest';
import { changeVsBaseline, ES_UNITS, scoreChanges } from '../../src/domain/energyStar';
import type { EsScoreRow } from '../../src/domain/energyStar';

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

import { describe, expect, it } from 'vitest';
import { companyEnergyStar, median } from '../../src/domain/energyStarPortfolio';
import type { EsSite } from '../../src/domain/energyStarPortfolio';
import type { EsMetricRow } from '../../src/domain/energyStar';

const row = (
  metricMonth: string,
  score: number | null,
  sourceTotal: number | null,
  isBaseline = false,
): EsMetricRow => ({
  metricMonth,
  score,
  isBaseline,
  sourceIntensity: sourceTotal === null ? null : sourceTotal / 100,
  locationIntensity: null,
  sourceTotal,
  locationTotal: null,
  totalGHGEmissions: null,
});

const site = (locationId: string, name: string, sqft: number | null, isEnergyStarActive = true): EsSite => ({
  locationId,
  name,
  sqft,
  isEnergyStarActive,
});

describe('median', () => {
  it.each<[number[], number | null]>([
    [[], null],
    [[7], 7],
    [[9, 1, 5], 5],
    [[4, 1, 3, 2], 2.5],
  ])('of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('companyEnergyStar', () => {
  const rows: Record<string, EsMetricRow[]> = {
    a: [row('2025-01', 60, 1000, true), row('2025-02', 72, 2000)],
    b: [row('2025-01', 80, 3000, true), row('2025-03', 72, 3000)],
    c: [row('2025-02', 90, null)],
    d: [],
    e: [row('2025-01', 55, 500)],
  };
  const sites = [
    site('a', 'Alpha', 100),
    site('b', 'Bravo', 300),
    site('c', 'Charlie', 200),
    site('d', 'Delta', 100),
    site('e', 'Echo', null, false),
  ];
  const summary = companyEnergyStar(sites, (id) => rows[id] ?? []);

  it('ranks the active sites by latest score, ties sharing a rank and unscored sites last', () => {
    expect(summary.sites.map((s) => [s.name, s.score, s.rank])).toEqual([
      ['Charlie', 90, 1],
      ['Alpha', 72, 2],
      ['Bravo', 72, 2],
      ['Delta', null, null],
    ]);
  });

  it('gives each site its latest month, intensity and score trend versus its baseline', () => {
    const alpha = summary.sites.find((s) => s.locationId === 'a');
    expect(alpha).toMatchObject({
      metricMonth: '2025-02',
      sourceIntensity: 20,
      trend: { change: 12, percent: 20 },
    });
    expect(summary.sites.find((s) => s.locationId === 'b')?.trend).toEqual({ change: -8, percent: -10 });
    expect(summary.sites.find((s) => s.locationId === 'c')?.trend).toBeNull();
  });

  it('scores the company with the median of the latest scores and weighs intensity by floor area', () => {
    expect(summary.score).toBe(72);
    expect(summary.activeSites).toBe(4);
    expect(summary.scoredSites).toBe(3);
    expect(summary.asOfMonth).toBe('2025-03');
    // Sites with both a source total and a floor area: Alpha (2000 over 100) and Bravo (3000 over 300).
    expect(summary.sourceIntensity).toBe(12.5);
    expect(summary.inactiveSites).toEqual([{ locationId: 'e', name: 'Echo' }]);
  });

  it('rounds the median of an even count half up, and has no score without scores', () => {
    const even = companyEnergyStar([site('a', 'Alpha', 1), site('b', 'Bravo', 1)], (id) =>
      id === 'a' ? [row('2025-01', 70, null)] : [row('2025-01', 75, null)],
    );
    expect(even.score).toBe(73);
    const empty = companyEnergyStar([site('d', 'Delta', null)], () => []);
    expect(empty).toMatchObject({ score: null, scoredSites: 0, asOfMonth: null, sourceIntensity: null });
  });
});

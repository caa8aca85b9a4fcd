// The company's ENERGY STAR picture (spec 000 §2 /companyEnergyStar, §7 GET /companies/{id}/energyStarScore): its
// sites ranked by their latest score, and one company score. The server answers with these rules and the company
// page computes them on the device from the synced rows, so both always agree.
import { baselineRow, latestRow, metricVsBaseline } from './energyStar';
import type { EsMetricRow } from './energyStar';

/** A site as the ranking reads it. */
export interface EsSite {
  readonly locationId: string;
  readonly name: string;
  readonly sqft: number | null;
  readonly isEnergyStarActive: boolean;
}

/** A site's place in the ranking: its latest row, the score's change versus its baseline, and its rank. */
export interface RankedSite {
  locationId: string;
  name: string;
  /** 1 for the best latest score; ties share a rank; null for a site without a score. */
  rank: number | null;
  metricMonth: string | null;
  score: number | null;
  sourceIntensity: number | null;
  locationIntensity: number | null;
  /** The latest score versus the baseline year's (points and %), null without both. */
  trend: { change: number; percent: number | null } | null;
}

/** The company's ENERGY STAR summary. */
export interface CompanyEnergyStar {
  /** The median of the active sites' latest scores (rounded), null when none has a score. */
  score: number | null;
  activeSites: number;
  scoredSites: number;
  /** The newest month any active site reports. */
  asOfMonth: string | null;
  /** Source energy of the active sites over their floor area (kBtu/ft²), from sites reporting both. */
  sourceIntensity: number | null;
  /** Active sites, best latest score first (sites without a score last, by name). */
  sites: RankedSite[];
  /** Sites without ENERGY STAR active, by name: the page lists them apart, with the switch. */
  inactiveSites: { locationId: string; name: string }[];
}

function rankedSite(site: EsSite, rows: readonly EsMetricRow[]): RankedSite {
  const latest = latestRow(rows);
  const trend = latest ? metricVsBaseline(latest, baselineRow(rows), 'score') : null;
  return {
    locationId: site.locationId,
    name: site.name,
    rank: null,
    metricMonth: latest?.metricMonth ?? null,
    score: latest?.score ?? null,
    sourceIntensity: latest?.sourceIntensity ?? null,
    locationIntensity: latest?.locationIntensity ?? null,
    trend,
  };
}

function byScoreThenName(a: RankedSite, b: RankedSite): number {
  if (a.score !== b.score) {
    if (a.score === null) return 1;
    if (b.score === null) return -1;
    return b.score - a.score;
  }
  return a.name.localeCompare(b.name);
}

/** The median of some numbers (the mean of the middle two for an even count), null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/**
 * Ranks the ENERGY STAR active sites by their latest score and gives the company score: the median of those scores,
 * as a portfolio is summarised by its middle property (one outlying site cannot move a median far). Scores are
 * whole numbers, so the median of an even count is rounded half up.
 */
export function companyEnergyStar(
  sites: readonly EsSite[],
  rowsOfSite: (locationId: string) => readonly EsMetricRow[],
): CompanyEnergyStar {
  const active = sites.filter((site) => site.isEnergyStarActive);
  const ranked = active.map((site) => rankedSite(site, rowsOfSite(site.locationId))).sort(byScoreThenName);
  for (const [index, site] of ranked.entries()) {
    if (site.score === null) continue;
    const previous = ranked[index - 1];
    site.rank = previous?.score === site.score ? previous.rank : index + 1;
  }
  const scores = ranked.flatMap((site) => (site.score === null ? [] : [site.score]));
  const middle = median(scores);
  let source = 0;
  let area = 0;
  for (const site of active) {
    const latest = latestRow(rowsOfSite(site.locationId));
    if (!latest || latest.sourceTotal === null || site.sqft === null || site.sqft <= 0) continue;
    source += latest.sourceTotal;
    area += site.sqft;
  }
  const months = ranked.flatMap((site) => (site.metricMonth === null ? [] : [site.metricMonth]));
  return {
    score: middle === null ? null : Math.round(middle),
    activeSites: active.length,
    scoredSites: scores.length,
    asOfMonth: months.length === 0 ? null : months.reduce((a, b) => (b > a ? b : a)),
    sourceIntensity: area > 0 ? Math.round((source / area) * 100) / 100 : null,
    sites: ranked,
    inactiveSites: sites
      .filter((site) => !site.isEnergyStarActive)
      .map((site) => ({ locationId: site.locationId, name: site.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

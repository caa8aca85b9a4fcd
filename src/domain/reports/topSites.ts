// Top sites: every site with kept bills, ranked by spend or by energy use intensity (kBtu per square foot and year,
// spec 001 §9 "kBtu/ft² for intensity"). Intensity is annualised, so a 36-month range compares with a 12-month one.
import { toKbtu } from '../energy';
import { fromCents } from '../money';
import type { ReportData, ReportLocation } from './data';
import type { ReportFilter } from './filter';
import { monthSpan } from './filter';
import { compareText, indexData, selectBills } from './select';
import type { ReportColumn, ReportRow } from './types';

/** Columns of the top sites report. */
export const TOP_SITES_COLUMNS: readonly ReportColumn[] = [
  { key: 'rank', title: 'Rank', type: 'number' },
  { key: 'site_number', title: 'Site Number', type: 'text' },
  { key: 'site_name', title: 'Site Name', type: 'text' },
  { key: 'city', title: 'City', type: 'text' },
  { key: 'state', title: 'State', type: 'text' },
  { key: 'sqft', title: 'Sqft', type: 'number' },
  { key: 'cost', title: 'Cost', type: 'currency' },
  { key: 'cost_per_sqft', title: 'Cost per Sqft', type: 'currency' },
  { key: 'usage_kbtu', title: 'Energy (kBtu)', type: 'number' },
  { key: 'eui', title: 'EUI (kBtu/ft²/yr)', type: 'number' },
];

interface SiteSums {
  location: ReportLocation;
  cents: number;
  kbtu: number;
}

/** Rounds to 2 decimals, the precision intensities are read at. */
const round2 = (value: number): number => Math.round(value * 100) / 100 + 0;

/** Every site with kept bills, ranked by the filter's `rankBy` (spend by default), highest first. */
export function topSites(data: ReportData, filter: ReportFilter): ReportRow[] {
  const sites = new Map<string, SiteSums>();
  for (const entry of selectBills(data, filter, indexData(data))) {
    if (!entry.location) continue;
    let sums = sites.get(entry.location.id);
    if (!sums) {
      sums = { location: entry.location, cents: 0, kbtu: 0 };
      sites.set(entry.location.id, sums);
    }
    sums.cents += entry.apartCents;
    for (const { summary, costCents } of entry.services) {
      sums.cents += costCents;
      sums.kbtu += toKbtu(summary.serviceType, summary.usage, summary.unit) ?? 0;
    }
  }
  const years = monthSpan(filter.fromMonth, filter.toMonth) / 12;
  const rows = [...sites.values()].map(({ location, cents, kbtu }) => {
    const sqft = location.sqft !== null && location.sqft > 0 ? location.sqft : null;
    return {
      key: `${location.siteNumber ?? ''}|${location.name}|${location.id}`,
      cents,
      row: {
        rank: 0,
        site_number: location.siteNumber,
        site_name: location.name,
        city: location.city,
        state: location.state,
        sqft: location.sqft,
        cost: fromCents(cents),
        cost_per_sqft: sqft === null ? null : round2(fromCents(cents) / sqft),
        usage_kbtu: round2(kbtu),
        eui: sqft === null ? null : round2(kbtu / sqft / years),
      } satisfies ReportRow,
    };
  });
  const byEui = filter.rankBy === 'eui';
  rows.sort((a, b) => {
    if (byEui) {
      const ea = a.row.eui ?? -1;
      const eb = b.row.eui ?? -1;
      if (ea !== eb) return eb - ea;
    } else if (a.cents !== b.cents) return b.cents - a.cents;
    return compareText(a.key, b.key);
  });
  return rows.map((entry, i) => ({ ...entry.row, rank: i + 1 }));
}

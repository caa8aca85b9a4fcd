// ENERGY STAR monthly metrics (trailing twelve months of the site's bills, as Portfolio Manager reports them)
// with a baseline year, and notes, for registered sites of companies with ENERGY STAR access.
import type { energyStarMetrics, energyStarNotes } from '../db/schema';
import type { AccountBills, CompanyContext, RowOf } from './context';
import { addDays, dayOfMonth, stamp } from './dates';
import { rngFor } from './random';

/** ENERGY STAR rows of a company. */
export interface EnergyStarData {
  metrics: RowOf<typeof energyStarMetrics>[];
  notes: RowOf<typeof energyStarNotes>[];
}

// kBtu per unit, source-to-site ratios and emission factors (metric tons CO2e per unit) of Portfolio Manager.
const KBTU_PER_KWH = 3.412;
const KBTU_PER_THERM = 100;
const SOURCE_ELECTRIC = 2.8;
const SOURCE_GAS = 1.05;
const TCO2E_PER_KWH = 0.000386;
const TCO2E_PER_THERM = 0.0053;

/** Months in the baseline year: the first twelve months of data. */
export const BASELINE_MONTHS = 12;

const NOTE_TEXTS = [
  'Baseline year set to the first full year of bill data.',
  'Score rose after the LED lighting retrofit.',
  'Weather-normalized source EUI reviewed with the facilities team.',
  'Submitted for ENERGY STAR certification review.',
];

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Generates metrics for every month of bill data and a couple of notes per registered site. */
export function generateEnergyStar(
  ctx: CompanyContext,
  accountBills: readonly AccountBills[],
): EnergyStarData {
  const data: EnergyStarData = { metrics: [], notes: [] };
  if (ctx.plan.flags.energyStarAccess !== true) return data;
  const rng = rngFor(ctx.seed, ctx.plan.key, 'energy-star');
  const monthIndex = new Map(ctx.months.map((m, i) => [m, i]));
  // kWh and therms per registered site per month index.
  const sites = new Map<
    string,
    { kwh: number[]; therms: number[]; sqft: number; firstRead: string | null }
  >();
  for (const { account, bills } of accountBills) {
    const loc = account.location.row;
    if (!loc.isEnergyStarActive) continue;
    let site = sites.get(loc.id);
    if (!site) {
      site = {
        kwh: ctx.months.map(() => 0),
        therms: ctx.months.map(() => 0),
        sqft: loc.sqft ?? 10000,
        firstRead: null,
      };
      sites.set(loc.id, site);
    }
    for (const bill of bills) {
      const i = monthIndex.get(bill.billMonth);
      if (i === undefined) continue;
      for (const service of bill.services) {
        if (service.serviceType === 'electric') site.kwh[i] = (site.kwh[i] ?? 0) + (service.usage ?? 0);
        if (service.serviceType === 'natural_gas')
          site.therms[i] = (site.therms[i] ?? 0) + (service.usage ?? 0);
      }
      if (bill.readDateFrom && (!site.firstRead || bill.readDateFrom < site.firstRead))
        site.firstRead = bill.readDateFrom;
    }
  }

  const startDate = dayOfMonth(ctx.months[0] ?? ctx.asOf.slice(0, 7), 1);
  let noteCount = 0;
  for (const [locationId, site] of sites) {
    let score = rng.int(42, 82);
    const drift = rng.float(0.05, 0.3);
    for (let i = 0; i < ctx.months.length; i += 1) {
      const from = Math.max(0, i - 11);
      let kwh = 0;
      let therms = 0;
      for (let j = from; j <= i; j += 1) {
        kwh += site.kwh[j] ?? 0;
        therms += site.therms[j] ?? 0;
      }
      // Fewer than twelve months of data are annualised, as Portfolio Manager does for new properties.
      const annualise = 12 / (i - from + 1);
      const siteKbtu = (kwh * KBTU_PER_KWH + therms * KBTU_PER_THERM) * annualise;
      const sourceKbtu =
        (kwh * KBTU_PER_KWH * SOURCE_ELECTRIC + therms * KBTU_PER_THERM * SOURCE_GAS) * annualise;
      if (i > 0) score = Math.min(100, Math.max(1, score + drift + rng.noise(0.8)));
      data.metrics.push({
        id: rng.uuid(),
        companyId: ctx.companyId,
        locationId,
        metricMonth: ctx.months[i] ?? '',
        score: Math.round(score),
        isBaseline: i < BASELINE_MONTHS,
        sourceIntensity: round(sourceKbtu / site.sqft, 2),
        locationIntensity: round(siteKbtu / site.sqft, 2),
        sourceTotal: round(sourceKbtu, 1),
        locationTotal: round(siteKbtu, 1),
        totalGHGEmissions: round((kwh * TCO2E_PER_KWH + therms * TCO2E_PER_THERM) * annualise, 2),
        startDate,
        dateMeterBecameActive: site.firstRead ?? startDate,
      });
    }
    if (noteCount < 6) {
      for (let n = 0; n < rng.int(1, 2); n += 1) {
        const created = addDays(ctx.asOf, -rng.int(5, 300));
        data.notes.push({
          id: rng.uuid(),
          companyId: ctx.companyId,
          locationId,
          note: rng.pick(NOTE_TEXTS),
          createDate: stamp(created, 14),
          modifiedAt: rng.chance(0.3) ? stamp(addDays(created, 3), 9) : null,
        });
        noteCount += 1;
      }
    }
  }
  return data;
}

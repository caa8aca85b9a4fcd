// ENERGY STAR monthly metrics (trailing twelve months of the site's bills, as Portfolio Manager reports them) with a
// baseline year, and notes, for registered sites of companies with ENERGY STAR access. Site and source energy come
// from the same published factors the embedded refresh uses (src/domain/energyStarEnergy.ts); the score and the
// emissions are demo figures.
import { energyStarMetrics, energyStarNotes } from '../../db/schema';
import { BASELINE_MONTHS } from '../../../../src/domain/energyStar';
import { monthlyEnergy, trailingEnergy } from '../../../../src/domain/energyStarEnergy';
import type { EnergyBill } from '../../../../src/domain/energyStarEnergy';
import type { SeedWriter, SyncedInsert } from '../../seed/bulkInsert';
import type { AccountBills, CompanyContext, SeededCompany } from '../../seed/context';
import { addDays, dayOfMonth, stamp } from '../../seed/dates';
import { rngFor } from '../../seed/random';

/** ENERGY STAR rows of a company. */
export interface EnergyStarData {
  metrics: SyncedInsert<typeof energyStarMetrics>[];
  notes: SyncedInsert<typeof energyStarNotes>[];
}

// Demo emission factors (metric tons CO2e per kWh and per therm): the seed's own round figures, not published ones.
const TCO2E_PER_KWH = 0.000386;
const TCO2E_PER_THERM = 0.0053;

/** Floor area assumed for a site without one, so its intensities are not empty in the demo. */
const DEFAULT_SQFT = 10000;

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

interface SiteBills {
  bills: EnergyBill[];
  /** kWh and therms per month, for the demo emissions. */
  kwh: Map<string, number>;
  therms: Map<string, number>;
  sqft: number;
  firstRead: string | null;
}

function add(map: Map<string, number>, month: string, value: number | null): void {
  map.set(month, (map.get(month) ?? 0) + (value ?? 0));
}

/** The bills of every registered site, with what the demo emissions read. */
function registeredSites(accountBills: readonly AccountBills[]): Map<string, SiteBills> {
  const sites = new Map<string, SiteBills>();
  for (const { account, bills } of accountBills) {
    const loc = account.location.row;
    if (!loc.isEnergyStarActive) continue;
    let site = sites.get(loc.id);
    if (!site) {
      site = {
        bills: [],
        kwh: new Map(),
        therms: new Map(),
        sqft: loc.sqft ?? DEFAULT_SQFT,
        firstRead: null,
      };
      sites.set(loc.id, site);
    }
    for (const bill of bills) {
      site.bills.push(bill);
      for (const service of bill.services) {
        if (service.serviceType === 'electric') add(site.kwh, bill.billMonth, service.usage);
        if (service.serviceType === 'natural_gas') add(site.therms, bill.billMonth, service.usage);
      }
      if (bill.readDateFrom && (!site.firstRead || bill.readDateFrom < site.firstRead))
        site.firstRead = bill.readDateFrom;
    }
  }
  return sites;
}

/** Demo emissions of the twelve months ending at `index` of `months`. */
function emissionsAt(site: SiteBills, months: readonly string[], index: number): number {
  const from = Math.max(0, index - 11);
  let tons = 0;
  for (let j = from; j <= index; j += 1) {
    const month = months[j] ?? '';
    tons += (site.kwh.get(month) ?? 0) * TCO2E_PER_KWH + (site.therms.get(month) ?? 0) * TCO2E_PER_THERM;
  }
  return round((tons * 12) / (index - from + 1), 2);
}

/** Generates metrics for every month of bill data and a couple of notes per registered site. */
export function generateEnergyStar(
  ctx: CompanyContext,
  accountBills: readonly AccountBills[],
): EnergyStarData {
  const data: EnergyStarData = { metrics: [], notes: [] };
  if (ctx.plan.flags.energyStarAccess !== true) return data;
  const rng = rngFor(ctx.seed, ctx.plan.key, 'energy-star');
  const startDate = dayOfMonth(ctx.months[0] ?? ctx.asOf.slice(0, 7), 1);
  let noteCount = 0;
  for (const [locationId, site] of registeredSites(accountBills)) {
    const energy = new Map(
      trailingEnergy(monthlyEnergy(site.bills), ctx.months, site.sqft).map((f) => [f.metricMonth, f]),
    );
    let score = rng.int(42, 82);
    const drift = rng.float(0.05, 0.3);
    for (let i = 0; i < ctx.months.length; i += 1) {
      const month = ctx.months[i] ?? '';
      if (i > 0) score = Math.min(100, Math.max(1, score + drift + rng.noise(0.8)));
      const figures = energy.get(month);
      data.metrics.push({
        id: rng.uuid(),
        companyId: ctx.companyId,
        locationId,
        metricMonth: month,
        score: Math.round(score),
        isBaseline: i < BASELINE_MONTHS,
        sourceIntensity: figures?.sourceIntensity ?? null,
        locationIntensity: figures?.locationIntensity ?? null,
        sourceTotal: figures?.sourceTotal ?? null,
        locationTotal: figures?.locationTotal ?? null,
        // Like the energy figures: none until twelve full months of data exist.
        totalGHGEmissions: figures?.locationTotal == null ? null : emissionsAt(site, ctx.months, i),
        startDate,
        dateMeterBecameActive: site.firstRead ?? startDate,
        updatedAt: ctx.stamp,
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
          updatedAt: ctx.stamp,
        });
        noteCount += 1;
      }
    }
  }
  return data;
}

/** The area's demo rows of one company (server/src/areas/index.ts runs it after the rows every area reads). */
export async function seedArea(writer: SeedWriter, { ctx, accountBills }: SeededCompany): Promise<void> {
  const energyStar = generateEnergyStar(ctx, accountBills);
  await writer.insertSynced(energyStarMetrics, ctx.companyId, energyStar.metrics);
  await writer.insertSynced(energyStarNotes, ctx.companyId, energyStar.notes);
}

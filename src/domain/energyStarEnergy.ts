// Site and source energy of a site from its bills, as Portfolio Manager reports them: each month's figure covers
// the twelve months ending with it (spec 000 §3 Energy Star monthly row; §9 units kBtu and kBtu/ft²). The embedded
// ENERGY STAR refresh (server/src/energyStar) and the demo seed both compute with these rules.
import { toKbtu } from './energy';
import { ENERGY_TYPE_OF_SERVICE } from './energyStarFactors';
import { serviceKey } from './serviceTypes';
import { addMonths, monthKey } from './totals';

/** The fields of one service of a bill that carry energy. */
export interface EnergyService {
  readonly serviceType: string;
  readonly usage: number | null;
  readonly unit: string | null;
}

/** The fields of a bill the energy rules read. */
export interface EnergyBill {
  readonly billMonth: string;
  readonly services: readonly EnergyService[];
}

/** Energy of one month, or of a period, in kBtu. */
export interface Energy {
  siteKbtu: number;
  sourceKbtu: number;
}

/**
 * One month's energy figures: totals in kBtu, intensities in kBtu/ft² (null without a floor area). All null, "Not
 * Available" as Portfolio Manager says, until the twelve months ending with it all have energy.
 */
export interface EnergyFigures {
  metricMonth: string;
  locationTotal: number | null;
  sourceTotal: number | null;
  locationIntensity: number | null;
  sourceIntensity: number | null;
}

/** Months in the period behind each monthly figure: Portfolio Manager reports twelve-month totals. */
export const ENERGY_PERIOD_MONTHS = 12;

/**
 * Site and source kBtu of one service's usage, by the published factors (src/domain/energyStarFactors.ts); null when
 * the service carries no energy, has no usage, or is billed in a unit without a published factor.
 */
export function serviceEnergy(service: EnergyService): Energy | null {
  const type = ENERGY_TYPE_OF_SERVICE[serviceKey(service.serviceType)];
  if (!type || service.usage === null || !Number.isFinite(service.usage)) return null;
  const siteKbtu = toKbtu(service.serviceType, service.usage, service.unit);
  return siteKbtu === null ? null : { siteKbtu, sourceKbtu: siteKbtu * type.sourceSiteRatio };
}

/** Site and source kBtu per bill month (`YYYY-MM`), summed over every bill and service of that month. */
export function monthlyEnergy(bills: readonly EnergyBill[]): Map<string, Energy> {
  const months = new Map<string, Energy>();
  for (const bill of bills) {
    const month = monthKey(bill.billMonth);
    if (month === undefined) continue;
    for (const service of bill.services) {
      const energy = serviceEnergy(service);
      if (!energy) continue;
      const sum = months.get(month) ?? { siteKbtu: 0, sourceKbtu: 0 };
      sum.siteKbtu += energy.siteKbtu;
      sum.sourceKbtu += energy.sourceKbtu;
      months.set(month, sum);
    }
  }
  return months;
}

function rounded(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0;
}

/**
 * The figures of each month of `months` (no figure for a month before the first month with energy): the twelve
 * months ending with it. Portfolio Manager computes its metrics only over twelve full calendar months of meter data
 * and shows "Not Available" otherwise (Portfolio Manager Technical Reference: ENERGY STAR Score, "Data
 * requirements": a property needs 12 full calendar months of energy data); so a month whose window starts before
 * the first month of data, or has a month without energy, has its figures null rather than a year extrapolated from
 * fewer months. Totals are rounded to 0.1 kBtu, intensities to 0.01 kBtu/ft².
 */
export function trailingEnergy(
  monthly: ReadonlyMap<string, Energy>,
  months: readonly string[],
  sqft: number | null,
): EnergyFigures[] {
  const first = [...monthly.keys()].sort()[0];
  if (first === undefined) return [];
  const area = sqft !== null && sqft > 0 ? sqft : null;
  const figures: EnergyFigures[] = [];
  for (const month of [...new Set(months.map(monthKey))].sort()) {
    if (month === undefined || month < first) continue;
    let siteKbtu = 0;
    let sourceKbtu = 0;
    let complete = true;
    for (let back = 0; back < ENERGY_PERIOD_MONTHS && complete; back += 1) {
      const energy = monthly.get(addMonths(month, -back));
      if (!energy) complete = false;
      else {
        siteKbtu += energy.siteKbtu;
        sourceKbtu += energy.sourceKbtu;
      }
    }
    figures.push({
      metricMonth: month,
      locationTotal: complete ? rounded(siteKbtu, 1) : null,
      sourceTotal: complete ? rounded(sourceKbtu, 1) : null,
      locationIntensity: complete && area !== null ? rounded(siteKbtu / area, 2) : null,
      sourceIntensity: complete && area !== null ? rounded(sourceKbtu / area, 2) : null,
    });
  }
  return figures;
}

// Greenhouse-gas scopes and emissions (spec 000 §1, 001 §3 and §9): which scope a service is in, and the metric
// tons of each gas one service's usage on a bill emits, from the factors of src/domain/emissionFactors.ts.
import {
  FUEL_FACTORS,
  FUEL_HEAT_CONTENT_MMBTU,
  GWP,
  electricityRate,
  isFuelService,
} from './emissionFactors';
import type { FuelService } from './emissionFactors';
import { serviceKey } from './serviceTypes';

/** Greenhouse-gas reporting scope. */
export type EmissionScope = 1 | 2 | 3;

/** Short scope names for legends, column titles and filters. */
export const SCOPE_LABELS = {
  1: 'Scope 1',
  2: 'Scope 2',
  3: 'Scope 3',
} as const satisfies Record<EmissionScope, string>;

/**
 * Which services each scope covers, for tooltips (spec 000 §1, 001 §9: scope 1 natural gas and propane, scope 2
 * electric and lighting, scope 3 the rest). Services the spec does not name are placed as the GHG Protocol
 * Corporate Standard places them (ch. 4): fuel burned on site is direct (scope 1), purchased steam and heat
 * indirect (scope 2).
 */
export const SCOPE_DESCRIPTIONS = {
  1: 'Natural gas and propane; also fuel oil burned on site, as the GHG Protocol counts it',
  2: 'Electric and lighting; also purchased steam and district heat, as the GHG Protocol counts them',
  3: 'All other services',
} as const satisfies Record<EmissionScope, string>;

// Service values ('natural_gas') and display labels ('Natural Gas', 'Electricity', 'Outdoor Lighting')
// both reach this rule, so both spellings are listed after normalising case and separators.
const SCOPE_1 = new Set(['natural_gas', 'propane', 'fuel_oil', 'diesel', 'kerosene']);
const SCOPE_2 = new Set([
  'electric',
  'electricity',
  'lighting',
  'outdoor_lighting',
  'steam',
  'district_heat',
]);

/** Scope of a service: direct fuel burning is 1, purchased electricity 2, everything else 3. */
export function emissionScope(serviceType: string): EmissionScope {
  const key = serviceType
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (SCOPE_1.has(key)) return 1;
  if (SCOPE_2.has(key)) return 2;
  return 3;
}

/** Emissions in metric tons. CO2e weighs CH4 and N2O by their global warming potentials (GWP). */
export interface Emissions {
  co2e: number;
  co2: number;
  ch4: number;
  n2o: number;
  so2: number;
  nox: number;
}

/** The gases of an emissions figure, in the spec's column order (spec 001 §3). */
export const GASES = [
  'co2e',
  'co2',
  'ch4',
  'n2o',
  'so2',
  'nox',
] as const satisfies readonly (keyof Emissions)[];

/** Display names of the gases. */
export const GAS_LABELS = {
  co2e: 'CO2e',
  co2: 'CO2',
  ch4: 'CH4',
  n2o: 'N2O',
  so2: 'SO2',
  nox: 'NOX',
} as const satisfies Record<keyof Emissions, string>;

/** No emissions at all. */
export const NO_EMISSIONS: Emissions = { co2e: 0, co2: 0, ch4: 0, n2o: 0, so2: 0, nox: 0 };

/** Metric tons in one pound (0.45359237 kg, exact by definition). */
export const TONS_PER_LB = 0.00045359237;

const co2eOf = (co2: number, ch4: number, n2o: number): number => co2 + ch4 * GWP.ch4 + n2o * GWP.n2o;

// mmBtu in one unit of each fuel as bills write it, from EPA's default high heat values (Table C-1), the figures
// the fuel factors are defined against; therms, dekatherms and Btu multiples by definition.
const THERMAL_MMBTU = { mmbtu: 1, kbtu: 0.001, therm: 0.1, therms: 0.1, dth: 1, dekatherm: 1, dekatherms: 1 };
const FUEL_MMBTU_PER_UNIT: Readonly<Record<FuelService, Readonly<Record<string, number>>>> = {
  natural_gas: {
    ...THERMAL_MMBTU,
    cf: FUEL_HEAT_CONTENT_MMBTU.naturalGasPerScf,
    ccf: FUEL_HEAT_CONTENT_MMBTU.naturalGasPerScf * 100,
    mcf: FUEL_HEAT_CONTENT_MMBTU.naturalGasPerScf * 1000,
    kcf: FUEL_HEAT_CONTENT_MMBTU.naturalGasPerScf * 1000,
  },
  propane: {
    ...THERMAL_MMBTU,
    gallon: FUEL_HEAT_CONTENT_MMBTU.propanePerGallon,
    gallons: FUEL_HEAT_CONTENT_MMBTU.propanePerGallon,
  },
  fuel_oil: {
    ...THERMAL_MMBTU,
    gallon: FUEL_HEAT_CONTENT_MMBTU.fuelOilPerGallon,
    gallons: FUEL_HEAT_CONTENT_MMBTU.fuelOilPerGallon,
  },
  // Pounds of steam by Portfolio Manager's thermal conversion (1,194 Btu/lb, src/domain/energyStarFactors.ts).
  steam: { ...THERMAL_MMBTU, lb: 0.001194, lbs: 0.001194, klb: 1.194, klbs: 1.194 },
  district_heat: THERMAL_MMBTU,
};

/** Heat input in mmBtu of a fuel usage in one of the units bills use; null when the unit is not one of them. */
function fuelMmbtu(service: FuelService, usage: number, unit: string): number | null {
  const perUnit = FUEL_MMBTU_PER_UNIT[service][unit.trim().toLowerCase()];
  return perUnit === undefined ? null : usage * perUnit;
}

/** MWh in one unit of electricity as bills write it. */
const MWH_PER_UNIT: Readonly<Record<string, number>> = { kwh: 0.001, mwh: 1 };

function fuelEmissions(service: FuelService, usage: number, unit: string): Emissions | null {
  const mmbtu = fuelMmbtu(service, usage, unit);
  if (mmbtu === null) return null;
  const factor = FUEL_FACTORS[service];
  const co2 = (mmbtu * factor.kgCo2PerMmbtu) / 1000;
  const ch4 = (mmbtu * factor.gCh4PerMmbtu) / 1e6;
  const n2o = (mmbtu * factor.gN2oPerMmbtu) / 1e6;
  return { co2e: co2eOf(co2, ch4, n2o), co2, ch4, n2o, so2: 0, nox: 0 };
}

function electricityEmissions(usage: number, unit: string, state: string | null): Emissions | null {
  const perUnit = MWH_PER_UNIT[unit.trim().toLowerCase()];
  const rate = electricityRate(state);
  if (perUnit === undefined || rate === null) return null;
  const mwh = usage * perUnit;
  const tons = (lbPerMwh: number | null) => (lbPerMwh ?? 0) * mwh * TONS_PER_LB;
  const co2 = tons(rate.co2);
  const ch4 = tons(rate.ch4);
  const n2o = tons(rate.n2o);
  return { co2e: co2eOf(co2, ch4, n2o), co2, ch4, n2o, so2: tons(rate.so2), nox: tons(rate.nox) };
}

/**
 * Emissions of one service's usage on a bill, in metric tons: fuels from their heat content (natural gas,
 * propane, fuel oil), electricity and lighting location-based from the grid rates of the site's state. Null when
 * the service has no emission factor (water, trash...) or the usage, unit or state cannot be read.
 */
export function serviceEmissions(
  serviceType: string,
  usage: number | null,
  unit: string | null,
  state: string | null,
): Emissions | null {
  if (usage === null || unit === null) return null;
  const key = serviceKey(serviceType);
  if (key === 'electric' || key === 'lighting') return electricityEmissions(usage, unit, state);
  if (isFuelService(key)) return fuelEmissions(key, usage, unit);
  return null;
}

/** Adds `b` into `a` (in place), gas by gas. */
export function addEmissions(a: Emissions, b: Emissions): Emissions {
  for (const gas of GASES) a[gas] += b[gas];
  return a;
}

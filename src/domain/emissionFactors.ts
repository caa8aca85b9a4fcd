// Emission factors as data, with where each figure comes from (issue 15; spec 000 §1 and 001 §3: emissions per
// scope in metric tons for CO2e, CO2, CH4, N2O, SO2 and NOx). Figures are copied from the cited tables, never
// estimated here; a figure the sources do not give is null and the report leaves that gas at zero for it.
// Used by src/domain/emissions.ts and src/domain/energy.ts on the device and on the server alike.

/**
 * Global warming potentials, 100-year: IPCC Fifth Assessment Report (AR5), WG1 chapter 8, table 8.7, without
 * climate-carbon feedbacks — the set EPA's GHG Emission Factors Hub (2024 and 2025 editions) and eGRID use
 * (USEPA/egrid, data/static_tables/global_warming_potential.csv: CO2 1, CH4 28, N2O 265).
 */
export const GWP = { set: 'IPCC AR5 (100-year)', co2: 1, ch4: 28, n2o: 265 } as const;

/** Where the stationary-combustion figures below come from. */
export const FUEL_FACTOR_SOURCE = {
  title:
    'EPA GHG Emission Factors Hub, Table 1 "Stationary Combustion", which reproduces 40 CFR Part 98 Subpart C, ' +
    'Table C-1 (default high heat values and CO2 factors) and Table C-2 (default CH4 and N2O factors)',
  url: 'https://www.epa.gov/climateleadership/ghg-emission-factors-hub',
  regulation: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-C/part-98/subpart-C',
  year: 2024,
  note:
    'Table C-1 as last amended 81 FR 89188 (9 Dec 2016); Table C-2 as amended 89 FR 42220 (14 May 2024). ' +
    'Neither table gives SO2 or NOx factors for these fuels, so on-site combustion has no SO2 or NOx figures here.',
} as const;

/** Default high heat values (Table C-1): mmBtu per scf of natural gas and per gallon of propane and fuel oil. */
export const FUEL_HEAT_CONTENT_MMBTU = {
  /** Natural gas, weighted U.S. average: 1.026 × 10⁻³ mmBtu/scf. */
  naturalGasPerScf: 0.001026,
  /** Propane (liquid): 0.091 mmBtu/gallon. */
  propanePerGallon: 0.091,
  /** Distillate Fuel Oil No. 2: 0.138 mmBtu/gallon. */
  fuelOilPerGallon: 0.138,
} as const;

/** Emission factors of one fuel per mmBtu of heat input: kg CO2, g CH4, g N2O (Tables C-1 and C-2). */
export interface FuelFactor {
  fuel: string;
  kgCo2PerMmbtu: number;
  gCh4PerMmbtu: number;
  gN2oPerMmbtu: number;
}

/** The fuels billed as services: natural gas (scope 1), propane (scope 1) and fuel oil, read as No. 2. */
export const FUEL_FACTORS = {
  natural_gas: {
    fuel: 'Natural Gas (Weighted U.S. Average)',
    kgCo2PerMmbtu: 53.06,
    gCh4PerMmbtu: 1.0,
    gN2oPerMmbtu: 0.1,
  },
  propane: { fuel: 'Propane', kgCo2PerMmbtu: 62.87, gCh4PerMmbtu: 3.0, gN2oPerMmbtu: 0.6 },
  fuel_oil: { fuel: 'Distillate Fuel Oil No. 2', kgCo2PerMmbtu: 73.96, gCh4PerMmbtu: 3.0, gN2oPerMmbtu: 0.6 },
} as const satisfies Record<string, FuelFactor>;

/** A fuel service with factors. */
export type FuelService = keyof typeof FUEL_FACTORS;

/** Output emission rates of grid electricity, lb per MWh of total output. Null: the source gives none. */
export interface ElectricityRate {
  co2: number;
  ch4: number;
  n2o: number;
  so2: number | null;
  nox: number | null;
}

/** Whether a service key has fuel factors. */
export function isFuelService(key: string): key is FuelService {
  return Object.hasOwn(FUEL_FACTORS, key);
}

/**
 * Where the electricity rates should come from: eGRID's state output emission rates (sheet ST of the eGRID data
 * workbook: STCO2RTA, STCH4RTA, STN2ORTA, STSO2RTA, STNOXRTA, lb/MWh). The figures could not be read from any
 * source reachable while this was built (EPA publishes them only in the .xlsx workbook, which the public eGRID
 * repository does not hold), so none are copied here rather than estimated: electricity and lighting have no
 * emissions until the table below is filled from that workbook, and the emissions view says so.
 */
export const ELECTRICITY_SOURCE = {
  title: 'eGRID state output emission rates (not in this build)',
  url: 'https://www.epa.gov/egrid/download-data',
  year: null,
  note:
    'eGRID state total output emission rates (lb/MWh) for CO2, CH4, N2O, SO2 and NOx were not available to copy; ' +
    'electricity and lighting count no emissions until they are added.',
} as const;

/** Grid output emission rates by state key (`TX`), lb/MWh; empty until copied from eGRID (see above). */
export const ELECTRICITY_RATES: Readonly<Record<string, ElectricityRate>> = {};

/** The grid rates of a site's state; null when the state has none (outside the U.S., or unknown). */
export function electricityRate(state: string | null): ElectricityRate | null {
  if (state === null) return null;
  return ELECTRICITY_RATES[state.trim().toUpperCase()] ?? null;
}

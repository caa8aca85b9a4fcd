// Emission factors as data, with where each figure comes from (docs/decisions/reports.md, Emissions; spec 000 §1 and 001 §3: emissions per
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
  year: 2025,
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

/**
 * The fuels billed as services: natural gas, propane and fuel oil (read as No. 2) burned on site; and the heat bought
 * as steam or district heat.
 */
export const FUEL_FACTORS = {
  natural_gas: {
    fuel: 'Natural Gas (Weighted U.S. Average)',
    kgCo2PerMmbtu: 53.06,
    gCh4PerMmbtu: 1.0,
    gN2oPerMmbtu: 0.1,
  },
  propane: { fuel: 'Propane', kgCo2PerMmbtu: 62.87, gCh4PerMmbtu: 3.0, gN2oPerMmbtu: 0.6 },
  fuel_oil: { fuel: 'Distillate Fuel Oil No. 2', kgCo2PerMmbtu: 73.96, gCh4PerMmbtu: 3.0, gN2oPerMmbtu: 0.6 },
  // Purchased steam and district heat (scope 2): the Hub's Table 7 "Steam and Heat", per mmBtu of heat bought.
  steam: { fuel: 'Steam and Heat', kgCo2PerMmbtu: 66.33, gCh4PerMmbtu: 1.25, gN2oPerMmbtu: 0.125 },
  district_heat: { fuel: 'Steam and Heat', kgCo2PerMmbtu: 66.33, gCh4PerMmbtu: 1.25, gN2oPerMmbtu: 0.125 },
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
 * Where the electricity rates come from: eGRID2023 (data year 2023), state annual total output emission rates — the
 * ST23 fields STCO2RTA, STCH4RTA, STN2ORTA, STSO2RTA and STNOXRTA — as EPA's "eGRID Summary Tables 2023" (produced
 * 03/27/2025) print them in Table 3 "State Output Emission Rates", lb/MWh, each cell copied as stored (3 decimals).
 * NOx is the annual rate, not the ozone-season one. The copy read is the workbook held in a public repository
 * (`copy` below; EPA publishes it at `url`). Cross-checked: every state's CO2 equals the figure a second build read
 * from the rev2 data workbook (sheet ST23, vhark/cea-psychrometric-site-evaluator, data/energy/grid.json at
 * cc6eb700c1236520942e2e6039eefb1a7533a2cc), and the table's U.S. row (NOx 0.452, SO2 0.359) equals EPA's Power
 * Profiler (USEPA/power-profiler, app/data/subregion.json at f42a47a958325f134a11e609eaa6612893ad3140). Location-based
 * by the site's state, a subnational grid average: eGRID's finer subregions would need each site's ZIP code mapped
 * to one, which the data here does not hold.
 */
export const ELECTRICITY_SOURCE = {
  title: 'EPA eGRID2023, state annual total output emission rates (eGRID Summary Tables 2023, Table 3)',
  url: 'https://www.epa.gov/egrid/summary-data',
  copy: 'https://github.com/deeper747/grid-carbon-intensity/blob/341b5055207b979df3435ce098e73e615fe272d3/data/raw/eGRID2023_Data.xlsx',
  year: 2023,
  note:
    "eGRID2023 state output emission rates (lb/MWh, data year 2023) by the site's state, the U.S. average for a " +
    'site without a state; sites outside the 50 states, DC and Puerto Rico count no electricity emissions.',
} as const;

/** Grid output emission rates by state key (`TX`), lb/MWh: eGRID2023, Table 3 of its summary tables (see above). */
export const ELECTRICITY_RATES: Readonly<Record<string, ElectricityRate>> = {
  AK: { co2: 809.824, ch4: 0.072, n2o: 0.01, so2: 0.404, nox: 6.166 },
  AL: { co2: 710.988, ch4: 0.045, n2o: 0.007, so2: 0.093, nox: 0.214 },
  AR: { co2: 993.413, ch4: 0.076, n2o: 0.011, so2: 0.857, nox: 0.482 },
  AZ: { co2: 686.688, ch4: 0.038, n2o: 0.005, so2: 0.126, nox: 0.296 },
  CA: { co2: 393.486, ch4: 0.021, n2o: 0.003, so2: 0.013, nox: 0.294 },
  CO: { co2: 1085.021, ch4: 0.092, n2o: 0.013, so2: 0.351, nox: 0.544 },
  CT: { co2: 538.266, ch4: 0.04, n2o: 0.005, so2: 0.072, nox: 0.191 },
  DC: { co2: 394.099, ch4: 0.017, n2o: 0.002, so2: 0.027, nox: 2.835 },
  DE: { co2: 703.194, ch4: 0.017, n2o: 0.002, so2: 0.074, nox: 0.226 },
  FL: { co2: 786.645, ch4: 0.04, n2o: 0.005, so2: 0.126, nox: 0.254 },
  GA: { co2: 713.831, ch4: 0.055, n2o: 0.008, so2: 0.2, nox: 0.285 },
  HI: { co2: 1385.131, ch4: 0.137, n2o: 0.022, so2: 4.339, nox: 4.951 },
  IA: { co2: 630.187, ch4: 0.06, n2o: 0.009, so2: 0.52, nox: 0.386 },
  ID: { co2: 313.292, ch4: 0.009, n2o: 0.001, so2: 0.049, nox: 0.132 },
  IL: { co2: 471.705, ch4: 0.042, n2o: 0.006, so2: 0.27, nox: 0.169 },
  IN: { co2: 1457.19, ch4: 0.126, n2o: 0.018, so2: 0.547, nox: 0.825 },
  KS: { co2: 728.16, ch4: 0.077, n2o: 0.011, so2: 0.113, nox: 0.496 },
  KY: { co2: 1735.009, ch4: 0.181, n2o: 0.026, so2: 1.116, nox: 0.959 },
  LA: { co2: 761.404, ch4: 0.026, n2o: 0.004, so2: 0.192, nox: 0.661 },
  MA: { co2: 822.39, ch4: 0.124, n2o: 0.016, so2: 0.278, nox: 0.593 },
  MD: { co2: 520.022, ch4: 0.035, n2o: 0.005, so2: 0.116, nox: 0.174 },
  ME: { co2: 311.824, ch4: 0.076, n2o: 0.011, so2: 0.188, nox: 0.313 },
  MI: { co2: 793.171, ch4: 0.065, n2o: 0.009, so2: 0.439, nox: 0.565 },
  MN: { co2: 747.545, ch4: 0.073, n2o: 0.01, so2: 0.187, nox: 0.496 },
  MO: { co2: 1444.137, ch4: 0.158, n2o: 0.023, so2: 2.18, nox: 1.059 },
  MS: { co2: 826.335, ch4: 0.03, n2o: 0.004, so2: 0.123, nox: 0.366 },
  MT: { co2: 1056.167, ch4: 0.116, n2o: 0.017, so2: 0.809, nox: 0.873 },
  NC: { co2: 623.958, ch4: 0.038, n2o: 0.005, so2: 0.166, nox: 0.386 },
  ND: { co2: 1288.364, ch4: 0.143, n2o: 0.021, so2: 1.603, nox: 1.326 },
  NE: { co2: 1018.154, ch4: 0.115, n2o: 0.017, so2: 2.119, nox: 0.955 },
  NH: { co2: 272.854, ch4: 0.054, n2o: 0.007, so2: 0.053, nox: 0.134 },
  NJ: { co2: 468.31, ch4: 0.031, n2o: 0.004, so2: 0.059, nox: 0.163 },
  NM: { co2: 770.214, ch4: 0.053, n2o: 0.007, so2: 0.105, nox: 0.394 },
  NV: { co2: 642.37, ch4: 0.024, n2o: 0.003, so2: 0.137, nox: 0.479 },
  NY: { co2: 465.136, ch4: 0.025, n2o: 0.003, so2: 0.051, nox: 0.183 },
  OH: { co2: 1063.843, ch4: 0.068, n2o: 0.01, so2: 0.61, nox: 0.344 },
  OK: { co2: 647.207, ch4: 0.026, n2o: 0.003, so2: 0.221, nox: 0.469 },
  OR: { co2: 364.162, ch4: 0.013, n2o: 0.002, so2: 0.02, nox: 0.639 },
  PA: { co2: 645.773, ch4: 0.034, n2o: 0.004, so2: 0.229, nox: 0.205 },
  PR: { co2: 1543.073, ch4: 0.077, n2o: 0.012, so2: 3.695, nox: 3.902 },
  RI: { co2: 839.136, ch4: 0.016, n2o: 0.002, so2: 0.013, nox: 0.372 },
  SC: { co2: 557.173, ch4: 0.048, n2o: 0.007, so2: 0.171, nox: 0.238 },
  SD: { co2: 334.032, ch4: 0.024, n2o: 0.003, so2: 0.076, nox: 0.25 },
  TN: { co2: 657.267, ch4: 0.059, n2o: 0.008, so2: 0.213, nox: 0.237 },
  TX: { co2: 768.317, ch4: 0.044, n2o: 0.006, so2: 0.389, nox: 0.476 },
  UT: { co2: 1413.019, ch4: 0.125, n2o: 0.018, so2: 0.275, nox: 1.282 },
  VA: { co2: 536.851, ch4: 0.044, n2o: 0.006, so2: 0.071, nox: 0.175 },
  VT: { co2: 42.981, ch4: 0.147, n2o: 0.019, so2: 0.039, nox: 0.168 },
  WA: { co2: 265.119, ch4: 0.023, n2o: 0.003, so2: 0.044, nox: 0.181 },
  WI: { co2: 1156.996, ch4: 0.1, n2o: 0.014, so2: 0.144, nox: 0.508 },
  WV: { co2: 1954.383, ch4: 0.218, n2o: 0.032, so2: 1.498, nox: 1.062 },
  WY: { co2: 1820.318, ch4: 0.195, n2o: 0.028, so2: 1.113, nox: 1.202 },
};

/**
 * The U.S. row of the same table (eGRID2023 Summary Tables, Table 3 "State Output Emission Rates", row "U.S.";
 * equal to Table 1's U.S. row), lb/MWh: the rate of a site whose state is not known.
 */
export const US_AVERAGE_RATE: ElectricityRate = {
  co2: 767.209,
  ch4: 0.057,
  n2o: 0.008,
  so2: 0.359,
  nox: 0.452,
};

/**
 * The grid rates of a site's state; the U.S. average for a site without a state; null for a state the table does
 * not have (outside the U.S.).
 */
export function electricityRate(state: string | null): ElectricityRate | null {
  const key = state?.trim().toUpperCase() ?? '';
  if (key === '') return US_AVERAGE_RATE;
  return ELECTRICITY_RATES[key] ?? null;
}

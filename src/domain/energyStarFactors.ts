// The conversion factors ENERGY STAR Portfolio Manager publishes, as the embedded refresh uses them to turn a
// site's bills into site and source energy (spec 000 §9: kBtu). Only published figures are here, each with where
// it is printed; a service or unit not listed has no factor and adds no energy.
//
// Site energy, kBtu per billing unit: "Portfolio Manager Technical Reference: Thermal Energy Conversions"
// (U.S. EPA, ENERGY STAR, edition August 2015), the table of multipliers to kBtu, U.S. column.
//
// Source energy per kBtu of site energy: "Portfolio Manager Technical Reference: Source Energy" (U.S. EPA,
// ENERGY STAR, August 2023), Figure 1 "Source-Site Ratios for all Portfolio Manager Energy Meter Types",
// U.S. Ratio column: Electricity (Grid Purchase) 2.80, Natural Gas 1.05, Fuel Oil (No. 1,2,4,5,6, Diesel,
// Kerosene) 1.01, Propane & Liquid Propane 1.01, Steam 1.20, Hot Water 1.20. Both references are listed at
// https://www.energystar.gov/buildings/tools-and-resources/portfolio-manager-technical-reference-source-energy and
// .../portfolio-manager-technical-reference-thermal-conversion-factors.

/** One Portfolio Manager energy type: its kBtu per billing unit (units lower-cased) and its source-site ratio. */
export interface EnergyTypeFactors {
  /** Portfolio Manager's name of the energy type. */
  readonly name: string;
  readonly kbtuPerUnit: Readonly<Record<string, number>>;
  readonly sourceSiteRatio: number;
}

// Every energy type also accepts kBtu (1) and MBtu/MMBtu (1,000), as the thermal table prints for each.
const THERMAL_UNITS = { kbtu: 1, mbtu: 1000, mmbtu: 1000 } as const;

/** Electricity (Grid Purchase): kWh 3.412, MWh 3,412; source-site ratio 2.80. */
const ELECTRICITY: EnergyTypeFactors = {
  name: 'Electricity (Grid Purchase)',
  kbtuPerUnit: { ...THERMAL_UNITS, kwh: 3.412, mwh: 3412 },
  sourceSiteRatio: 2.8,
};

/**
 * Natural Gas: therms 100, Ccf 102.6, kcf 1,026, cf 1.026 (1,026 Btu/cf); source-site ratio 1.05. Bills write a
 * thousand cubic feet "MCF", which is 1,026 kBtu here; Portfolio Manager writes it "kcf" and means *million* cubic
 * feet by its "MCF" (1,026,000 kBtu): a bill's MCF sent to Portfolio Manager is its kcf. A dekatherm is ten therms
 * (1,000 kBtu) by definition.
 */
const NATURAL_GAS: EnergyTypeFactors = {
  name: 'Natural Gas',
  kbtuPerUnit: {
    ...THERMAL_UNITS,
    therm: 100,
    therms: 100,
    ccf: 102.6,
    mcf: 1026,
    kcf: 1026,
    cf: 1.026,
    dth: 1000,
    dekatherm: 1000,
    dekatherms: 1000,
  },
  sourceSiteRatio: 1.05,
};

/**
 * Fuel Oil (No. 2), the usual heating oil, which the spec's `fuel_oil` in gallons is taken to be: gallons (US)
 * 138; source-site ratio 1.01 (Fuel Oil No. 1, 2, 4, 5, 6, Diesel, Kerosene).
 */
const FUEL_OIL: EnergyTypeFactors = {
  name: 'Fuel Oil (No. 2)',
  kbtuPerUnit: { ...THERMAL_UNITS, gallon: 138, gallons: 138 },
  sourceSiteRatio: 1.01,
};

/** Propane: gallons (US) 92, cf 2.516; source-site ratio 1.01 (Propane & Liquid Propane). */
const PROPANE: EnergyTypeFactors = {
  name: 'Propane',
  kbtuPerUnit: { ...THERMAL_UNITS, gallon: 92, gallons: 92, cf: 2.516 },
  sourceSiteRatio: 1.01,
};

/** District Steam: Lbs 1.194, kLbs 1,194 (1,194 Btu/Lb), therms 100; source-site ratio 1.20 (Steam). */
const DISTRICT_STEAM: EnergyTypeFactors = {
  name: 'District Steam',
  kbtuPerUnit: { ...THERMAL_UNITS, lb: 1.194, lbs: 1.194, klb: 1194, klbs: 1194, therm: 100, therms: 100 },
  sourceSiteRatio: 1.2,
};

/** District Hot Water: therms 100; source-site ratio 1.20 (Hot Water). */
const DISTRICT_HOT_WATER: EnergyTypeFactors = {
  name: 'District Hot Water',
  kbtuPerUnit: { ...THERMAL_UNITS, therm: 100, therms: 100 },
  sourceSiteRatio: 1.2,
};

/**
 * The energy type of each service of spec 001 §9 that carries energy; water, trash and the rest carry none. Outdoor
 * lighting is grid electricity on a meter of its own.
 */
export const ENERGY_TYPE_OF_SERVICE: Readonly<Record<string, EnergyTypeFactors>> = {
  electric: ELECTRICITY,
  lighting: ELECTRICITY,
  natural_gas: NATURAL_GAS,
  fuel_oil: FUEL_OIL,
  propane: PROPANE,
  steam: DISTRICT_STEAM,
  district_heat: DISTRICT_HOT_WATER,
};

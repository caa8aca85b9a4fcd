/**
 * The NAESB REQ.21 (ESPI) code lists the Green Button import reads, as published in espi.xsd (the enumerations are
 * CIM's, IEC 61968-9): ServiceKind, UnitSymbolKind, AccumulationKind, QualityOfReading and ISO 4217 currencies.
 */

/** ServiceKind (UsagePoint/ServiceCategory/kind): the commodity a usage point delivers. */
export const SERVICE_KINDS: Readonly<Record<number, string>> = {
  0: 'electricity',
  1: 'gas',
  2: 'water',
  3: 'time',
  4: 'heat',
  5: 'refuse',
  6: 'sewerage',
  7: 'rates',
  8: 'tvLicence',
  9: 'internet',
};

/** The portal's service type (spec 001 service table) of an ESPI commodity, when it has one. */
export const SERVICE_TYPE_OF_COMMODITY: Readonly<Record<string, string>> = {
  electricity: 'electric',
  gas: 'natural_gas',
  water: 'water',
  heat: 'district_heat',
  refuse: 'trash',
  sewerage: 'sewer',
  internet: 'internet',
};

/**
 * UnitSymbolKind (ReadingType/uom) codes the import turns into a portal unit, with the factor from the SI value
 * (after powerOfTenMultiplier) to that unit: 72 Wh is read in kWh, 119 ft³ in CCF (hundred cubic feet, the unit gas
 * bills use), 169 therm, 128 US gallon. A code left out (volts, amperes, counts…) is not a quantity a bill holds.
 */
export const UNITS: Readonly<Record<number, { readonly unit: string; readonly perUnit: number }>> = {
  38: { unit: 'kW', perUnit: 1000 }, // W, real power (demand)
  61: { unit: 'kVA', perUnit: 1000 }, // VA, apparent power
  63: { unit: 'kVAr', perUnit: 1000 }, // VAr, reactive power
  71: { unit: 'kVAh', perUnit: 1000 }, // VAh, apparent energy
  72: { unit: 'kWh', perUnit: 1000 }, // Wh, real energy
  73: { unit: 'kVArh', perUnit: 1000 }, // VArh, reactive energy
  31: { unit: 'kWh', perUnit: 3_600_000 }, // J, energy
  132: { unit: 'kBtu', perUnit: 1000 }, // BTU
  169: { unit: 'therms', perUnit: 1 }, // therm
  42: { unit: 'm3', perUnit: 1 }, // m³
  166: { unit: 'm3', perUnit: 1 }, // m³ uncompensated
  167: { unit: 'm3', perUnit: 1 }, // m³ compensated
  119: { unit: 'CCF', perUnit: 100 }, // ft³
  120: { unit: 'CCF', perUnit: 100 }, // ft³ compensated
  128: { unit: 'gallons', perUnit: 1 }, // US gallon
  130: { unit: 'imperial gallons', perUnit: 1 }, // imperial gallon
  134: { unit: 'liters', perUnit: 1 }, // litre
  156: { unit: 'liters', perUnit: 1 }, // litre uncompensated
  157: { unit: 'liters', perUnit: 1 }, // litre compensated
};

/**
 * AccumulationKind (ReadingType/accumulationBehaviour). Only delta data (4: the quantity used in each interval) and
 * summation (9) add up over time; bulk quantities and cumulative readings (1–3) are register reads whose differences
 * are the usage, and indicating or instantaneous values (6, 12: demand) are maxima, not sums.
 */
export const ACCUMULATION_KINDS: Readonly<Record<number, string>> = {
  0: 'none',
  1: 'bulkQuantity',
  2: 'continuousCumulative',
  3: 'cumulative',
  4: 'deltaData',
  6: 'indicating',
  9: 'summation',
  10: 'timeDelay',
  12: 'instantaneous',
  13: 'latchingQuantity',
  14: 'boundedQuantity',
};

/** Accumulation kinds whose readings are summed into periods; a missing accumulation is read as delta data. */
export const SUMMABLE_ACCUMULATIONS: ReadonlySet<string> = new Set(['deltaData', 'summation', 'none']);

/**
 * FlowDirectionKind (ReadingType/flowDirection): 1 forward (delivered to the customer), 19 reverse (received from
 * the customer: solar export), 4 net and 20 total; a missing direction is forward.
 */
export const FLOW_DIRECTIONS: Readonly<Record<number, string>> = {
  0: 'none',
  1: 'forward',
  4: 'net',
  19: 'reverse',
  20: 'total',
};

/** QualityOfReading (IntervalReading/ReadingQuality/quality, UsageSummary/qualityOfReading). */
export const READING_QUALITIES: Readonly<Record<number, string>> = {
  0: 'valid',
  7: 'manuallyEdited',
  8: 'estimatedUsingReferenceDay',
  9: 'estimatedUsingLinearInterpolation',
  10: 'questionable',
  11: 'derived',
  12: 'projected',
  13: 'mixed',
  14: 'raw',
  15: 'normalizedForWeather',
  16: 'other',
  17: 'validated',
  18: 'verified',
  19: 'revenueQuality',
};

/** ISO 4217 numeric codes (ReadingType/currency, UsageSummary/currency) of the currencies utilities report. */
export const CURRENCIES: Readonly<Record<number, string>> = {
  36: 'AUD',
  124: 'CAD',
  484: 'MXN',
  826: 'GBP',
  840: 'USD',
  978: 'EUR',
};

/** ESPI money amounts (cost, billLastPeriod, amount…) are in hundred-thousandths of the currency unit. */
export const MONEY_SCALE = 100_000;

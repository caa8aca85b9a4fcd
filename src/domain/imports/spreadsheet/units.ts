// Units and services as spreadsheets write them, read into the spellings the domain's rules already know: the units
// of src/domain/energy.ts (kBtu), src/domain/budgets.ts (conversions) and src/domain/bills.ts (labels), and the service
// types of spec 001 §9 (src/domain/serviceTypes.ts). Only spellings live here; which units exist and how they convert
// stays there (tests/domain/imports/spreadsheet/units.test.ts holds every spelling to those rules).
import { convertUsage } from '../../budgets';
import { kbtuPerUnit } from '../../energy';
import { SERVICE_TYPES, findServiceType, serviceKey } from '../../serviceTypes';

// The domain's unit, by the ways bills, utility portals and Portfolio Manager's spreadsheets write it (lower-cased,
// spaces and punctuation collapsed to one space).
const UNIT_SPELLINGS: Readonly<Record<string, string>> = {
  ...spellings('kWh', ['kwh', 'kwhs', 'kw h', 'kilowatt hour', 'kilowatt hours', 'kwh thousand watt hours']),
  ...spellings('MWh', ['mwh', 'megawatt hour', 'megawatt hours', 'mwh million watt hours']),
  ...spellings('therms', ['therm', 'therms', 'thm', 'thms']),
  ...spellings('ccf', [
    'ccf',
    'hcf',
    'hundred cubic feet',
    'ccf hundred cubic feet',
    'hcf hundred cubic feet',
  ]),
  ...spellings('mcf', ['mcf', 'thousand cubic feet', 'mcf thousand cubic feet']),
  ...spellings('dth', ['dth', 'dekatherm', 'dekatherms', 'decatherm', 'decatherms']),
  ...spellings('mmbtu', ['mmbtu', 'million btu', 'mmbtu million btu']),
  ...spellings('kbtu', ['kbtu', 'thousand btu', 'kbtu thousand btu']),
  ...spellings('gallons', ['gal', 'gals', 'gallon', 'gallons', 'gallons us', 'us gallons']),
  ...spellings('kgal', ['kgal', 'thousand gallons', 'kgal thousand gallons us', 'thousand gallons us']),
};

function spellings(unit: string, words: readonly string[]): Record<string, string> {
  return Object.fromEntries(words.map((word) => [word, unit]));
}

/** Lower case, with every run of spaces and punctuation one space: 'kWh (thousand Watt-hours)' → 'kwh thousand watt hours'. */
export function looseWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The domain's spelling of a unit ('KWH', 'Therm', 'HCF', 'Gal' → 'kWh', 'therms', 'ccf', 'gallons'); null if unknown. */
export function normaliseUnit(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return UNIT_SPELLINGS[looseWords(text)] ?? null;
}

/** Every unit spelling the import reads, by the domain unit it stands for. */
export const IMPORT_UNITS: readonly string[] = [...new Set(Object.values(UNIT_SPELLINGS))];

// Service names spreadsheets use that are neither a service type's value nor its label: the commodities of
// EnergyCAP and Portfolio Manager's meter types, by the first words they start with.
const SERVICE_WORDS: Readonly<Record<string, string>> = {
  electricity: 'electric',
  elec: 'electric',
  power: 'electric',
  'electric grid': 'electric',
  gas: 'natural_gas',
  ng: 'natural_gas',
  'nat gas': 'natural_gas',
  oil: 'fuel_oil',
  'fuel oil no 2': 'fuel_oil',
  'fuel oil no 4': 'fuel_oil',
  diesel: 'fuel_oil',
  lp: 'propane',
  lpg: 'propane',
  sewage: 'sewer',
  wastewater: 'sewer',
  'municipally supplied potable water': 'water',
  'potable water': 'water',
  stormwater: 'storm_water',
  storm: 'storm_water',
  garbage: 'trash',
  refuse: 'trash',
  waste: 'trash',
};

const BY_LABEL: ReadonlyMap<string, string> = new Map(
  SERVICE_TYPES.map((type) => [looseWords(type.label), type.value]),
);

/**
 * The service type (spec 001 §9 value) a spreadsheet names: its value or label in any case ('Natural Gas',
 * 'natural_gas'), or a commodity or meter type ('Electric - Grid', 'Fuel Oil (No. 2)'); null when none.
 */
export function normaliseService(text: string | null | undefined): string | null {
  if (!text || text.trim() === '') return null;
  const known = findServiceType(text);
  if (known) return known.value;
  const words = looseWords(text);
  const direct = BY_LABEL.get(words) ?? findServiceType(words)?.value ?? SERVICE_WORDS[words];
  if (direct) return direct;
  // 'Electric - Grid', 'Natural Gas (therms)': the longest leading run of words that names a service.
  const parts = words.split(' ');
  for (let n = parts.length - 1; n > 0; n -= 1) {
    const head = parts.slice(0, n).join(' ');
    const found = BY_LABEL.get(head) ?? findServiceType(head)?.value ?? SERVICE_WORDS[head];
    if (found) return found;
  }
  return null;
}

/**
 * The service a usage unit implies when the file names none: the one service type whose unit it is (kWh → electric,
 * therms → natural gas); null when several services bill in it (gallons: water, sewer, fuel oil…).
 */
export function serviceOfUnit(unit: string): string | null {
  const matching = SERVICE_TYPES.filter((type) => type.unit !== undefined && type.unit === unit);
  return matching.length === 1 ? (matching[0]?.value ?? null) : null;
}

/**
 * Whether a service can be billed in a unit: an energy service (one the kBtu rules convert, src/domain/energy.ts) only
 * in a unit those rules or the budgets' conversions (src/domain/budgets.ts: dekatherms to therms) read; other services
 * (water, sewer…) in any unit the import reads.
 */
export function isUnitOfService(serviceType: string, unit: string): boolean {
  const key = serviceKey(serviceType);
  const ownUnit = findServiceType(key)?.unit;
  if (ownUnit === undefined || kbtuPerUnit(key, ownUnit) === null) return true;
  return kbtuPerUnit(key, unit) !== null || convertUsage(1, unit, ownUnit) !== null;
}

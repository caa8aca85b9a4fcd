// Utility service types of spec 001 §9: API values, ids, units and display names.

/** One service type: API value, numeric id, unit where the spec gives one, display label. */
export interface ServiceType {
  value: string;
  id: number;
  unit?: string;
  label: string;
}

/** Display names that are not the title-cased value. */
const LABEL_OVERRIDES: Readonly<Record<string, string>> = {
  electric: 'Electricity',
  sewer: 'Sewage',
  lighting: 'Outdoor Lighting',
  fireline: 'Fire Protection',
  taxes_fees: 'Taxes & Fees',
  satellite_tv: 'Satellite TV',
};

/** API value from a value or a display word: 'Natural Gas' and 'natural_gas' are the same service. */
export function serviceKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
}

function titleCase(key: string): string {
  return key
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Display name of a service, accepting the API value or a display word in any case. */
export function serviceLabel(value: string): string {
  const key = serviceKey(value);
  return LABEL_OVERRIDES[key] ?? titleCase(key);
}

function entry(value: string, id: number, unit?: string): ServiceType {
  const type: ServiceType = { value, id, label: serviceLabel(value) };
  if (unit !== undefined) type.unit = unit;
  return type;
}

/** Every service type of the spec's table, metered ones first. */
export const SERVICE_TYPES: readonly ServiceType[] = [
  entry('electric', 4, 'kWh'),
  entry('natural_gas', 3, 'therms'),
  entry('water', 8, 'gallons'),
  entry('telecom', 12),
  entry('trash', 13),
  entry('sewer', 7, 'gallons'),
  entry('drag_reducing_agent', 28, 'gallons'),
  entry('fuel_oil', 29, 'gallons'),
  entry('propane', 16, 'gallons'),
  entry('taxes_fees', 30),
  entry('sanitation', 6),
  entry('lighting', 5),
  entry('irrigation', 9),
  entry('account', 11),
  entry('steam', 14),
  entry('district_heat', 15),
  entry('fireline', 17),
  entry('internet', 22),
  entry('landline_phone', 23),
  entry('television', 24),
  entry('mobile_phone', 25),
  entry('cable', 26),
  entry('satellite_tv', 27),
  entry('storm_water', 18),
  entry('recycling', 21),
];

/**
 * Whether a service is billed by metered usage: the spec's table gives it a unit (electric, gas, water, sewer,
 * propane, fuel oil, drag reducing agent). A missing invoice of such a service leaves a gap in the usage tables.
 */
export function isMeteredService(value: string): boolean {
  return findServiceType(value)?.unit !== undefined;
}

/** The service types whose usage is totalled on usage cards, in the spec's order. */
export const USAGE_SERVICE_TYPES: readonly string[] = [
  'natural_gas',
  'sewer',
  'electric',
  'water',
  'trash',
  'telecom',
  'drag_reducing_agent',
  'fuel_oil',
];

/** Units budgets and usage cards show by default, capitalised as the spec gives them. */
export const DEFAULT_UNITS: Readonly<Record<string, string>> = {
  electric: 'kWh',
  natural_gas: 'Therms',
  water: 'Gallons',
};

/** The first entry of service filters; its empty value means no filter. */
export const ALL_SERVICES = { label: 'All Services', value: '' } as const;

const BY_VALUE: ReadonlyMap<string, ServiceType> = new Map(SERVICE_TYPES.map((type) => [type.value, type]));
const BY_ID: ReadonlyMap<number, ServiceType> = new Map(SERVICE_TYPES.map((type) => [type.id, type]));

/** The table entry for a value or display word, if the spec knows it. */
export function findServiceType(value: string): ServiceType | undefined {
  return BY_VALUE.get(serviceKey(value));
}

/** The table entry for a numeric id, as ids arrive from the API. */
export function serviceTypeById(id: number): ServiceType | undefined {
  return BY_ID.get(id);
}

/**
 * Unit of a service for display: the default unit first, then the table's, written like the defaults
 * ('gallons' shows as 'Gallons' next to Water's 'Gallons'); '' when the spec gives none.
 */
export function serviceUnit(value: string): string {
  const unit = DEFAULT_UNITS[serviceKey(value)] ?? findServiceType(value)?.unit ?? '';
  return /^[a-z]+$/.test(unit) && unit !== 'kwh' ? unit.charAt(0).toUpperCase() + unit.slice(1) : unit;
}

const ORDER: ReadonlyMap<string, number> = new Map(SERVICE_TYPES.map((type, index) => [type.value, index]));

/** Sorts service types in the spec's table order, unknown ones last by name, so legends and columns stay stable. */
export function compareServiceTypes(a: string, b: string): number {
  const rank = (value: string) => ORDER.get(value) ?? SERVICE_TYPES.length;
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Splits an account's comma list of services, dropping blanks. */
export function splitServices(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((service) => service.trim())
    .filter((service) => service !== '');
}

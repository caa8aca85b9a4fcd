// A site's monthly consumption as it is sent to ENERGY STAR Portfolio Manager's property meters: one entry per bill
// period of each service (the bill's read dates, else its bill month), in the meter's own unit. Portfolio Manager's
// meter types and units are the names its web services use ("Meter" schema, meter.xsd: `type` and `unitOfMeasure`,
// https://portfoliomanager.energystar.gov/webservices/home/api/meter); the conversion goes through kBtu by the
// published thermal factors (src/domain/energyStarFactors.ts), so a unit change never alters the energy.
import { kbtuPerUnit } from './energy';
import { serviceKey } from './serviceTypes';
import { monthKey } from './totals';

/** The service of a site's bills each Portfolio Manager meter type takes. */
export const SERVICE_OF_METER_TYPE: Readonly<Record<string, string>> = {
  Electric: 'electric',
  'Electric - Grid': 'electric',
  'Natural Gas': 'natural_gas',
  'Fuel Oil No 2': 'fuel_oil',
  Propane: 'propane',
  'District Steam': 'steam',
  'District Hot Water': 'district_heat',
};

/**
 * The key of the domain's factor table (energyStarFactors.ts) for each unit Portfolio Manager names, with the
 * multiple of that key it is. Portfolio Manager's "MCF(million cubic feet)" is a thousand of its "kcf (thousand
 * cubic feet)", which is what a bill's "MCF" means (energyStarFactors.ts, Natural Gas).
 */
export const PM_UNITS: Readonly<Record<string, { key: string; times: number }>> = {
  'kWh (thousand Watt-hours)': { key: 'kwh', times: 1 },
  'MWh (million Watt-hours)': { key: 'mwh', times: 1 },
  'kBtu (thousand Btu)': { key: 'kbtu', times: 1 },
  'MBtu/MMBtu (million Btu)': { key: 'mmbtu', times: 1 },
  therms: { key: 'therm', times: 1 },
  'cf (cubic feet)': { key: 'cf', times: 1 },
  'ccf (hundred cubic feet)': { key: 'ccf', times: 1 },
  'kcf (thousand cubic feet)': { key: 'kcf', times: 1 },
  'MCF(million cubic feet)': { key: 'kcf', times: 1000 },
  'Gallons (US)': { key: 'gallon', times: 1 },
  Pounds: { key: 'lb', times: 1 },
  'KLbs. (thousand pounds)': { key: 'klb', times: 1 },
};

/** The fields of one service of a bill a push reads. */
export interface ConsumptionService {
  readonly serviceType: string;
  readonly charges: number;
  readonly usage: number | null;
  readonly unit: string | null;
}

/** The fields of a bill a push reads. */
export interface ConsumptionBill {
  readonly billMonth: string;
  readonly readDateFrom: string | null;
  readonly readDateTo: string | null;
  readonly services: readonly ConsumptionService[];
}

/** A period of a meter's consumption (ISO dates, both inclusive). */
export interface ConsumptionPeriod {
  startDate: string;
  endDate: string;
}

/** One `<meterConsumption>` entry: usage in the meter's unit and its cost in dollars over the period. */
export interface ConsumptionEntry extends ConsumptionPeriod {
  usage: number;
  cost: number;
}

/** The entries of one service for a meter, and the bills' services left out because their unit cannot convert. */
export interface MeterConsumption {
  entries: ConsumptionEntry[];
  unconvertible: number;
}

/** How many bill units of `unit` one unit of the Portfolio Manager unit `pmUnit` is; null if either is unknown. */
export function pmUnitFactor(serviceType: string, unit: string | null, pmUnit: string): number | null {
  const pm = PM_UNITS[pmUnit];
  if (!pm || !unit) return null;
  const billKey = unit.trim().toLowerCase();
  // The same unit: no conversion, so the figure goes as billed to the digit.
  if (billKey === pm.key && pm.times === 1) return 1;
  const bill = kbtuPerUnit(serviceType, unit);
  const meter = kbtuPerUnit(serviceType, pm.key);
  if (bill === null || meter === null) return null;
  return bill / (meter * pm.times);
}

function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

function rounded(value: number): number {
  return Math.round(value * 1000) / 1000 + 0;
}

/**
 * The entries of `service` (a service key such as `natural_gas`) for a meter in `pmUnit`: one per bill period, bills
 * of the same period summed (several accounts of one service at a site), oldest first, usage rounded to 0.001 and
 * cost (the service's charges) to the cent.
 */
export function meterConsumption(
  bills: readonly ConsumptionBill[],
  service: string,
  pmUnit: string,
): MeterConsumption {
  const byPeriod = new Map<string, ConsumptionEntry>();
  let unconvertible = 0;
  for (const bill of bills) {
    const month = monthKey(bill.billMonth);
    const hasReads =
      bill.readDateFrom !== null && bill.readDateTo !== null && bill.readDateFrom <= bill.readDateTo;
    if (!hasReads && month === undefined) continue;
    const startDate = hasReads ? bill.readDateFrom : `${month}-01`;
    const endDate = hasReads ? bill.readDateTo : lastDayOf(month!);
    for (const line of bill.services) {
      if (serviceKey(line.serviceType) !== service || line.usage === null || !Number.isFinite(line.usage))
        continue;
      const factor = pmUnitFactor(line.serviceType, line.unit, pmUnit);
      if (factor === null) {
        unconvertible += 1;
        continue;
      }
      const key = `${startDate}/${endDate}`;
      const entry = byPeriod.get(key) ?? { startDate, endDate, usage: 0, cost: 0 };
      entry.usage += line.usage * factor;
      entry.cost += Number.isFinite(line.charges) ? line.charges : 0;
      byPeriod.set(key, entry);
    }
  }
  const entries = [...byPeriod.values()]
    .map((entry) => ({ ...entry, usage: rounded(entry.usage), cost: Math.round(entry.cost * 100) / 100 + 0 }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate));
  return { entries, unconvertible };
}

/**
 * The entries whose period overlaps none of those a meter already holds: Portfolio Manager keeps one figure per day of
 * a meter and refuses a period that overlaps one it has, so a second push sends only what is new (a period already
 * there, even with other figures, is left for the user to correct in Portfolio Manager).
 */
export function entriesNotPresent(
  entries: readonly ConsumptionEntry[],
  present: readonly ConsumptionPeriod[],
): ConsumptionEntry[] {
  return entries.filter(
    (entry) => !present.some((held) => held.startDate <= entry.endDate && entry.startDate <= held.endDate),
  );
}

/** Splits entries into the calls Portfolio Manager takes: at most `size` entries each (120 per its web services). */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** What a consumption push sent to one meter of a site's Portfolio Manager property, or why nothing (the server's
 * answer and what it keeps, and what the site's page shows). */
export interface PushedMeter {
  meterId: string;
  meterName: string;
  /** Portfolio Manager's meter type and unit of measure. */
  meterType: string;
  unitOfMeasure: string;
  /** The site's service the meter took (a service key), null when none matched. */
  service: string | null;
  entries: number;
  /** The site's periods left out because the meter already holds a figure for them (absent in pushes kept before). */
  alreadyPresent?: number;
  /** The calls the entries took (at most 120 entries each). */
  calls: number;
  /** The period the entries cover (ISO dates), null without entries. */
  startDate: string | null;
  endDate: string | null;
  /** Why the meter got nothing, when it got nothing. */
  skipped: string | null;
}

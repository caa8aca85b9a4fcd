// A bill's charge and usage lines (spec 001 §3 Bill charges, Bill usage): the shape the server keeps in
// `bill_lines`, the change feed sends as the `billLines` entity (one row per bill, keyed by the bill's id) and the
// single bill page reads offline, plus the per-service totals of its tables (docs/architecture.md §14 Bills).
import { fromCents, toCents } from './money';
import { compareServiceTypes } from './serviceTypes';

/** One charge line of a bill. */
export interface BillChargeLine {
  serviceType: string;
  tariff: string | null;
  chargeClassification: string | null;
  description: string | null;
  amount: number;
}

/** One usage line of a bill (a meter read). */
export interface BillUsageLine {
  serviceName: string;
  tariff: string | null;
  measurementType: string | null;
  energyUnit: string | null;
  usageTotal: number;
  kwMax: number | null;
  kvaMax: number | null;
  kvarSum: number | null;
  readDateFrom: string | null;
  readDateTo: string | null;
}

/** Every line of one bill: the `billLines` row's content (its id is the bill's id). */
export interface BillLines {
  charges: BillChargeLine[];
  usages: BillUsageLine[];
}

/** A service's total of the charges table (exact to the cent). */
export interface ChargeServiceTotal {
  serviceType: string;
  amount: number;
  lines: number;
}

/** Charge totals per service, in service order. */
export function chargeTotalsByService(charges: readonly BillChargeLine[]): ChargeServiceTotal[] {
  const sums = new Map<string, { cents: number; lines: number }>();
  for (const line of charges) {
    const sum = sums.get(line.serviceType) ?? { cents: 0, lines: 0 };
    sum.cents += toCents(line.amount);
    sum.lines += 1;
    sums.set(line.serviceType, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => compareServiceTypes(a, b))
    .map(([serviceType, sum]) => ({ serviceType, amount: fromCents(sum.cents), lines: sum.lines }));
}

/** A service's total of the usage table: usage per unit (a service may read in more than one), kW max, kVAR sum. */
export interface UsageServiceTotal {
  serviceName: string;
  energyUnit: string | null;
  usageTotal: number;
  kwMax: number | null;
  kvaMax: number | null;
  kvarSum: number | null;
}

const greatest = (a: number | null, b: number | null): number | null =>
  b === null ? a : a === null ? b : Math.max(a, b);

/** Usage totals per service and unit, in service order (usage summed in thousandths, so 0.1 + 0.2 stays 0.3). */
export function usageTotalsByService(usages: readonly BillUsageLine[]): UsageServiceTotal[] {
  const sums = new Map<string, UsageServiceTotal & { milli: number; kvarMilli: number | null }>();
  for (const line of usages) {
    const key = `${line.serviceName}|${line.energyUnit ?? ''}`;
    const sum = sums.get(key) ?? {
      serviceName: line.serviceName,
      energyUnit: line.energyUnit,
      usageTotal: 0,
      kwMax: null,
      kvaMax: null,
      kvarSum: null,
      milli: 0,
      kvarMilli: null,
    };
    sum.milli += Math.round(line.usageTotal * 1000);
    sum.kwMax = greatest(sum.kwMax, line.kwMax);
    sum.kvaMax = greatest(sum.kvaMax, line.kvaMax);
    if (line.kvarSum !== null) sum.kvarMilli = (sum.kvarMilli ?? 0) + Math.round(line.kvarSum * 1000);
    sums.set(key, sum);
  }
  return [...sums.values()]
    .sort((a, b) => compareServiceTypes(a.serviceName, b.serviceName))
    .map(({ milli, kvarMilli, ...sum }) => ({
      ...sum,
      usageTotal: milli / 1000 + 0,
      kvarSum: kvarMilli === null ? null : kvarMilli / 1000 + 0,
    }));
}

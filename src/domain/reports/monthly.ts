// Reports by month and service: charges (with taxes and fees), usage (in its own unit and in kBtu) and the cost of
// a unit of usage. Money sums in cents and usage in thousandths, so the device and the server agree exactly.
import { fromMilli, maxText, milli } from '../billFigures';
import { toKbtu } from '../energy';
import { fromCents, toCents } from '../money';
import { compareServiceTypes, serviceLabel } from '../serviceTypes';
import type { ReportContext, ReportData } from './data';
import type { ReportFilter } from './filter';
import { TAXES_FEES_SERVICE, compareText, indexData, selectBills } from './select';
import type { SelectedBill } from './select';
import { BILL_MONTH_COLUMN, SERVICE_COLUMN } from './types';
import type { ReportColumn, ReportRow, ReportRun } from './types';
import { normalizedSums, weatherNormalization } from './weatherNormalized';

/** One month and service (and, for usage, unit) of kept bills. */
export interface MonthServiceSums {
  month: string;
  serviceType: string;
  unit: string | null;
  cents: number;
  taxCents: number;
  bills: number;
  usageMilli: number | null;
  /** Charges of the bills that carry a usage, for the cost of a unit. */
  usageCents: number;
  kbtu: number | null;
  kwMax: number | null;
  kvaMax: number | null;
  kvarMilli: number | null;
}

const greatest = (a: number | null, b: number | null | undefined): number | null =>
  b === null || b === undefined ? a : a === null ? b : Math.max(a, b);

/**
 * Sums kept bills by month and service; `byUnit` also splits by usage unit (a service billed in therms one month
 * and ccf another must not add the two). Ordered by month, then service order, then unit.
 */
export function monthServiceSums(selected: readonly SelectedBill[], byUnit: boolean): MonthServiceSums[] {
  const sums = new Map<string, MonthServiceSums>();
  const entryFor = (month: string, serviceType: string, unit: string | null): MonthServiceSums => {
    const key = `${month}|${serviceType}|${byUnit ? (unit ?? '') : ''}`;
    let entry = sums.get(key);
    if (!entry) {
      entry = {
        month,
        serviceType,
        unit: byUnit ? unit : null,
        cents: 0,
        taxCents: 0,
        bills: 0,
        usageMilli: null,
        usageCents: 0,
        kbtu: null,
        kwMax: null,
        kvaMax: null,
        kvarMilli: null,
      };
      sums.set(key, entry);
    }
    return entry;
  };
  for (const { month, services, apartCents } of selected) {
    for (const { summary, costCents } of services) {
      const entry = entryFor(month, summary.serviceType, summary.unit);
      entry.cents += costCents;
      entry.taxCents += toCents(summary.taxesFees);
      entry.bills += 1;
      if (!byUnit) entry.unit = maxText(entry.unit, summary.unit);
      if (summary.usage !== null) {
        entry.usageMilli = (entry.usageMilli ?? 0) + milli(summary.usage);
        entry.usageCents += costCents;
        const kbtu = toKbtu(summary.serviceType, summary.usage, summary.unit);
        if (kbtu !== null) entry.kbtu = (entry.kbtu ?? 0) + kbtu;
      }
      entry.kwMax = greatest(entry.kwMax, summary.demandKw);
      entry.kvaMax = greatest(entry.kvaMax, summary.kvaMax);
      if (summary.kvarSum !== undefined && summary.kvarSum !== null)
        entry.kvarMilli = (entry.kvarMilli ?? 0) + milli(summary.kvarSum);
    }
    if (apartCents !== 0) {
      const entry = entryFor(month, TAXES_FEES_SERVICE, null);
      entry.cents += apartCents;
      entry.taxCents += apartCents;
      entry.bills += 1;
    }
  }
  return [...sums.values()].sort(
    (a, b) =>
      compareText(a.month, b.month) ||
      compareServiceTypes(a.serviceType, b.serviceType) ||
      compareText(a.unit ?? '', b.unit ?? ''),
  );
}

/** Columns of the charges by month report. */
export const CHARGES_BY_MONTH_COLUMNS: readonly ReportColumn[] = [
  BILL_MONTH_COLUMN,
  SERVICE_COLUMN,
  { key: 'cost', title: 'Cost', type: 'currency' },
  { key: 'taxes_fees', title: 'Taxes & Fees', type: 'currency' },
  { key: 'bills', title: 'Bills', type: 'number' },
];

/** Charges, taxes and fees, and the number of bills, per month and service. */
export function chargesByMonth(data: ReportData, filter: ReportFilter): ReportRow[] {
  return monthServiceSums(selectBills(data, filter, indexData(data)), false).map((entry) => ({
    bill_month: entry.month,
    service: serviceLabel(entry.serviceType),
    cost: fromCents(entry.cents),
    taxes_fees: fromCents(entry.taxCents),
    bills: entry.bills,
  }));
}

/** Columns of the usage by month report. */
export const USAGE_BY_MONTH_COLUMNS: readonly ReportColumn[] = [
  BILL_MONTH_COLUMN,
  SERVICE_COLUMN,
  { key: 'usage_total', title: 'Usage Total', type: 'number' },
  { key: 'unit', title: 'Unit', type: 'text' },
  { key: 'usage_kbtu', title: 'Usage (kBtu)', type: 'number' },
  { key: 'kw_max', title: 'kW Max', type: 'number' },
  { key: 'kva_max', title: 'kVA Max', type: 'number' },
  { key: 'kvar_sum', title: 'kVAR Sum', type: 'number' },
];

/** The column of weather-normalised usage (with the option, for companies with weather normalisation). */
export const USAGE_NORMALIZED_COLUMN: ReportColumn = {
  key: 'usage_weather_normalized',
  title: 'Weather-normalised Usage',
  type: 'number',
};

/**
 * Usage per month, service and unit, with its kBtu where the service is energy; with the weather-normalised option,
 * also the use each month's bill periods would have had on a normal year's weather.
 */
export function usageByMonth(
  data: ReportData,
  filter: ReportFilter,
  context: ReportContext = { today: '' },
): ReportRun {
  const selected = selectBills(data, filter, indexData(data));
  const weather = weatherNormalization(data, filter, context, selected);
  const normalized =
    weather &&
    normalizedSums(
      selected,
      weather.use,
      (entry, service, unit) => `${entry.month}|${service}|${unit ?? ''}`,
    );
  const rows = monthServiceSums(selected, true)
    .filter((entry) => entry.usageMilli !== null)
    .map((entry) => ({
      bill_month: entry.month,
      service: serviceLabel(entry.serviceType),
      usage_total: fromMilli(entry.usageMilli ?? 0),
      unit: entry.unit,
      usage_kbtu: entry.kbtu,
      kw_max: entry.kwMax,
      kva_max: entry.kvaMax,
      kvar_sum: entry.kvarMilli === null ? null : fromMilli(entry.kvarMilli),
      ...(normalized
        ? {
            [USAGE_NORMALIZED_COLUMN.key]: roundedUse(
              normalized.get(`${entry.month}|${entry.serviceType}|${entry.unit ?? ''}`),
            ),
          }
        : {}),
    }));
  return { rows, notes: weather?.notes ?? [] };
}

/** Normalised use to the thousandth, as usage is summed; null without one. */
export const roundedUse = (use: number | null | undefined): number | null =>
  use === null || use === undefined ? null : fromMilli(milli(use));

/** Columns of the cost per unit report. */
export const COST_PER_UNIT_COLUMNS: readonly ReportColumn[] = [
  BILL_MONTH_COLUMN,
  SERVICE_COLUMN,
  { key: 'cost', title: 'Cost', type: 'currency' },
  { key: 'usage_total', title: 'Usage Total', type: 'number' },
  { key: 'unit', title: 'Unit', type: 'text' },
  { key: 'cost_per_unit', title: 'Cost per Unit', type: 'currency' },
  { key: 'cost_per_kbtu', title: 'Cost per kBtu', type: 'currency' },
];

/** Rounds a rate to 4 decimals (a tenth of a cent per kWh matters to buyers of energy). */
const rate = (value: number): number => Math.round(value * 10_000) / 10_000 + 0;

/** What a unit of usage cost per month and metered service: the charges of bills with usage over that usage. */
export function costPerUnit(data: ReportData, filter: ReportFilter): ReportRow[] {
  return monthServiceSums(selectBills(data, filter, indexData(data)), true)
    .filter((entry) => entry.usageMilli !== null && entry.usageMilli !== 0)
    .map((entry) => {
      const usage = fromMilli(entry.usageMilli ?? 0);
      const cost = fromCents(entry.usageCents);
      return {
        bill_month: entry.month,
        service: serviceLabel(entry.serviceType),
        cost,
        usage_total: usage,
        unit: entry.unit,
        cost_per_unit: rate(cost / usage),
        cost_per_kbtu: entry.kbtu ? rate(cost / entry.kbtu) : null,
      };
    });
}

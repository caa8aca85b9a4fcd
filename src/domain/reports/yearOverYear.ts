// Year over year: each month of the range and service beside the same month a year before (which may lie before
// the range), with the change in charges and usage.
import { fromMilli } from '../billFigures';
import { fromCents } from '../money';
import { compareServiceTypes, serviceLabel } from '../serviceTypes';
import { addMonths } from '../totals';
import type { ReportContext, ReportData } from './data';
import type { ReportFilter } from './filter';
import { monthServiceSums, roundedUse } from './monthly';
import type { MonthServiceSums } from './monthly';
import { compareText, indexData, inRange, selectBills } from './select';
import { BILL_MONTH_COLUMN, SERVICE_COLUMN } from './types';
import type { ReportColumn, ReportRow, ReportRun } from './types';
import { normalizedSums, weatherNormalization } from './weatherNormalized';

/** Columns of the year over year report. */
export const YEAR_OVER_YEAR_COLUMNS: readonly ReportColumn[] = [
  BILL_MONTH_COLUMN,
  SERVICE_COLUMN,
  { key: 'cost', title: 'Cost', type: 'currency' },
  { key: 'cost_prior_year', title: 'Cost Prior Year', type: 'currency' },
  { key: 'cost_change', title: 'Cost Change', type: 'currency' },
  { key: 'cost_change_pct', title: 'Cost Change %', type: 'percentage' },
  { key: 'usage_total', title: 'Usage Total', type: 'number' },
  { key: 'usage_prior_year', title: 'Usage Prior Year', type: 'number' },
  { key: 'usage_change_pct', title: 'Usage Change %', type: 'percentage' },
  { key: 'unit', title: 'Unit', type: 'text' },
];

/** The columns the weather-normalised option adds (companies with weather normalisation). */
export const YEAR_OVER_YEAR_NORMALIZED_COLUMNS: readonly ReportColumn[] = [
  { key: 'usage_weather_normalized', title: 'Weather-normalised Usage', type: 'number' },
  {
    key: 'usage_weather_normalized_prior_year',
    title: 'Weather-normalised Usage Prior Year',
    type: 'number',
  },
  {
    key: 'usage_weather_normalized_change_pct',
    title: 'Weather-normalised Usage Change %',
    type: 'percentage',
  },
];

/** Change from `before` to `now` in percent, rounded to 2 decimals; null without a base to compare with. */
export function percentChange(now: number, before: number | null): number | null {
  if (before === null || before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 10_000) / 100 + 0;
}

/**
 * Each month of the range and service, with the same month a year before; with the weather-normalised option, the
 * same for normalised usage, so the change is the change with the weather of both years taken out.
 */
export function yearOverYear(
  data: ReportData,
  filter: ReportFilter,
  context: ReportContext = { today: '' },
): ReportRun {
  const range = { fromMonth: addMonths(filter.fromMonth, -12), toMonth: filter.toMonth };
  const selected = selectBills(data, filter, indexData(data), range);
  const sums = monthServiceSums(selected, false);
  const weather = weatherNormalization(data, filter, context, selected);
  const normalized =
    weather && normalizedSums(selected, weather.use, (entry, service) => `${entry.month}|${service}`);
  const byKey = new Map(sums.map((entry) => [`${entry.month}|${entry.serviceType}`, entry]));
  const rows: { month: string; serviceType: string; row: ReportRow }[] = [];
  const row = (month: string, serviceType: string, now: MonthServiceSums | undefined): ReportRow => {
    const before = byKey.get(`${addMonths(month, -12)}|${serviceType}`);
    const cents = now?.cents ?? 0;
    const usage = now?.usageMilli ?? null;
    const usageBefore = before?.usageMilli ?? null;
    return {
      bill_month: month,
      service: serviceLabel(serviceType),
      cost: fromCents(cents),
      cost_prior_year: before ? fromCents(before.cents) : null,
      cost_change: before ? fromCents(cents - before.cents) : null,
      cost_change_pct: percentChange(cents, before ? before.cents : null),
      usage_total: usage === null ? null : fromMilli(usage),
      usage_prior_year: usageBefore === null ? null : fromMilli(usageBefore),
      usage_change_pct: usage === null ? null : percentChange(usage, usageBefore),
      unit: now?.unit ?? before?.unit ?? null,
      ...(normalized ? normalizedColumns(month, serviceType) : {}),
    };
  };
  const normalizedColumns = (month: string, serviceType: string): ReportRow => {
    const now = roundedUse(normalized?.get(`${month}|${serviceType}`));
    const before = roundedUse(normalized?.get(`${addMonths(month, -12)}|${serviceType}`));
    return {
      usage_weather_normalized: now,
      usage_weather_normalized_prior_year: before,
      usage_weather_normalized_change_pct: now === null ? null : percentChange(now, before),
    };
  };
  // Months of the range in order; a service billed a year before but not now still shows, at zero.
  const seen = new Set<string>();
  for (const entry of sums) {
    const month = inRange(entry.month, filter) ? entry.month : addMonths(entry.month, 12);
    if (!inRange(month, filter)) continue;
    const key = `${month}|${entry.serviceType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ month, serviceType: entry.serviceType, row: row(month, entry.serviceType, byKey.get(key)) });
  }
  return {
    rows: rows
      .sort((a, b) => compareText(a.month, b.month) || compareServiceTypes(a.serviceType, b.serviceType))
      .map((entry) => entry.row),
    notes: weather?.notes ?? [],
  };
}

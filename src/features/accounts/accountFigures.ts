// Pure shaping of local bills for the accounts pages' charts: monthly spend per service. The bill tables are the
// shared model of src/domain/billTables.ts.
import { fromCents, toCents } from '../../domain/money';
import { serviceLabel } from '../../domain/serviceTypes';
import { addMonths, latestTwelveMonths, monthKey } from '../../domain/totals';
import type { TotalsRow } from '../../domain/totals';

/** Charges per service per month of the latest 12 bill months (cents-exact), services by total, largest first. */
export interface MonthlySpend {
  months: string[];
  series: { serviceType: string; label: string; data: number[]; total: number }[];
}

/** Every calendar month from the earliest to the latest bill month of the rows, gaps included, oldest first. */
export function allMonths(rows: readonly TotalsRow[]): string[] {
  const keys = rows
    .map((row) => monthKey(row.billMonth))
    .filter((key): key is string => key !== undefined)
    .sort();
  const first = keys[0];
  const last = keys.at(-1);
  if (first === undefined || last === undefined) return [];
  const months = [first];
  while ((months.at(-1) ?? last) < last) months.push(addMonths(months.at(-1) ?? last, 1));
  return months;
}

/**
 * Charges of `rows` as a stacked chart's series: one per service, a value per month. By default the latest 12 bill
 * months (the overview's window); `months` picks others (a single account's whole history).
 */
export function monthlySpendByService(
  rows: readonly TotalsRow[],
  months: readonly string[] = latestTwelveMonths(rows.map((row) => row.billMonth)),
): MonthlySpend {
  const index = new Map(months.map((month, i) => [month, i]));
  const cents = new Map<string, number[]>();
  for (const row of rows) {
    const at = index.get(monthKey(row.billMonth) ?? '');
    if (at === undefined) continue;
    const list = cents.get(row.serviceType) ?? months.map(() => 0);
    list[at] = (list[at] ?? 0) + toCents(row.totalCharges ?? 0);
    cents.set(row.serviceType, list);
  }
  const series = [...cents].map(([serviceType, list]) => ({
    serviceType,
    label: serviceLabel(serviceType),
    data: list.map(fromCents),
    total: fromCents(list.reduce((sum, value) => sum + value, 0)),
  }));
  series.sort((a, b) => b.total - a.total || (a.serviceType < b.serviceType ? -1 : 1));
  return { months: [...months], series };
}

// 12-month totals of spec 000 §9 / 001 §9: per service type, the 12 calendar months ending with its latest bill month.

import { fromCents, toCents } from './money';

/** How many months a usage card or charge total covers. */
export const TOTALS_WINDOW_MONTHS = 12;

const BILL_MONTH = /^(\d{4})-(0[1-9]|1[0-2])(?:-\d{2})?$/;

/** Charges and usage of one service over the window. */
export interface ServiceTotals {
  charges: number;
  usage: number;
}

/** A bill summary row as the totals read it. */
export interface TotalsRow {
  billMonth: string;
  serviceType: string;
  totalCharges?: number;
  totalUsage?: number;
}

/** The `YYYY-MM` of a bill month (a full `YYYY-MM-DD` date is accepted too); undefined when it is not one. */
export function monthKey(text: string): string | undefined {
  return BILL_MONTH.test(text) ? text.slice(0, 7) : undefined;
}

/** The month `offset` calendar months from `YYYY-MM`, across year boundaries. */
export function addMonths(month: string, offset: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + offset;
  const year = Math.floor(index / 12);
  const mm = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(mm).padStart(2, '0')}`;
}

/** The 12 calendar months ending with the latest month given, oldest first; [] when none is a month. */
export function latestTwelveMonths(months: readonly string[]): string[] {
  let latest: string | undefined;
  for (const text of months) {
    const key = monthKey(text);
    if (key !== undefined && (latest === undefined || key > latest)) latest = key;
  }
  if (latest === undefined) return [];
  const end = latest;
  return Array.from({ length: TOTALS_WINDOW_MONTHS }, (_, i) => addMonths(end, i - TOTALS_WINDOW_MONTHS + 1));
}

/** Charges (exact to the cent) and usage per service, each over the latest 12 months of that service's rows. */
export function twelveMonthTotals(rows: readonly TotalsRow[]): {
  charges: number;
  byService: Record<string, ServiceTotals>;
} {
  // Rows repeat a few dozen month texts: each is read once, so 100 k rows cost one pass of lookups (docs/architecture.md §9).
  const keys = new Map<string, string | undefined>();
  const keyOf = (text: string): string | undefined => {
    if (keys.has(text)) return keys.get(text);
    const key = monthKey(text);
    keys.set(text, key);
    return key;
  };
  // Each service's window ends at its own latest bill month ("the latest 12 months per service type", spec 000
  // §Home, 001), so a service billed late still counts twelve of its months.
  const lastMonth = new Map<string, string>();
  for (const row of rows) {
    const key = keyOf(row.billMonth);
    const last = lastMonth.get(row.serviceType);
    if (key !== undefined && (last === undefined || key > last)) lastMonth.set(row.serviceType, key);
  }
  const firstMonth = new Map(
    [...lastMonth].map(([service, last]) => [service, addMonths(last, 1 - TOTALS_WINDOW_MONTHS)]),
  );
  const perService = new Map<string, { cents: number; usage: number }>();
  let totalCents = 0;
  for (const row of rows) {
    const key = keyOf(row.billMonth);
    const first = firstMonth.get(row.serviceType);
    if (key === undefined || first === undefined || key < first) continue;
    const cents = toCents(row.totalCharges ?? 0);
    totalCents += cents;
    let sums = perService.get(row.serviceType);
    if (!sums) {
      sums = { cents: 0, usage: 0 };
      perService.set(row.serviceType, sums);
    }
    sums.cents += cents;
    sums.usage += row.totalUsage ?? 0;
  }
  const byService = Object.fromEntries(
    [...perService].map(([service, sums]) => [
      service,
      { charges: fromCents(sums.cents), usage: sums.usage },
    ]),
  );
  return { charges: fromCents(totalCents), byService };
}

// Figures of a location (or any set of bills) from the bills' per-service summaries: monthly figures per service
// for the spend, consumption and tax charts and their 12-month totals (first spec document §3, §9). The same sums
// the server's SQL makes (server/src/areas/bills/billSeries.ts), so offline and online pages agree; money is summed in
// cents. The bill tables built from the same summaries are in billTables.ts.
import { fromCents, toCents } from './money';
import { compareServiceTypes, serviceUnit, splitServices } from './serviceTypes';
import { monthKey } from './totals';
import type { TotalsRow } from './totals';

/**
 * One service's totals on a bill (the bill's per-service summary, docs/architecture.md §6): what the server stores in
 * `bills.services`, the change feed sends and the device sums offline.
 */
export interface BillServiceSummary {
  serviceType: string;
  charges: number;
  usage: number | null;
  unit: string | null;
  /** The greatest kW of the service's usage lines. */
  demandKw: number | null;
  /**
   * The greatest kVA and the sum of kVAR of the service's usage lines, so the usage table works offline; absent on
   * bills stored before the server summarised them.
   */
  kvaMax?: number | null;
  kvarSum?: number | null;
  taxesFees: number;
}

/** The bill fields these figures read. */
export interface FigureBill {
  billMonth: string;
  accountId: string;
  totalNewCharges: number;
  isInvoiceMissing: boolean;
  services: readonly BillServiceSummary[];
}

/** Bills flattened per service, the rows twelveMonthTotals and the spend charts read. */
export function billTotalsRows(bills: readonly Pick<FigureBill, 'billMonth' | 'services'>[]): TotalsRow[] {
  return bills.flatMap((bill) =>
    bill.services.map((service) => ({
      billMonth: bill.billMonth,
      serviceType: service.serviceType,
      totalCharges: service.charges,
      totalUsage: service.usage ?? 0,
    })),
  );
}

/** One service in one month: the spec's chart data (metricMonth, serviceType, missing mark, charges, taxes). */
export interface ServiceMonth {
  billMonth: string;
  serviceType: string;
  totalCharges: number;
  taxesFees: number;
  /** Null when no bill of the month carries a usage for the service. */
  totalUsage: number | null;
  unit: string | null;
  /** Bills of accounts with this service whose invoice is missing this month. */
  missingInvoices: number;
}

/** The account's comma list of services, by account id (a missing invoice has no summary of its own). */
export type ServicesOfAccount = (accountId: string) => string | null | undefined;

/** A usage in thousandths: numeric(16,3) usage sums exactly in them. */
export const milli = (value: number): number => Math.round(value * 1000);
/** Thousandths back to the unit; `+ 0` turns a negative zero into a plain zero. */
export const fromMilli = (value: number): number => value / 1000 + 0;
/** SQL's max() of text: the greatest non-null value. */
export const maxText = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null || a >= b ? a : b;

/**
 * One service's sums over the bills of one month, however they were gathered: the server's SQL `group by`, the
 * device's month summaries, or bills summed by serviceMonths. Integers, so every path gives the same figures.
 */
export interface ServiceMonthSums {
  billMonth: string;
  serviceType: string;
  cents: number;
  taxCents: number;
  /** Thousandths; null when no bill of the month carries a usage for the service. */
  usageMilli: number | null;
  /** The greatest unit on the bills (SQL's max() of text). */
  unit: string | null;
}

/** Missing invoices of one month whose accounts have one list of services (a missing invoice has no summary). */
export interface MissingInvoices {
  billMonth: string;
  /** The accounts' comma list of services. */
  services: string | null | undefined;
  count: number;
}

/**
 * The service months of some sums and missing invoices: every service with figures or a missing invoice, by month
 * then service order. A missing invoice counts for each service of its account; `service` narrows to one.
 */
export function serviceMonthRows(
  sums: Iterable<ServiceMonthSums>,
  missing: Iterable<MissingInvoices>,
  service?: string,
): ServiceMonth[] {
  const rows = new Map<string, ServiceMonthSums & { missing: number }>();
  const rowFor = (billMonth: string, serviceType: string) => {
    const key = `${billMonth}|${serviceType}`;
    let row = rows.get(key);
    if (!row) {
      row = { billMonth, serviceType, cents: 0, taxCents: 0, usageMilli: null, unit: null, missing: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const entry of sums) {
    if (service && entry.serviceType !== service) continue;
    const row = rowFor(entry.billMonth, entry.serviceType);
    row.cents += entry.cents;
    row.taxCents += entry.taxCents;
    if (entry.usageMilli !== null) row.usageMilli = (row.usageMilli ?? 0) + entry.usageMilli;
    row.unit = maxText(row.unit, entry.unit);
  }
  for (const group of missing) {
    for (const serviceType of splitServices(group.services)) {
      if (service && serviceType !== service) continue;
      rowFor(group.billMonth, serviceType).missing += group.count;
    }
  }
  return [...rows.values()]
    .sort(
      (a, b) =>
        (a.billMonth < b.billMonth ? -1 : a.billMonth > b.billMonth ? 1 : 0) ||
        compareServiceTypes(a.serviceType, b.serviceType),
    )
    .map((row) => ({
      billMonth: row.billMonth,
      serviceType: row.serviceType,
      totalCharges: fromCents(row.cents),
      taxesFees: fromCents(row.taxCents),
      totalUsage: row.usageMilli === null ? null : fromMilli(row.usageMilli),
      unit: row.unit,
      missingInvoices: row.missing,
    }));
}

/**
 * Every service of every month of `months` with figures or a missing invoice, by month then service order;
 * `service` narrows to one service.
 */
export function serviceMonths(
  bills: readonly FigureBill[],
  servicesOf: ServicesOfAccount,
  months: readonly string[],
  service?: string,
): ServiceMonth[] {
  const window = new Set(months);
  // A company's year is tens of thousands of bills over a few dozen month texts and services: month keys are
  // read once per text and sums kept in a map per month, so no key string is built per bill.
  const keys = new Map<string, string | undefined>();
  const byMonth = new Map<string, Map<string, ServiceMonthSums>>();
  const missing: MissingInvoices[] = [];
  for (const bill of bills) {
    let month = keys.get(bill.billMonth);
    if (month === undefined && !keys.has(bill.billMonth)) {
      const key = monthKey(bill.billMonth);
      month = key !== undefined && window.has(key) ? key : undefined;
      keys.set(bill.billMonth, month);
    }
    if (month === undefined) continue;
    let services = byMonth.get(month);
    if (!services) {
      services = new Map();
      byMonth.set(month, services);
    }
    for (const figures of bill.services) {
      if (service && figures.serviceType !== service) continue;
      let entry = services.get(figures.serviceType);
      if (!entry) {
        entry = {
          billMonth: month,
          serviceType: figures.serviceType,
          cents: 0,
          taxCents: 0,
          usageMilli: null,
          unit: null,
        };
        services.set(figures.serviceType, entry);
      }
      entry.cents += toCents(figures.charges);
      entry.taxCents += toCents(figures.taxesFees);
      if (figures.usage !== null) entry.usageMilli = (entry.usageMilli ?? 0) + milli(figures.usage);
      entry.unit = maxText(entry.unit, figures.unit);
    }
    if (bill.isInvoiceMissing)
      missing.push({ billMonth: month, services: servicesOf(bill.accountId), count: 1 });
  }
  const sums = [...byMonth.values()].flatMap((services) => [...services.values()]);
  return serviceMonthRows(sums, missing, service);
}

/** A service's total over some service months. */
export interface ServiceTotal {
  serviceType: string;
  totalCharges: number;
  taxesFees: number;
  /** Null for services billed without usage (trash, telecom). */
  totalUsage: number | null;
  /** The spec's default unit, else the unit on the bills. */
  unit: string | null;
}

/** Totals per service (service order) and the grand total of charges, exact to the cent. */
export function serviceTotals(rows: readonly ServiceMonth[]): {
  totalCharges: number;
  byService: ServiceTotal[];
} {
  const totals = new Map<
    string,
    { cents: number; taxCents: number; usageMilli: number | null; unit: string | null }
  >();
  let cents = 0;
  for (const row of rows) {
    const entry = totals.get(row.serviceType) ?? { cents: 0, taxCents: 0, usageMilli: null, unit: null };
    entry.cents += toCents(row.totalCharges);
    entry.taxCents += toCents(row.taxesFees);
    if (row.totalUsage !== null) entry.usageMilli = (entry.usageMilli ?? 0) + milli(row.totalUsage);
    entry.unit = maxText(entry.unit, row.unit);
    totals.set(row.serviceType, entry);
    cents += toCents(row.totalCharges);
  }
  const byService = [...totals]
    .sort(([a], [b]) => compareServiceTypes(a, b))
    .map(([serviceType, entry]) => ({
      serviceType,
      totalCharges: fromCents(entry.cents),
      taxesFees: fromCents(entry.taxCents),
      totalUsage: entry.usageMilli === null ? null : fromMilli(entry.usageMilli),
      unit: entry.usageMilli === null ? null : serviceUnit(serviceType) || entry.unit,
    }));
  return { totalCharges: fromCents(cents), byService };
}

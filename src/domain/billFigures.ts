// Figures of a location (or any set of bills) from the bills' per-service summaries: monthly figures per service
// for the spend, consumption and tax charts, the charges table and the usage table (first spec document §3).
// The same sums the server's SQL makes (server/src/routes/billSeries.ts, locationTables.ts), so offline and
// online pages agree; money is summed in cents.
import { fromCents, toCents } from './money';
import { compareServiceTypes, serviceUnit, splitServices } from './serviceTypes';
import { monthKey } from './totals';
import type { TotalsRow } from './totals';

/**
 * One service's totals on a bill (the bill's per-service summary, DESIGN.md §6): what the server stores in
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

interface MonthSums {
  cents: number;
  taxCents: number;
  /** Thousandths, so sums of numeric(16,3) usage stay exact. */
  usageMilli: number | null;
  unit: string | null;
  missing: number;
}

/** A usage in thousandths: numeric(16,3) usage sums exactly in them. */
export const milli = (value: number): number => Math.round(value * 1000);
/** Thousandths back to the unit; `+ 0` turns a negative zero into a plain zero. */
export const fromMilli = (value: number): number => value / 1000 + 0;
/** SQL's max() of text: the greatest non-null value. */
const maxText = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null || a >= b ? a : b;

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
  const byMonth = new Map<string, Map<string, MonthSums>>();
  const sumsFor = (month: string, serviceType: string): MonthSums => {
    let services = byMonth.get(month);
    if (!services) {
      services = new Map();
      byMonth.set(month, services);
    }
    let entry = services.get(serviceType);
    if (!entry) {
      entry = { cents: 0, taxCents: 0, usageMilli: null, unit: null, missing: 0 };
      services.set(serviceType, entry);
    }
    return entry;
  };
  for (const bill of bills) {
    let month = keys.get(bill.billMonth);
    if (month === undefined && !keys.has(bill.billMonth)) {
      const key = monthKey(bill.billMonth);
      month = key !== undefined && window.has(key) ? key : undefined;
      keys.set(bill.billMonth, month);
    }
    if (month === undefined) continue;
    for (const figures of bill.services) {
      if (service && figures.serviceType !== service) continue;
      const entry = sumsFor(month, figures.serviceType);
      entry.cents += toCents(figures.charges);
      entry.taxCents += toCents(figures.taxesFees);
      if (figures.usage !== null) entry.usageMilli = (entry.usageMilli ?? 0) + milli(figures.usage);
      entry.unit = maxText(entry.unit, figures.unit);
    }
    if (!bill.isInvoiceMissing) continue;
    for (const serviceType of splitServices(servicesOf(bill.accountId))) {
      if (service && serviceType !== service) continue;
      sumsFor(month, serviceType).missing += 1;
    }
  }
  const rows: ServiceMonth[] = [];
  for (const month of [...byMonth.keys()].sort()) {
    const services = byMonth.get(month) ?? new Map<string, MonthSums>();
    for (const serviceType of [...services.keys()].sort(compareServiceTypes)) {
      const entry = services.get(serviceType);
      if (!entry) continue;
      rows.push({
        billMonth: month,
        serviceType,
        totalCharges: fromCents(entry.cents),
        taxesFees: fromCents(entry.taxCents),
        totalUsage: entry.usageMilli === null ? null : fromMilli(entry.usageMilli),
        unit: entry.unit,
        missingInvoices: entry.missing,
      });
    }
  }
  return rows;
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

/** A row of the charges table: the month's total, the missing-invoice mark, and an amount per service type. */
export interface ChargesRow {
  billMonth: string;
  totalCharges: number;
  isInvoiceMissing: boolean;
  /** Every service of the table has an amount in every row (0 when not billed that month). */
  amounts: Record<string, number>;
}

/** The charges table, newest month first, with the service types it has columns for (service order). */
export function chargesTable(bills: readonly FigureBill[]): { serviceTypes: string[]; rows: ChargesRow[] } {
  const months = new Map<string, { cents: number; missing: boolean; amounts: Map<string, number> }>();
  const types = new Set<string>();
  for (const bill of bills) {
    const month = monthKey(bill.billMonth) ?? bill.billMonth;
    const entry = months.get(month) ?? { cents: 0, missing: false, amounts: new Map<string, number>() };
    entry.cents += toCents(bill.totalNewCharges);
    entry.missing ||= bill.isInvoiceMissing;
    for (const figures of bill.services) {
      types.add(figures.serviceType);
      entry.amounts.set(
        figures.serviceType,
        (entry.amounts.get(figures.serviceType) ?? 0) + toCents(figures.charges),
      );
    }
    months.set(month, entry);
  }
  const serviceTypes = [...types].sort(compareServiceTypes);
  const rows = [...months]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([billMonth, entry]) => ({
      billMonth,
      totalCharges: fromCents(entry.cents),
      isInvoiceMissing: entry.missing,
      amounts: Object.fromEntries(
        serviceTypes.map((type) => [type, fromCents(entry.amounts.get(type) ?? 0)]),
      ),
    }));
  return { serviceTypes, rows };
}

/** A row of the usage table (first spec document §3, Location usage row). */
export interface UsageRow {
  billMonth: string;
  serviceType: string;
  totalUsage: number | null;
  energyUnit: string | null;
  /** The greatest kVA of the month's usage lines (the bills' summaries carry it), null when none has one. */
  maxKvA: number | null;
  maxkW: number | null;
  totalKvAR: number | null;
  isInvoiceMissing: boolean;
}

/**
 * The usage table, newest month first: metered services per month, and a missing invoice marking each metered
 * service of its account (a row of its own when that month has no usage).
 */
export function usageTable(bills: readonly FigureBill[], servicesOf: ServicesOfAccount): UsageRow[] {
  const rows = new Map<string, UsageRow & { usageMilli: number; kvarMilli: number | null }>();
  for (const bill of bills) {
    const month = monthKey(bill.billMonth) ?? bill.billMonth;
    for (const figures of bill.services) {
      if (figures.usage === null) continue;
      const key = `${month}|${figures.serviceType}`;
      const row = rows.get(key) ?? {
        billMonth: month,
        serviceType: figures.serviceType,
        totalUsage: 0,
        usageMilli: 0,
        kvarMilli: null,
        energyUnit: null,
        maxKvA: null,
        maxkW: null,
        totalKvAR: null,
        isInvoiceMissing: false,
      };
      row.usageMilli += milli(figures.usage);
      row.energyUnit = maxText(row.energyUnit, figures.unit);
      if (figures.demandKw !== null) row.maxkW = Math.max(row.maxkW ?? figures.demandKw, figures.demandKw);
      const { kvaMax, kvarSum } = figures;
      if (kvaMax !== undefined && kvaMax !== null) row.maxKvA = Math.max(row.maxKvA ?? kvaMax, kvaMax);
      if (kvarSum !== undefined && kvarSum !== null) row.kvarMilli = (row.kvarMilli ?? 0) + milli(kvarSum);
      rows.set(key, row);
    }
  }
  const metered = new Map<string, string | null>();
  for (const row of rows.values()) metered.set(row.serviceType, row.energyUnit);
  for (const bill of bills) {
    if (!bill.isInvoiceMissing) continue;
    const month = monthKey(bill.billMonth) ?? bill.billMonth;
    for (const serviceType of splitServices(servicesOf(bill.accountId))) {
      if (!metered.has(serviceType)) continue;
      const key = `${month}|${serviceType}`;
      const row = rows.get(key);
      if (row) row.isInvoiceMissing = true;
      else
        rows.set(key, {
          billMonth: month,
          serviceType,
          totalUsage: null,
          usageMilli: Number.NaN,
          kvarMilli: null,
          energyUnit: metered.get(serviceType) ?? null,
          maxKvA: null,
          maxkW: null,
          totalKvAR: null,
          isInvoiceMissing: true,
        });
    }
  }
  return [...rows.values()]
    .sort((a, b) =>
      a.billMonth < b.billMonth
        ? 1
        : a.billMonth > b.billMonth
          ? -1
          : compareServiceTypes(a.serviceType, b.serviceType),
    )
    .map(({ usageMilli, kvarMilli, ...row }) => ({
      ...row,
      totalUsage: Number.isNaN(usageMilli) ? null : fromMilli(usageMilli),
      totalKvAR: kvarMilli === null ? null : fromMilli(kvarMilli),
    }));
}

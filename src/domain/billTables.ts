// The bill tables of the location and account pages, one model with the spec's field names: the charges table by
// bill month ("Location charges row", first spec document §3), the usage table ("Location usage row") and the
// bill rows of an account ("Account bill-month row", second spec document §3). The device builds them from its
// bills and the server's /locations/{id}/charges and /usage from the same bills' summaries, with these rules.
import { shownStatusDate } from './accounts';
import { fromMilli, maxText, milli } from './billFigures';
import type { FigureBill, ServicesOfAccount } from './billFigures';
import { fromCents, toCents } from './money';
import { compareServiceTypes, isMeteredService, serviceUnit, splitServices } from './serviceTypes';
import { monthKey } from './totals';

/** A row of the charges table: the month's total, the missing-invoice mark, and an amount per service type. */
export interface ChargesRow {
  billMonth: string;
  totalCharges: number;
  isInvoiceMissing: boolean;
  /** Every service of the table has an amount in every row (0 when not billed that month). */
  amounts: Record<string, number>;
}

/** A table's rows with the service types it has a column for, in service order. */
export interface ServiceTable<Row> {
  serviceTypes: string[];
  rows: Row[];
}

/** Newest month first: the order of every bill table. */
const newestFirst = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** The charges table, newest month first, with the service types it has columns for. */
export function chargesTable(bills: readonly FigureBill[]): ServiceTable<ChargesRow> {
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
    .sort(([a], [b]) => newestFirst(a, b))
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
  /** Null in a month whose only news for the service is a missing invoice. */
  totalUsage: number | null;
  energyUnit: string | null;
  /** The greatest kVA of the month's bills (their summaries carry it), null when none has one. */
  maxKvA: number | null;
  maxkW: number | null;
  totalKvAR: number | null;
  isInvoiceMissing: boolean;
}

type UsageSums = Omit<UsageRow, 'totalUsage' | 'totalKvAR'> & {
  usageMilli: number | null;
  kvarMilli: number | null;
};

const greatest = (a: number | null, b: number | null | undefined): number | null =>
  b === null || b === undefined ? a : a === null ? b : Math.max(a, b);

/**
 * The usage table, newest month first, then service order: per month, each service whose bills carry a usage or a
 * demand. A missing invoice marks each metered service of its account (isMeteredService, or any service with usage
 * in the table), in a row of its own when that month has no usage for it.
 */
export function usageTable(bills: readonly FigureBill[], servicesOf: ServicesOfAccount): UsageRow[] {
  const rows = new Map<string, UsageSums>();
  const rowFor = (billMonth: string, serviceType: string): UsageSums => {
    const key = `${billMonth}|${serviceType}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        billMonth,
        serviceType,
        usageMilli: null,
        kvarMilli: null,
        energyUnit: null,
        maxKvA: null,
        maxkW: null,
        isInvoiceMissing: false,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const bill of bills) {
    const month = monthKey(bill.billMonth) ?? bill.billMonth;
    for (const figures of bill.services) {
      if (figures.usage === null && figures.demandKw === null) continue;
      const row = rowFor(month, figures.serviceType);
      if (figures.usage !== null) row.usageMilli = (row.usageMilli ?? 0) + milli(figures.usage);
      row.energyUnit = maxText(row.energyUnit, figures.unit);
      row.maxkW = greatest(row.maxkW, figures.demandKw);
      row.maxKvA = greatest(row.maxKvA, figures.kvaMax);
      const { kvarSum } = figures;
      if (kvarSum !== undefined && kvarSum !== null) row.kvarMilli = (row.kvarMilli ?? 0) + milli(kvarSum);
    }
  }
  // The unit a service's bills give it in this table, for months that have none of their own.
  const unitOf = new Map<string, string | null>();
  for (const row of rows.values())
    unitOf.set(row.serviceType, maxText(unitOf.get(row.serviceType) ?? null, row.energyUnit));
  for (const bill of bills) {
    if (!bill.isInvoiceMissing) continue;
    const month = monthKey(bill.billMonth) ?? bill.billMonth;
    for (const serviceType of splitServices(servicesOf(bill.accountId))) {
      if (!unitOf.has(serviceType) && !isMeteredService(serviceType)) continue;
      rowFor(month, serviceType).isInvoiceMissing = true;
    }
  }
  return [...rows.values()]
    .sort(
      (a, b) => newestFirst(a.billMonth, b.billMonth) || compareServiceTypes(a.serviceType, b.serviceType),
    )
    .map(({ usageMilli, kvarMilli, ...row }) => ({
      ...row,
      totalUsage: usageMilli === null ? null : fromMilli(usageMilli),
      energyUnit: row.energyUnit ?? unitOf.get(row.serviceType) ?? (serviceUnit(row.serviceType) || null),
      totalKvAR: kvarMilli === null ? null : fromMilli(kvarMilli),
    }));
}

/** The bill fields a bill row reads, besides the figures. */
export interface TableBill extends FigureBill {
  id: string;
  invoiceDate: string | null;
  dueDate: string | null;
  status: string | null;
  statusDate: string | null;
  amountDue: number;
}

/** A bill as a table row (second spec document §3, Account bill-month row, with the bill's own figures). */
export interface BillMonthRow {
  id: string;
  accountId: string;
  billMonth: string;
  invoiceDate: string | null;
  dueDate: string | null;
  status: string | null;
  /** Only once the status is cleared (second spec document §4). */
  statusDate: string | null;
  totalCharges: number;
  amountDue: number;
  isInvoiceMissing: boolean;
  /** Charges per service type on this bill; services it does not carry are absent. */
  amounts: Readonly<Record<string, number>>;
}

/** Bills as rows, newest bill month first (then by id), with the service types they carry. */
export function billMonthRows(bills: readonly TableBill[]): ServiceTable<BillMonthRow> {
  const types = new Set<string>();
  const rows = bills.map((bill) => {
    for (const figures of bill.services) types.add(figures.serviceType);
    return {
      id: bill.id,
      accountId: bill.accountId,
      billMonth: bill.billMonth,
      invoiceDate: bill.invoiceDate,
      dueDate: bill.dueDate,
      status: bill.status,
      statusDate: shownStatusDate(bill.status, bill.statusDate),
      totalCharges: bill.totalNewCharges,
      amountDue: bill.amountDue,
      isInvoiceMissing: bill.isInvoiceMissing,
      amounts: Object.fromEntries(bill.services.map((figures) => [figures.serviceType, figures.charges])),
    };
  });
  rows.sort((a, b) => newestFirst(a.billMonth, b.billMonth) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { serviceTypes: [...types].sort(compareServiceTypes), rows };
}

// Pure shaping of local bills for the accounts pages: monthly spend per service for the charts, and the single
// account's charge and usage rows (second spec document §3 "Account bill-month row", "Usage").
import { shownStatusDate } from '../../domain/accounts';
import { fromCents, toCents } from '../../domain/money';
import { serviceLabel, serviceUnit } from '../../domain/serviceTypes';
import { addMonths, latestTwelveMonths, monthKey } from '../../domain/totals';
import type { TotalsRow } from '../../domain/totals';
import type { BillRow } from '../../db/rows';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 2026' for '2026-03'. */
export function monthLabel(billMonth: string): string {
  return `${MONTHS[Number(billMonth.slice(5, 7)) - 1] ?? billMonth.slice(5, 7)} ${billMonth.slice(0, 4)}`;
}

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

/** One row of the account's charges table. */
export interface ChargeRow {
  id: string;
  billMonth: string;
  invoiceDate: string | null;
  dueDate: string | null;
  totalCharges: number;
  amountDue: number;
  status: string | null;
  /** Only when the status is cleared (second spec document §4). */
  statusDate: string | null;
  isInvoiceMissing: boolean;
  /** Charges per service type on this bill. */
  byService: Readonly<Record<string, number>>;
}

/** The account's bills as charge rows, newest bill month first. */
export function chargeRows(bills: readonly BillRow[]): ChargeRow[] {
  return bills
    .map((bill) => ({
      id: bill.id,
      billMonth: bill.billMonth,
      invoiceDate: bill.invoiceDate,
      dueDate: bill.dueDate,
      totalCharges: bill.totalNewCharges,
      amountDue: bill.amountDue,
      status: bill.status,
      statusDate: shownStatusDate(bill.status, bill.statusDate),
      isInvoiceMissing: bill.isInvoiceMissing,
      byService: Object.fromEntries(bill.services.map((service) => [service.serviceType, service.charges])),
    }))
    .sort((a, b) => (a.billMonth < b.billMonth ? 1 : a.billMonth > b.billMonth ? -1 : a.id < b.id ? -1 : 1));
}

/** One row of the account's usage table (spec "Usage"). */
export interface UsageRow {
  id: string;
  billMonth: string;
  serviceType: string;
  totalUsage: number | null;
  energyUnit: string;
  maxKw: number | null;
  maxKva: number | null;
  totalKvar: number | null;
  isInvoiceMissing: boolean;
}

const METERED = new Set([
  'electric',
  'natural_gas',
  'water',
  'sewer',
  'propane',
  'fuel_oil',
  'drag_reducing_agent',
  'steam',
  'irrigation',
]);

/**
 * Usage per bill and service, newest bill month first. Services billed without usage are left out; a missing
 * invoice has no summary, so it shows as a row per metered service of the account, marked missing.
 */
export function usageRows(bills: readonly BillRow[], accountServices: readonly string[]): UsageRow[] {
  const rows: UsageRow[] = [];
  const metered = accountServices.filter((service) => METERED.has(service));
  for (const bill of bills) {
    if (bill.services.length === 0 && bill.isInvoiceMissing) {
      for (const serviceType of metered) {
        rows.push({
          id: `${bill.id}:${serviceType}`,
          billMonth: bill.billMonth,
          serviceType,
          totalUsage: null,
          energyUnit: serviceUnit(serviceType),
          maxKw: null,
          maxKva: null,
          totalKvar: null,
          isInvoiceMissing: true,
        });
      }
      continue;
    }
    for (const service of bill.services) {
      if (service.usage === null && service.demandKw === null) continue;
      rows.push({
        id: `${bill.id}:${service.serviceType}`,
        billMonth: bill.billMonth,
        serviceType: service.serviceType,
        totalUsage: service.usage,
        energyUnit: service.unit ?? serviceUnit(service.serviceType),
        maxKw: service.demandKw,
        // Absent on bills stored before the server summarised them: N/A until they are pulled again.
        maxKva: service.kvaMax ?? null,
        totalKvar: service.kvarSum ?? null,
        isInvoiceMissing: bill.isInvoiceMissing,
      });
    }
  }
  return rows.sort((a, b) =>
    a.billMonth < b.billMonth ? 1 : a.billMonth > b.billMonth ? -1 : a.id < b.id ? -1 : 1,
  );
}

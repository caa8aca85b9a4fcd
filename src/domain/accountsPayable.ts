// Accounts payable figures (spec 001 §3 Accounts payable, §5 AP-file dates, §7 accounts_payable): one rule for the
// server's answer and the device's page, so both count the same deliveries the same way.
import { parseApFileDate } from './dates';
import { fromCents, toCents } from './money';

/** The period of the AP figures: the AP file of one day (the spec's CreateDate), or due dates from/to. */
export type ApPeriod = { kind: 'created'; date: string } | { kind: 'due'; from: string; to: string };

/** What the rules read of an AP delivery (the synced row, or the server's). */
export interface ApDeliveryInput {
  id: string;
  vendorName: string;
  accountNumber: string;
  locationId: string | null;
  /** As the AP file names it: MMDDYY or an ISO date; read it with parseApFileDate. */
  apFileDate: string;
  invoiceDate: string | null;
  dueDate: string | null;
  amount: number;
  isPenalty: boolean;
  serviceGroup: string | null;
}

/** A delivery of the list, its AP file date read as an ISO date. */
export interface ApListRow extends ApDeliveryInput {
  apFileDate: string;
}

/** Charges of one service group in the period. */
export interface ServiceGroupCharge {
  serviceGroup: string;
  charge: number;
}

/** The AP figures of a period, with the spec's field names. */
export interface AccountsPayableFigures {
  numberOfInvoices: number;
  numberOfLocations: number;
  numberOfVendors: number;
  numberOfPenalties: number;
  /** Largest charge first. */
  serviceGroupCharge: ServiceGroupCharge[];
  /** Newest AP file first, then vendor and account. */
  accountsPayableList: ApListRow[];
}

/** The group of deliveries with no service group. */
export const OTHER_SERVICE_GROUP = 'Other';

/** Whether a delivery belongs to the period (its AP file's day, or its due date within from/to inclusive). */
export function isInApPeriod(
  row: Pick<ApDeliveryInput, 'apFileDate' | 'dueDate'>,
  period: ApPeriod,
): boolean {
  if (period.kind === 'created') return parseApFileDate(row.apFileDate) === period.date;
  return row.dueDate !== null && row.dueDate >= period.from && row.dueDate <= period.to;
}

/** The AP figures and list of the deliveries of a period. */
export function accountsPayableFigures(
  rows: readonly ApDeliveryInput[],
  period: ApPeriod,
): AccountsPayableFigures {
  const list: ApListRow[] = [];
  const locations = new Set<string>();
  const vendors = new Set<string>();
  const byGroup = new Map<string, number>();
  let penalties = 0;
  for (const row of rows) {
    if (!isInApPeriod(row, period)) continue;
    list.push({ ...row, apFileDate: parseApFileDate(row.apFileDate) });
    if (row.locationId !== null) locations.add(row.locationId);
    vendors.add(row.vendorName);
    if (row.isPenalty) penalties += 1;
    const group = row.serviceGroup?.trim() || OTHER_SERVICE_GROUP;
    byGroup.set(group, (byGroup.get(group) ?? 0) + toCents(row.amount));
  }
  list.sort(
    (a, b) =>
      b.apFileDate.localeCompare(a.apFileDate) ||
      a.vendorName.localeCompare(b.vendorName) ||
      a.accountNumber.localeCompare(b.accountNumber),
  );
  return {
    numberOfInvoices: list.length,
    numberOfLocations: locations.size,
    numberOfVendors: vendors.size,
    numberOfPenalties: penalties,
    serviceGroupCharge: [...byGroup]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([serviceGroup, cents]) => ({ serviceGroup, charge: fromCents(cents) })),
    accountsPayableList: list,
  };
}

/** One AP file: its day and how many deliveries it brought. */
export interface ApFileDay {
  date: string;
  invoices: number;
}

/** The AP files of the deliveries, newest first (the days the 'created' period can choose). */
export function apFileDays(rows: readonly Pick<ApDeliveryInput, 'apFileDate'>[]): ApFileDay[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const date = parseApFileDate(row.apFileDate);
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => b.localeCompare(a)).map(([date, invoices]) => ({ date, invoices }));
}

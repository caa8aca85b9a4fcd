// Missing invoices (spec 001 §2 "Reports and missing invoices", §7 getAllSitesMissingBills): for each site, account
// and service, the months of a range where a bill was expected and none arrived. A bill was expected when the
// account's service was billed before and after that month, or when the month holds the account's placeholder bill
// marked as a missing invoice. The Missing invoices page, the report and the server's call all use this rule.
import { addMonths, monthKey } from '../totals';
import { compareServiceTypes, serviceLabel, splitServices } from '../serviceTypes';
import type { ReportAccount, ReportBill, ReportData, ReportLocation } from './data';
import type { ReportFilter } from './filter';
import { compareText, indexData, keptAccounts, keptLocations } from './select';
import { BILL_MONTH_COLUMN, SERVICE_COLUMN } from './types';
import type { ReportColumn, ReportRow } from './types';

/** Why a month counts as missing: a placeholder bill says so, or bills came before and after but not then. */
export type MissingReason = 'marked' | 'gap';

/** One expected bill that did not arrive. */
export interface MissingInvoice {
  companyId: number;
  locationId: string;
  accountId: string;
  serviceType: string;
  billMonth: string;
  reason: MissingReason;
}

/** The months from `fromMonth` to `toMonth`, both included. */
export function monthsBetween(fromMonth: string, toMonth: string): string[] {
  const months: string[] = [];
  for (let month = fromMonth; month <= toMonth; month = addMonths(month, 1)) months.push(month);
  return months;
}

interface AccountHistory {
  /** Months with a real bill, by service. */
  billed: Map<string, Set<string>>;
  /** Months holding a placeholder bill marked as missing. */
  marked: Set<string>;
}

function historyOf(account: ReportAccount, bills: readonly ReportBill[]): AccountHistory {
  const listed = splitServices(account.services);
  const history: AccountHistory = { billed: new Map(), marked: new Set() };
  for (const service of listed) history.billed.set(service, new Set());
  for (const bill of bills) {
    const month = monthKey(bill.billMonth) ?? bill.billMonth;
    if (bill.isInvoiceMissing) {
      history.marked.add(month);
      continue;
    }
    // A bill without summaries counts for every service of its account.
    const carried = bill.services.length > 0 ? bill.services.map((s) => s.serviceType) : listed;
    for (const service of carried) {
      let months = history.billed.get(service);
      if (!months) {
        months = new Set();
        history.billed.set(service, months);
      }
      months.add(month);
    }
  }
  return history;
}

function bounds(months: ReadonlySet<string>): { first: string; last: string } | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const month of months) {
    if (first === null || month < first) first = month;
    if (last === null || month > last) last = month;
  }
  return first === null || last === null ? null : { first, last };
}

/** Every missing invoice of the filter's sites, accounts and services within its months, in site order. */
export function missingInvoices(data: ReportData, filter: ReportFilter): MissingInvoice[] {
  const index = indexData(data);
  const accounts = keptAccounts(data, filter, keptLocations(data, filter));
  const services = filter.serviceTypes ? new Set(filter.serviceTypes) : null;
  const billsOf = new Map<string, ReportBill[]>();
  for (const bill of data.bills) {
    if (!accounts.has(bill.accountId)) continue;
    const list = billsOf.get(bill.accountId);
    if (list) list.push(bill);
    else billsOf.set(bill.accountId, [bill]);
  }
  const months = monthsBetween(filter.fromMonth, filter.toMonth);
  const found: { key: string; invoice: MissingInvoice }[] = [];
  for (const account of data.accounts) {
    if (!accounts.has(account.id)) continue;
    const history = historyOf(account, billsOf.get(account.id) ?? []);
    const location = index.locations.get(account.locationId);
    const siteKey = `${location?.siteNumber ?? ''}|${location?.name ?? ''}|${account.locationId}`;
    const serviceTypes = [...history.billed.keys()].sort(compareServiceTypes);
    serviceTypes.forEach((serviceType, position) => {
      if (services && !services.has(serviceType)) return;
      const billed = history.billed.get(serviceType) ?? new Set<string>();
      const span = bounds(billed);
      for (const month of months) {
        if (billed.has(month)) continue;
        const isGap = span !== null && span.first < month && month < span.last;
        if (!isGap && !history.marked.has(month)) continue;
        found.push({
          key: `${siteKey}|${account.accountNumber}|${account.id}|${String(position).padStart(3, '0')}|${month}`,
          invoice: {
            companyId: account.companyId,
            locationId: account.locationId,
            accountId: account.id,
            serviceType,
            billMonth: month,
            reason: history.marked.has(month) ? 'marked' : 'gap',
          },
        });
      }
    });
  }
  return found.sort((a, b) => compareText(a.key, b.key)).map((entry) => entry.invoice);
}

/** Columns of the missing invoices report and the page's list. */
export const MISSING_INVOICES_COLUMNS: readonly ReportColumn[] = [
  { key: 'site_number', title: 'Site Number', type: 'text' },
  { key: 'site_name', title: 'Site Name', type: 'text' },
  { key: 'state', title: 'State', type: 'text' },
  { key: 'account_number', title: 'Account Number', type: 'text' },
  { key: 'vendor', title: 'Vendor', type: 'text' },
  SERVICE_COLUMN,
  BILL_MONTH_COLUMN,
  { key: 'reason', title: 'Reason', type: 'text' },
];

/** How each reason reads in the list. */
export const MISSING_REASON_TEXT: Readonly<Record<MissingReason, string>> = {
  marked: 'Marked as missing',
  gap: 'No bill received',
};

/** A missing invoice as a report row. */
export function missingInvoiceRow(
  invoice: MissingInvoice,
  location: ReportLocation | undefined,
  account: ReportAccount | undefined,
): ReportRow {
  return {
    site_number: location?.siteNumber ?? null,
    site_name: location?.name ?? null,
    state: location?.state ?? null,
    account_number: account?.accountNumber ?? null,
    vendor: account?.vendorName ?? null,
    service: serviceLabel(invoice.serviceType),
    bill_month: invoice.billMonth,
    reason: MISSING_REASON_TEXT[invoice.reason],
  };
}

/** The missing invoices report. */
export function missingInvoicesReport(data: ReportData, filter: ReportFilter): ReportRow[] {
  const index = indexData(data);
  return missingInvoices(data, filter).map((invoice) =>
    missingInvoiceRow(
      invoice,
      index.locations.get(invoice.locationId),
      index.accounts.get(invoice.accountId),
    ),
  );
}

/** One site's row of the heat grid: how many services of its accounts miss a bill, per month of the range. */
export interface MissingHeatRow {
  locationId: string;
  siteNumber: string | null;
  siteName: string;
  /** Count per month, in the range's month order. */
  counts: number[];
  total: number;
}

/** The site × month heat grid of some missing invoices over `months`, sites with the most missing first. */
export function missingHeatGrid(
  invoices: readonly MissingInvoice[],
  months: readonly string[],
  locations: ReadonlyMap<string, ReportLocation>,
): MissingHeatRow[] {
  const column = new Map(months.map((month, i) => [month, i]));
  const rows = new Map<string, MissingHeatRow>();
  for (const invoice of invoices) {
    const at = column.get(invoice.billMonth);
    if (at === undefined) continue;
    let row = rows.get(invoice.locationId);
    if (!row) {
      const location = locations.get(invoice.locationId);
      row = {
        locationId: invoice.locationId,
        siteNumber: location?.siteNumber ?? null,
        siteName: location?.name ?? invoice.locationId,
        counts: months.map(() => 0),
        total: 0,
      };
      rows.set(invoice.locationId, row);
    }
    row.counts[at] = (row.counts[at] ?? 0) + 1;
    row.total += 1;
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.total - a.total ||
      compareText(`${a.siteNumber ?? ''}|${a.siteName}`, `${b.siteNumber ?? ''}|${b.siteName}`),
  );
}

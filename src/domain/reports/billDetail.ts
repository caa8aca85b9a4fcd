// The bill detail report: one row per bill and service with the spec's export fields (spec 001 §3: bill_month,
// invoice_date, amount, cost, read_date_from, read_date_to, usage_total, kw_max, kva_max, kvar_sum, site_number,
// site_zip, account_number, sqft, postal_code). A row's cost is that service's charges, so the rows of a bill add
// up to its total; charges the bill carries apart from its services get a Taxes & Fees row of their own.
import { fromCents } from '../money';
import { serviceLabel } from '../serviceTypes';
import type { ReportData } from './data';
import type { ReportFilter } from './filter';
import { TAXES_FEES_SERVICE, indexData, selectBills } from './select';
import type { SelectedBill } from './select';
import type { ReportColumn, ReportRow } from './types';

/** The bill detail's columns, in export order. */
export const BILL_DETAIL_COLUMNS: readonly ReportColumn[] = [
  { key: 'bill_month', title: 'Bill Month', type: 'text' },
  { key: 'invoice_date', title: 'Invoice Date', type: 'date' },
  { key: 'site_number', title: 'Site Number', type: 'text' },
  { key: 'site_name', title: 'Site Name', type: 'text' },
  { key: 'site_zip', title: 'Site Zip', type: 'text' },
  { key: 'account_number', title: 'Account Number', type: 'text' },
  { key: 'vendor', title: 'Vendor', type: 'text' },
  { key: 'service', title: 'Service', type: 'text' },
  { key: 'amount', title: 'Amount', type: 'currency' },
  { key: 'cost', title: 'Cost', type: 'currency' },
  { key: 'usage_total', title: 'Usage Total', type: 'number' },
  { key: 'unit', title: 'Unit', type: 'text' },
  { key: 'kw_max', title: 'kW Max', type: 'number' },
  { key: 'kva_max', title: 'kVA Max', type: 'number' },
  { key: 'kvar_sum', title: 'kVAR Sum', type: 'number' },
  { key: 'read_date_from', title: 'Read Date From', type: 'date' },
  { key: 'read_date_to', title: 'Read Date To', type: 'date' },
  { key: 'sqft', title: 'Sqft', type: 'number' },
  { key: 'postal_code', title: 'Postal Code', type: 'text' },
];

/** The fields every row of a bill shares. */
function billFields(entry: SelectedBill): ReportRow {
  const { bill, month, location, account } = entry;
  return {
    bill_month: month,
    invoice_date: bill.invoiceDate,
    site_number: location?.siteNumber ?? null,
    site_name: location?.name ?? null,
    site_zip: location?.zip ?? null,
    account_number: account?.accountNumber ?? null,
    vendor: bill.vendorName,
    amount: bill.totalNewCharges,
  };
}

/** The rows of one kept bill: a row per kept service, then its charges apart from the services, if any. */
export function billDetailRows(entry: SelectedBill): ReportRow[] {
  const shared = billFields(entry);
  const place = {
    read_date_from: entry.bill.readDateFrom,
    read_date_to: entry.bill.readDateTo,
    sqft: entry.location?.sqft ?? null,
    postal_code: entry.account?.serviceZip ?? entry.location?.zip ?? null,
  };
  const rows: ReportRow[] = entry.services.map(({ summary, costCents }) => ({
    ...shared,
    service: serviceLabel(summary.serviceType),
    cost: fromCents(costCents),
    usage_total: summary.usage,
    unit: summary.unit,
    kw_max: summary.demandKw,
    kva_max: summary.kvaMax ?? null,
    kvar_sum: summary.kvarSum ?? null,
    ...place,
  }));
  if (entry.apartCents !== 0)
    rows.push({
      ...shared,
      service: serviceLabel(TAXES_FEES_SERVICE),
      cost: fromCents(entry.apartCents),
      usage_total: null,
      unit: null,
      kw_max: null,
      kva_max: null,
      kvar_sum: null,
      ...place,
    });
  return rows;
}

/** The bill detail report over the filter's months. */
export function billDetail(data: ReportData, filter: ReportFilter): ReportRow[] {
  return selectBills(data, filter, indexData(data)).flatMap(billDetailRows);
}

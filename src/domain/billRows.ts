// A bill as the Bills grid shows it (spec 001 §3 Bill with its account, location and anomaly): built the same way on
// the device (src/db/queries/billsPage.ts) and by the server's list (server/src/areas/bills/bills.ts), so both agree.
import type { BillVariances } from './alerts';
import type { BillServiceSummary } from './billFigures';
import { billAnomalyOf } from './bills';
import { parseApFileDate } from './dates';
import { joinServices } from './format';
import { serviceLabel } from './serviceTypes';

/** The bill fields a row reads. */
export interface RowBill {
  id: string;
  companyId: number;
  billMonth: string;
  statusDate: string | null;
  status: string | null;
  outstandingBalance: number;
  totalNewCharges: number;
  apFileInfo: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  amountDue: number;
  prevYearTotalCharges: number | null;
  prevMonthTotalNewCharges: number | null;
  vendorId: string;
  vendorName: string;
  accountId: string;
  locationId: string;
  isInvoiceMissing: boolean;
  lateFee: number;
  services: readonly BillServiceSummary[];
}

/** The account fields a row reads. */
export interface RowAccount {
  accountNumber: string;
  nickname: string | null;
  collectionType: string | null;
  vendorName?: string | null;
}

/** One row of the Bills grid: the spec's Bill fields (spec 001 §3) with its account, location and anomaly. */
export interface BillListRow
  extends Omit<RowBill, 'services' | 'lateFee'>, Omit<RowAccount, 'accountNumber' | 'vendorName'> {
  /** The bill's services, display names joined by commas. */
  services: string;
  serviceTypes: string[];
  /** The AP file's date read from its name (parseApFileDate), or its text when it names none. */
  apFileDate: string | null;
  accountNumber: string | null;
  locationName: string | null;
  /** Why the bill is flagged (spec 001 §4); empty when it is not. */
  anomalyReasons: string[];
  /** The bill's per-service summaries (the chart's figures), shared with the stored row. */
  summaries: readonly BillServiceSummary[];
}

const AP_FILE_NAME = /(\d{6})/;

/** The date an AP file name carries ('AP_031426.csv' → '2026-03-14'); the text itself when it has none. */
export function apFileDateOf(apFileInfo: string | null): string | null {
  if (apFileInfo === null || apFileInfo.trim() === '') return null;
  const digits = AP_FILE_NAME.exec(apFileInfo)?.[1];
  if (digits === undefined) return apFileInfo;
  const parsed = parseApFileDate(digits);
  return parsed === digits ? apFileInfo : parsed;
}

// A company's bills repeat a handful of service lists: each list's text is made once.
const servicesTexts = new Map<string, string>();

function servicesText(serviceTypes: readonly string[]): string {
  const key = serviceTypes.join(',');
  let text = servicesTexts.get(key);
  if (text === undefined) {
    text = joinServices(serviceTypes.map(serviceLabel));
    if (servicesTexts.size < 1000) servicesTexts.set(key, text);
  }
  return text;
}

/** A bill as a grid row, given its account, location and alerts. */
export function billListRow(
  bill: RowBill,
  account: RowAccount | undefined,
  location: { name: string } | undefined,
  alerts: readonly BillVariances[],
): BillListRow {
  const serviceTypes = bill.services.map((service) => service.serviceType);
  return {
    id: bill.id,
    companyId: bill.companyId,
    billMonth: bill.billMonth,
    statusDate: bill.statusDate,
    status: bill.status,
    services: servicesText(serviceTypes),
    serviceTypes,
    outstandingBalance: bill.outstandingBalance,
    totalNewCharges: bill.totalNewCharges,
    apFileInfo: bill.apFileInfo,
    apFileDate: apFileDateOf(bill.apFileInfo),
    invoiceDate: bill.invoiceDate,
    dueDate: bill.dueDate,
    amountDue: bill.amountDue,
    prevYearTotalCharges: bill.prevYearTotalCharges,
    prevMonthTotalNewCharges: bill.prevMonthTotalNewCharges,
    vendorId: bill.vendorId,
    vendorName: bill.vendorName || account?.vendorName || '',
    accountId: bill.accountId,
    accountNumber: account?.accountNumber ?? null,
    nickname: account?.nickname ?? null,
    collectionType: account?.collectionType ?? null,
    locationId: bill.locationId,
    locationName: location?.name ?? null,
    isInvoiceMissing: bill.isInvoiceMissing,
    anomalyReasons: billAnomalyOf(bill, alerts),
    summaries: bill.services,
  };
}

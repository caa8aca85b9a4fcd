// Rules of the Bills area (spec 001 §2 Bills and single bill, §3 Bill, §4 anomaly flag, §7 Bills): the bill-month
// range and its presets, the page's filters and totals, why a bill is flagged, comparisons with earlier bills,
// the PDF's file name and how a large download is split. Shared by the pages, the worker and the server.
import type { BillVariances } from './alerts';
import type { BillMonthSummary } from './billMonthSummary';
import { sanitizeFileName } from './files';
import { fromCents, toCents } from './money';
import { compareServiceTypes } from './serviceTypes';
import { addMonths, monthKey } from './totals';

/** Bill collection types of spec 001 §3. */
export const BILL_COLLECTION_TYPES = ['EBILL-PAPERLESS', 'PAPER', 'EMAIL', 'MANUAL EBILL'] as const;

/** Most ids one zip request may name (spec 001 §7 `GET /bills/download?ids=`); the page splits larger selections. */
export const BILL_ZIP_MAX_IDS = 500;

/** The range presets of the Bills page. */
export type BillRangePreset = 'last12' | 'thisYear' | 'lastYear' | 'all';

/** Labels of the presets, in the order the page offers them. */
export const BILL_RANGE_PRESETS: readonly { value: BillRangePreset; label: string }[] = [
  { value: 'last12', label: 'Last 12 months' },
  { value: 'thisYear', label: 'This year' },
  { value: 'lastYear', label: 'Last year' },
  { value: 'all', label: 'All' },
];

/** Bill months from and to (`YYYY-MM`, both included); null = open on that side. */
export interface BillMonthRange {
  from: string | null;
  to: string | null;
}

/**
 * The range of a preset: 'last12' = the 12 months ending with the company's latest bill month (docs/architecture.md
 * §6; the whole history open when there are no bills), the calendar years of `today` for this and last year, and
 * everything for 'all'.
 */
export function billRangeOf(
  preset: BillRangePreset,
  latestMonth: string | null,
  today: string,
): BillMonthRange {
  const year = Number(today.slice(0, 4));
  switch (preset) {
    case 'last12':
      return latestMonth ? { from: addMonths(latestMonth, -11), to: latestMonth } : { from: null, to: null };
    case 'thisYear':
      return { from: `${year}-01`, to: `${year}-12` };
    case 'lastYear':
      return { from: `${year - 1}-01`, to: `${year - 1}-12` };
    case 'all':
      return { from: null, to: null };
  }
}

/** Whether `month` is in the range (both ends included). */
export function isInBillRange(month: string, range: BillMonthRange): boolean {
  return (range.from === null || month >= range.from) && (range.to === null || month <= range.to);
}

/** A problem of a typed range, or null: both ends real months, from not after to. */
export function billRangeProblem(range: BillMonthRange): string | null {
  if (range.from !== null && monthKey(range.from) !== range.from) return 'From must be a month (YYYY-MM).';
  if (range.to !== null && monthKey(range.to) !== range.to) return 'To must be a month (YYYY-MM).';
  if (range.from !== null && range.to !== null && range.from > range.to) return 'From must not be after To.';
  return null;
}

/** The Bills page's filters; '' (or false) = no filter. */
export interface BillFilters {
  service: string;
  vendorId: string;
  locationId: string;
  accountId: string;
  collectionType: string;
  status: string;
  isAnomalyOnly: boolean;
}

/** No filter at all. */
export const NO_BILL_FILTERS: BillFilters = {
  service: '',
  vendorId: '',
  locationId: '',
  accountId: '',
  collectionType: '',
  status: '',
  isAnomalyOnly: false,
};

/** Whether any of the Bills page's filters is set. */
export function isBillFiltered(filters: BillFilters): boolean {
  return (Object.keys(NO_BILL_FILTERS) as (keyof BillFilters)[]).some(
    (key) => filters[key] !== NO_BILL_FILTERS[key],
  );
}

/** What the filters read of a bill. */
export interface FilterableBill {
  vendorId: string;
  locationId: string;
  accountId: string;
  collectionType: string | null;
  status: string | null;
  /** The service types on the bill. */
  serviceTypes: readonly string[];
  /** The anomaly rules the bill fires (billAnomalyOf); empty when it is not flagged. */
  anomalyReasons: readonly string[];
}

/** Whether a bill passes every filter set. */
export function matchesBillFilters(bill: FilterableBill, filters: BillFilters): boolean {
  if (filters.vendorId && bill.vendorId !== filters.vendorId) return false;
  if (filters.locationId && bill.locationId !== filters.locationId) return false;
  if (filters.accountId && bill.accountId !== filters.accountId) return false;
  if (filters.collectionType && bill.collectionType !== filters.collectionType) return false;
  if (filters.status && (bill.status ?? '') !== filters.status) return false;
  if (filters.service && !bill.serviceTypes.includes(filters.service)) return false;
  return !filters.isAnomalyOnly || bill.anomalyReasons.length > 0;
}

/** What the totals read of a bill. */
export interface TotalledBill {
  accountId: string;
  totalNewCharges: number;
  isInvoiceMissing: boolean;
}

/** Totals above the grid: charges (exact to the cent), bills, distinct accounts and missing invoices. */
export interface BillTotals {
  charges: number;
  bills: number;
  accounts: number;
  missingInvoices: number;
}

/** The totals of the bills shown. */
export function billTotals(bills: readonly TotalledBill[]): BillTotals {
  let cents = 0;
  let missing = 0;
  const accounts = new Set<string>();
  for (const bill of bills) {
    cents += toCents(bill.totalNewCharges);
    if (bill.isInvoiceMissing) missing += 1;
    accounts.add(bill.accountId);
  }
  return {
    charges: fromCents(cents),
    bills: bills.length,
    accounts: accounts.size,
    missingInvoices: missing,
  };
}

const VARIANCE_NAMES: readonly [keyof BillVariances, string][] = [
  ['chargeVarianceMoM', 'charges month over month'],
  ['chargeVarianceYoY', 'charges year over year'],
  ['usageVarianceMoM', 'usage month over month'],
  ['usageVarianceYoY', 'usage year over year'],
];

const PERCENT_NAMES: readonly [keyof BillVariances, string][] = [
  ['variancePercentageChargeMoM', 'Charges month over month'],
  ['variancePercentageChargeYoY', 'Charges year over year'],
  ['variancePercentageUsageMoM', 'Usage month over month'],
  ['variancePercentageUsageYoY', 'Usage year over year'],
];

const isPresent = (value: number | null | undefined): value is number =>
  value != null && value !== 0 && !Number.isNaN(value);

/**
 * Which rules of the anomaly flag (spec 001 §4) a bill's figures fire, as sentences for a tooltip; empty exactly
 * when `isBillAnomaly` is false (tests/domain/bills.test.ts checks the two agree).
 */
export function billAnomalyReasons(v: BillVariances): string[] {
  const reasons: string[] = [];
  if ((v.lateFee ?? 0) > 0) reasons.push(`Late fee of $${(v.lateFee ?? 0).toFixed(2)}`);
  const present = VARIANCE_NAMES.filter(([key]) => isPresent(v[key])).map(([, name]) => name);
  if (present.length > 1) reasons.push(`More than one variance: ${present.join(', ')}`);
  for (const [key, name] of PERCENT_NAMES) {
    const value = v[key];
    if (value != null && value > 100) reasons.push(`${name} up ${value.toFixed(1)} % (over 100 %)`);
  }
  return reasons;
}

/**
 * Why a bill is flagged: its own late fee, and the rules its alerts' variance figures fire (the variances live on the
 * alerts the anomaly checks raised for the bill, spec 001 §3 Alert). Each alert is judged on its own, as the flag is.
 */
export function billAnomalyOf(bill: { lateFee: number }, alerts: readonly BillVariances[]): string[] {
  // Most bills have neither: no sets or sentences are made for them (a 12-month range is ~55,000 bills).
  if (alerts.length === 0 && !(bill.lateFee > 0)) return [];
  const reasons = new Set(billAnomalyReasons({ lateFee: bill.lateFee }));
  for (const alert of alerts)
    for (const reason of billAnomalyReasons({ ...alert, lateFee: null })) reasons.add(reason);
  return [...reasons];
}

/** A bill's amount against an earlier one: the difference and the change in percent (null without a base). */
export interface BillComparison {
  difference: number;
  percent: number | null;
}

/** `current` against `previous` (the previous month, or the same month last year); null when there is none. */
export function compareBillAmounts(
  current: number,
  previous: number | null | undefined,
): BillComparison | null {
  if (previous === null || previous === undefined) return null;
  const difference = fromCents(toCents(current) - toCents(previous));
  const percent = previous === 0 ? null : Math.round((difference / Math.abs(previous)) * 10000) / 100;
  return { difference, percent };
}

/** The name of a bill's PDF: vendor, account and bill month, e.g. 'Metro Power_1234-5678_2026-03.pdf'. */
export function billPdfFileName(vendorName: string, accountNumber: string, billMonth: string): string {
  const name = sanitizeFileName(`${vendorName}_${accountNumber}_${billMonth}.pdf`.replace(/[\\/]/g, '-'));
  return name ?? `bill_${billMonth}.pdf`;
}

/** The key a bill's PDF is kept under on the device (src/db/keptFiles.ts). */
export function billPdfKey(billId: string): string {
  return `bills/${billId}.pdf`;
}

/** Splits ids into groups of at most `size` (one zip request each), keeping their order. */
export function chunkIds<T>(ids: readonly T[], size: number = BILL_ZIP_MAX_IDS): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('chunkIds: size must be a positive integer');
  const chunks: T[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

/** The zip of a group of bills: 'Bills_2026-03-14.zip', or 'Bills_2026-03-14_2-of-3.zip' when split. */
export function billZipName(day: string, part: number, parts: number): string {
  return parts > 1 ? `Bills_${day}_${part}-of-${parts}.zip` : `Bills_${day}.zip`;
}

const UNIT_LABELS: Readonly<Record<string, string>> = {
  kwh: 'kWh',
  therm: 'Therms',
  therms: 'Therms',
  thm: 'Therms',
  ccf: 'CCF (hundred cubic feet)',
  mcf: 'MCF (thousand cubic feet)',
  gal: 'Gallons',
  gallons: 'Gallons',
  kgal: 'Thousand Gallons',
  dth: 'Dekatherms',
  mmbtu: 'MMBtu',
  kbtu: 'kBtu',
};

/** An energy unit as the usage table shows it (spec 001 §9: units other than kWh are re-labelled). */
export function energyUnitLabel(unit: string | null | undefined): string | null {
  if (unit === null || unit === undefined || unit.trim() === '') return null;
  return UNIT_LABELS[unit.trim().toLowerCase()] ?? unit.trim();
}

/** Every month from `from` to `to`, both included (empty when from is after to). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to && months.length < 1200; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** What the charges chart reads of a bill. */
export interface ChartedBill {
  billMonth: string;
  isInvoiceMissing: boolean;
  summaries: readonly { serviceType: string; charges: number }[];
}

/** Charges by month and service (exact to the cent) and missing invoices by month, over `months`. */
export interface ChargesByMonth {
  months: readonly string[];
  /** Services in service order, each with its charges per month (null where it has none). */
  series: { serviceType: string; data: (number | null)[] }[];
  /** Missing invoices per month, in `months` order. */
  missing: number[];
}

/** The Bills page's chart: charges per service per month, and the months with missing invoices. */
export function chargesByMonth(bills: readonly ChartedBill[], months: readonly string[]): ChargesByMonth {
  const at = new Map(months.map((month, i) => [month, i]));
  const cents = new Map<string, (number | null)[]>();
  const missing = months.map(() => 0);
  for (const bill of bills) {
    const i = at.get(bill.billMonth);
    if (i === undefined) continue;
    if (bill.isInvoiceMissing) missing[i] = (missing[i] ?? 0) + 1;
    for (const summary of bill.summaries)
      addCents(cents, months, summary.serviceType, i, toCents(summary.charges));
  }
  return chargesOf(months, cents, missing);
}

function addCents(
  cents: Map<string, (number | null)[]>,
  months: readonly string[],
  serviceType: string,
  i: number,
  add: number,
): void {
  let row = cents.get(serviceType);
  if (!row) {
    row = months.map(() => null);
    cents.set(serviceType, row);
  }
  row[i] = (row[i] ?? 0) + add;
}

/**
 * The same chart from the month summaries of the range (src/domain/billMonthSummary.ts), without reading a bill: for
 * the page without filters.
 */
export function chargesByMonthOfSummaries(
  summaries: readonly BillMonthSummary[],
  months: readonly string[],
): ChargesByMonth {
  const at = new Map(months.map((month, i) => [month, i]));
  const cents = new Map<string, (number | null)[]>();
  const missing = months.map(() => 0);
  for (const summary of summaries) {
    const i = at.get(summary.billMonth);
    if (i === undefined) continue;
    missing[i] = (missing[i] ?? 0) + summary.missing.length;
    for (const [serviceType, sums] of Object.entries(summary.services))
      addCents(cents, months, serviceType, i, sums.cents);
  }
  return chargesOf(months, cents, missing);
}

/** Totals of the range from its month summaries: all but the distinct accounts, which only the bills know. */
export function billTotalsOfSummaries(summaries: readonly BillMonthSummary[]): Omit<BillTotals, 'accounts'> {
  let cents = 0;
  let bills = 0;
  let missing = 0;
  for (const summary of summaries) {
    cents += summary.newChargesCents;
    bills += summary.billCount;
    missing += summary.missing.length;
  }
  return { charges: fromCents(cents), bills, missingInvoices: missing };
}

function chargesOf(
  months: readonly string[],
  cents: Map<string, (number | null)[]>,
  missing: number[],
): ChargesByMonth {
  const series = [...cents.entries()]
    .sort(([a], [b]) => compareServiceTypes(a, b))
    .map(([serviceType, row]) => ({
      serviceType,
      data: row.map((value) => (value === null ? null : fromCents(value))),
    }));
  return { months, series, missing };
}

/**
 * An earlier statement of a bill that a re-issued statement replaced (issue of the same account, vendor and period with
 * other amounts, docs/architecture.md §14 Imports): the bill keeps them, newest first, so its history shows what was
 * billed before.
 */
export interface EarlierStatement {
  invoiceDate: string | null;
  invoiceNumber: string | null;
  readDateFrom: string | null;
  readDateTo: string | null;
  totalNewCharges: number;
  amountDue: number;
  /** When the re-issue replaced it (ISO date-time). */
  replacedAt: string;
}

/** The earlier statements a re-issue keeps: the one it replaced, then those that one had replaced. */
export function earlierStatementsOf(
  replaced: Omit<EarlierStatement, 'replacedAt'> & { earlierStatements?: readonly EarlierStatement[] },
  replacedAt: string,
): EarlierStatement[] {
  const { invoiceDate, invoiceNumber, readDateFrom, readDateTo, totalNewCharges, amountDue } = replaced;
  return [
    { invoiceDate, invoiceNumber, readDateFrom, readDateTo, totalNewCharges, amountDue, replacedAt },
    ...(replaced.earlierStatements ?? []),
  ];
}

// A bill spreadsheet's rows read into bills (spec 001 §3 Bill with its charge and usage lines): a bill per row, or a
// bill line per row grouped into bills by account, vendor and service period. A bill is imported whole: when one of
// its rows is in error, its other rows are held back with it, so the error workbook carries the whole bill.
import type { BillChargeLine, BillUsageLine } from '../../billLines';
import { formatCurrency, fromCents, toCents } from '../../money';
import type { Cell } from './cells';
import { billPeriodKey } from './duplicates';
import { LATE_FEE_CLASSIFICATION, TAXES_CLASSIFICATION } from './fields';
import type { BillColumnMapping } from './headers';
import { checkRowValues } from './rowRules';
import { isBlankRow, readColumns, readRowValues } from './rowValues';
import type { RowError, RowValues } from './rowValues';

/** A bill read from a file, ready to be matched to its account and sent to the server. */
export interface ImportedBill {
  /** Account + vendor + period (duplicates.ts billPeriodKey). */
  key: string;
  /** The sheet rows it was read from. */
  rows: number[];
  accountNumber: string;
  vendorName: string;
  siteNumber: string | null;
  siteName: string | null;
  meterNumber: string | null;
  invoiceNumber: string | null;
  billMonth: string;
  readDateFrom: string | null;
  readDateTo: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  totalNewCharges: number;
  amountDue: number;
  lateFee: number;
  taxesFees: number;
  charges: BillChargeLine[];
  usages: BillUsageLine[];
}

/** A file read: its bills, the errors, and the rows counted. */
export interface SheetReading {
  bills: ImportedBill[];
  errors: RowError[];
  /** Sheet rows with an error or held back with one, ascending. */
  errorRows: number[];
  /** Rows read, blank rows excepted. */
  rowCount: number;
}

/** What a line of a bill not itemised in the file is called: the total less the charges the file itemises. */
export const NOT_ITEMISED = 'Not itemised in the file';

// Bill-level values every row of one bill must agree on.
type BillLevelField =
  'totalNewCharges' | 'amountDue' | 'invoiceDate' | 'dueDate' | 'invoiceNumber' | 'siteNumber';
const BILL_LEVEL: readonly BillLevelField[] = [
  'totalNewCharges',
  'amountDue',
  'invoiceDate',
  'dueDate',
  'invoiceNumber',
  'siteNumber',
];

function usageLine(values: RowValues): BillUsageLine | null {
  if (values.usage === null && values.demandKw === null) return null;
  return {
    serviceName: values.serviceType ?? '',
    tariff: values.tariff,
    measurementType: null,
    energyUnit: values.unit,
    usageTotal: values.usage ?? 0,
    kwMax: values.demandKw,
    kvaMax: null,
    kvarSum: null,
    readDateFrom: values.readDateFrom,
    readDateTo: values.readDateTo,
  };
}

function sumOf(charges: readonly BillChargeLine[], classification?: string): number {
  let cents = 0;
  for (const line of charges)
    if (classification === undefined || line.chargeClassification === classification)
      cents += toCents(line.amount);
  return fromCents(cents);
}

/** The bill of a row or of the rows of one bill (all without error); an error when its charges exceed its total. */
function billOf(rows: readonly RowValues[]): ImportedBill | RowError {
  const [first] = rows as [RowValues, ...RowValues[]];
  const charges: BillChargeLine[] = [];
  const usages: BillUsageLine[] = [];
  for (const values of rows) {
    const usage = usageLine(values);
    if (usage) usages.push(usage);
    for (const charge of values.charges)
      charges.push({
        serviceType: values.serviceType ?? '',
        tariff: values.tariff,
        chargeClassification: charge.classification,
        description: charge.description,
        amount: charge.amount,
      });
  }
  const itemised = sumOf(charges);
  const total = first.totalNewCharges ?? (charges.length > 0 ? itemised : (first.amountDue ?? 0));
  const rest = toCents(total) - toCents(itemised);
  if (rest < 0 && first.totalNewCharges !== null)
    return {
      row: first.row,
      field: 'totalNewCharges',
      message: `The charges add up to ${formatCurrency(itemised)}, more than the total of ${formatCurrency(total)}.`,
    };
  // A total the file does not itemise (or itemises in part) is one line, so the lines add up to the bill's total.
  if (rest !== 0)
    charges.push({
      serviceType: first.serviceType ?? '',
      tariff: first.tariff,
      chargeClassification: null,
      description: charges.length > 0 ? NOT_ITEMISED : null,
      amount: fromCents(rest),
    });
  return {
    key: billPeriodKey(first),
    rows: rows.map((values) => values.row),
    accountNumber: first.accountNumber ?? '',
    vendorName: first.vendorName ?? '',
    siteNumber: first.siteNumber,
    siteName: first.siteName,
    meterNumber: first.meterNumber,
    invoiceNumber: first.invoiceNumber,
    billMonth: first.billMonth ?? '',
    readDateFrom: first.readDateFrom,
    readDateTo: first.readDateTo,
    invoiceDate: first.invoiceDate,
    dueDate: first.dueDate,
    totalNewCharges: total,
    amountDue: first.amountDue ?? total,
    lateFee: sumOf(charges, LATE_FEE_CLASSIFICATION),
    taxesFees: sumOf(charges, TAXES_CLASSIFICATION),
    charges,
    usages,
  };
}

function isError(value: ImportedBill | RowError): value is RowError {
  return 'message' in value;
}

/** The first bill-level value a later row of one bill contradicts, as an error on that row. */
function disagreement(rows: readonly RowValues[]): RowError | null {
  const [first, ...others] = rows as [RowValues, ...RowValues[]];
  for (const values of others)
    for (const field of BILL_LEVEL)
      if (values[field] !== null && first[field] !== null && values[field] !== first[field])
        return {
          row: values.row,
          field,
          message: `${String(values[field])} differs from ${String(first[field])} on row ${first.row} of the same bill.`,
        };
  return null;
}

/**
 * Reads a sheet's data rows (the header row excluded; `firstRow` is the first one's number in the sheet) through a
 * mapping into bills and errors, by the mapping's layout.
 */
export function readBillSheet(
  rows: readonly (readonly Cell[])[],
  mapping: BillColumnMapping,
  firstRow = 2,
): SheetReading {
  const columns = readColumns(mapping);
  const errors: RowError[] = [];
  const errorRows = new Set<number>();
  // Rows grouped by bill, in file order; a bill per row makes every row its own group.
  const groups = new Map<string, RowValues[]>();
  const inError = new Set<string>();
  let rowCount = 0;
  rows.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    rowCount += 1;
    const row = firstRow + i;
    const read = readRowValues(cells, columns, row);
    const unreadable = new Set(read.errors.map((error) => error.field));
    const rowErrors = [...read.errors, ...checkRowValues(read.values, mapping.layout, unreadable)];
    const values = read.values;
    const canGroup = values.accountNumber !== null && values.vendorName !== null && values.billMonth !== null;
    const key = mapping.layout === 'linePerRow' && canGroup ? billPeriodKey(values) : `row ${row}`;
    const group = groups.get(key);
    if (group) group.push(values);
    else groups.set(key, [values]);
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      errorRows.add(row);
      inError.add(key);
    }
  });

  const bills: ImportedBill[] = [];
  for (const [key, group] of groups) {
    let problem: RowError | null = null;
    if (!inError.has(key)) {
      problem = disagreement(group);
      if (problem === null) {
        const bill = billOf(group);
        if (!isError(bill)) {
          bills.push(bill);
          continue;
        }
        problem = bill;
      }
      errors.push(problem);
      errorRows.add(problem.row);
    }
    const bad = group.find((values) => errorRows.has(values.row))?.row;
    for (const values of group)
      if (!errorRows.has(values.row)) {
        errors.push({
          row: values.row,
          field: 'row',
          message: `Held back with row ${bad}: a bill is imported whole.`,
        });
        errorRows.add(values.row);
      }
  }
  errors.sort((a, b) => a.row - b.row);
  return { bills, errors, errorRows: [...errorRows].sort((a, b) => a - b), rowCount };
}

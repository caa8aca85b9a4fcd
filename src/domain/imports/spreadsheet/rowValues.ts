// One spreadsheet row read through a mapping into a bill's values, each unreadable cell an error in words the user
// understands, naming the file's own column.
import { IMPORT_UNITS, normaliseService, normaliseUnit } from './units';
import { isEmptyCell, readDate, readMonth, readNumber, readText } from './cells';
import type { Cell } from './cells';
import { targetLabel } from './fields';
import type { BillField, ColumnTarget } from './fields';
import { chargeClassificationOf } from './headers';
import type { BillColumnMapping } from './headers';

/** A problem of one row: the sheet's row number, the bill field and what is wrong. */
export interface RowError {
  row: number;
  field: BillField | 'row';
  message: string;
}

/** A charge of a row: a charges column, or the line of a bill line per row file. */
export interface RowCharge {
  classification: string | null;
  description: string | null;
  amount: number;
}

/** What a row says, typed: dates `YYYY-MM-DD`, months `YYYY-MM`, the service a spec 001 §9 value, units the domain's. */
export interface RowValues {
  row: number;
  accountNumber: string | null;
  vendorName: string | null;
  serviceType: string | null;
  meterNumber: string | null;
  tariff: string | null;
  siteNumber: string | null;
  siteName: string | null;
  invoiceNumber: string | null;
  readDateFrom: string | null;
  readDateTo: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  billMonth: string | null;
  usage: number | null;
  unit: string | null;
  demandKw: number | null;
  totalNewCharges: number | null;
  amountDue: number | null;
  charges: RowCharge[];
  /** The column (header) each field was read from, to name it in messages. */
  headers: Partial<Record<BillField, string>>;
}

type TextField =
  'accountNumber' | 'vendorName' | 'meterNumber' | 'tariff' | 'siteNumber' | 'siteName' | 'invoiceNumber';
type DateField = 'readDateFrom' | 'readDateTo' | 'invoiceDate' | 'dueDate';
type NumberField = 'usage' | 'demandKw' | 'totalNewCharges' | 'amountDue';

const TEXT_FIELDS: ReadonlySet<BillField> = new Set<TextField>([
  'accountNumber',
  'vendorName',
  'meterNumber',
  'tariff',
  'siteNumber',
  'siteName',
  'invoiceNumber',
]);
const DATE_FIELDS: ReadonlySet<BillField> = new Set<DateField>([
  'readDateFrom',
  'readDateTo',
  'invoiceDate',
  'dueDate',
]);
const NUMBER_FIELDS: ReadonlySet<BillField> = new Set<NumberField>([
  'usage',
  'demandKw',
  'totalNewCharges',
  'amountDue',
]);

/** A mapped column ready to read: its position, header and target. */
export interface ReadColumn {
  index: number;
  header: string;
  target: ColumnTarget;
}

/** The mapped columns of a mapping, in file order (the first column of a field wins, as the guess keeps it). */
export function readColumns(mapping: BillColumnMapping): ReadColumn[] {
  const seen = new Set<string>();
  const columns: ReadColumn[] = [];
  mapping.columns.forEach((column, index) => {
    const target = column.target;
    if (target === null) return;
    const key = target.field === 'charges' ? `charges:${target.classification ?? ''}` : target.field;
    if (seen.has(key)) return;
    seen.add(key);
    columns.push({ index, header: column.header, target });
  });
  return columns;
}

/** Whether every cell of a row is empty: such rows (a CSV line of commas) are skipped, not errors. */
export function isBlankRow(cells: readonly Cell[]): boolean {
  return cells.every(isEmptyCell);
}

function shown(cell: Cell): string {
  return cell instanceof Date ? cell.toISOString() : String(cell);
}

const UNIT_LIST = IMPORT_UNITS.join(', ');

/** Reads one row through the mapped columns: its values and the cells it could not read. */
export function readRowValues(
  cells: readonly Cell[],
  columns: readonly ReadColumn[],
  row: number,
): { values: RowValues; errors: RowError[] } {
  const values: RowValues = {
    row,
    accountNumber: null,
    vendorName: null,
    serviceType: null,
    meterNumber: null,
    tariff: null,
    siteNumber: null,
    siteName: null,
    invoiceNumber: null,
    readDateFrom: null,
    readDateTo: null,
    invoiceDate: null,
    dueDate: null,
    billMonth: null,
    usage: null,
    unit: null,
    demandKw: null,
    totalNewCharges: null,
    amountDue: null,
    charges: [],
    headers: {},
  };
  const errors: RowError[] = [];
  let usageUnit: string | null = null;
  let lineAmount: number | null = null;
  let lineClassification: string | null = null;
  let lineDescription: string | null = null;
  for (const { index, header, target } of columns) {
    const cell = cells[index];
    const field = target.field;
    values.headers[field] ??= header;
    const fail = (what: string) =>
      errors.push({ row, field, message: `${targetLabel(target)} ('${header}'): '${shown(cell)}' ${what}` });
    if (TEXT_FIELDS.has(field)) {
      values[field as TextField] = readText(cell);
    } else if (DATE_FIELDS.has(field)) {
      const date = readDate(cell);
      if (date === undefined) fail('is not a date; write it as MM/DD/YYYY or YYYY-MM-DD.');
      else values[field as DateField] = date;
    } else if (NUMBER_FIELDS.has(field) || field === 'charges' || field === 'lineAmount') {
      const value = readNumber(cell);
      if (value === undefined) fail('is not a number.');
      else if (field === 'charges') {
        if (value !== null)
          values.charges.push({
            classification: target.classification ?? null,
            description: null,
            amount: value,
          });
      } else if (field === 'lineAmount') lineAmount = value;
      else values[field as NumberField] = value;
      if (field === 'usage' && target.unit && value !== null && value !== undefined) usageUnit = target.unit;
    } else if (field === 'billMonth') {
      const month = readMonth(cell);
      if (month === undefined) fail('is not a month; write it as MM/YYYY, YYYY-MM or March 2025.');
      else values.billMonth = month;
    } else if (field === 'serviceType') {
      const text = readText(cell);
      const service = text === null ? null : normaliseService(text);
      if (text !== null && service === null)
        fail('is not a service the portal knows (Electricity, Natural Gas, Water…).');
      else values.serviceType = service;
    } else if (field === 'unit') {
      const text = readText(cell);
      const unit = text === null ? null : normaliseUnit(text);
      if (text !== null && unit === null) fail(`is not a unit the portal reads (${UNIT_LIST}).`);
      else values.unit = unit;
    } else if (field === 'lineClassification') {
      const text = readText(cell);
      lineClassification = text === null ? null : (chargeClassificationOf(text) ?? text);
    } else {
      lineDescription = readText(cell);
    }
  }
  values.unit ??= usageUnit;
  if (lineAmount !== null)
    values.charges.push({
      classification: lineClassification,
      description: lineDescription,
      amount: lineAmount,
    });
  return { values, errors };
}

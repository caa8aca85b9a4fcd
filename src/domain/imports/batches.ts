// An import batch (docs/architecture.md §14 Imports): a file read into bills the same way on the device (preview,
// offline) and on the server (which applies it once): CSV or XLSX bill spreadsheets through the mapping step
// (spreadsheet/), Green Button ESPI files into one bill per calendar month of the chosen account (greenButton/).
import JSZip from 'jszip';
import { parseGreenButton } from './greenButton/parseGreenButton';
import { GreenButtonError } from './greenButton/errors';
import { intervalsByMonth } from './greenButton/intervals';
import type { IntervalMonth } from './greenButton/intervals';
import { usageByMonth } from './greenButton/periods';
import { child, childrenNamed, parseXml } from './greenButton/xml';
import type { XmlElement } from './greenButton/xml';
import type { Cell } from './spreadsheet/cells';
import { describeMapping, guessColumnMapping } from './spreadsheet/headers';
import type { BillColumnMapping } from './spreadsheet/headers';
import { importTotals } from './spreadsheet/importTotals';
import type { RowError } from './spreadsheet/rowValues';
import { serviceKey, splitServices } from '../serviceTypes';
import { accountKey, vendorKey } from './spreadsheet/duplicates';
import { readBillSheet } from './spreadsheet/sheetBills';
import type { ImportedBill, SheetReading } from './spreadsheet/sheetBills';

/** What an import brings: bill spreadsheets, a Green Button file for one account, or a spreadsheet of sites. */
export const IMPORT_KINDS = ['bills', 'greenButton', 'sites'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** What to do with a bill already present (same account, vendor and period, or invoice number). */
export const DUPLICATE_CHOICES = ['skip', 'import'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

/** A batch's status: queued on a device and not applied yet, its bills in, or undone (its bills removed). */
export type ImportBatchStatus = 'pending' | 'applied' | 'undone';

/** A problem of one row (the sheet's row number; 0 for the file as a whole). */
export type ImportRowError = RowError | { row: number; field: string; message: string };

/** Usage and cost of one unit in a batch. */
export interface ImportUnitTotal {
  unit: string | null;
  usage: number;
  cost: number;
}

/** A batch's counts. */
export interface ImportBatchCounts {
  rows: number;
  bills: number;
  lines: number;
  duplicates: number;
  /** Bills of the company a re-issued statement of the file replaced (kept by the batch for an undo). */
  replaced: number;
  errors: number;
  /** Accounts the file created (with `options.createAccounts`). */
  accountsCreated: number;
  /** Sites a sites file created (absent on bill files). */
  sitesCreated?: number;
}

/** Why a file cannot be read at all (the server's 400). */
export class ImportFileError extends Error {}

/** Interval readings a Green Button file brings beside its monthly bills. */
export interface PreparedIntervals {
  serviceType: string;
  unit: string;
  months: IntervalMonth[];
}

/** A file's bills read on either side, before they are matched to accounts. */
export interface PreparedImport {
  mapping: BillColumnMapping | null;
  reading: SheetReading;
  /** Hourly or finer Green Button readings, kept as they came (greenButton/intervals.ts). */
  intervals?: PreparedIntervals;
}

const CSV_EXTENSION = /\.csv$/i;
const XLSX_EXTENSION = /\.xlsx$/i;

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into rows of text; a BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new ImportFileError('The CSV file ends inside a quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

function textOf(element: XmlElement | undefined): string {
  if (!element) return '';
  if (element.local === 't') return element.text;
  return element.children.map((node) => (node.local === 'rPh' ? '' : textOf(node))).join('');
}

async function zipText(zip: JSZip, path: string): Promise<string | null> {
  const file = zip.file(path);
  return file ? file.async('string') : null;
}

/**
 * The first worksheet of an XLSX workbook (ECMA-376 Part 1 §18.3 sheetData, §18.4 shared strings) as rows of cells:
 * numbers as numbers (dates stay Excel serials, which cells.ts readDate reads), text as text, booleans as booleans.
 */
export async function readXlsx(bytes: Uint8Array): Promise<Cell[][]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new ImportFileError('The XLSX file is not a readable workbook (not a zip archive)');
  }
  const workbook = await zipText(zip, 'xl/workbook.xml');
  const relations = await zipText(zip, 'xl/_rels/workbook.xml.rels');
  if (workbook === null) throw new ImportFileError('The XLSX file has no workbook part');
  const firstSheet = childrenNamed(child(parseXml(workbook), 'sheets') ?? parseXml('<x/>'), 'sheet')[0];
  const relationId = firstSheet
    ? [...firstSheet.attributes].find(([name]) => name.endsWith(':id'))?.[1]
    : undefined;
  let sheetPath = 'xl/worksheets/sheet1.xml';
  if (relations && relationId) {
    const target = childrenNamed(parseXml(relations), 'Relationship')
      .find((relation) => relation.attributes.get('Id') === relationId)
      ?.attributes.get('Target');
    if (target) sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  const sheet = await zipText(zip, sheetPath);
  if (sheet === null) throw new ImportFileError('The XLSX file has no worksheet');
  const sharedText = await zipText(zip, 'xl/sharedStrings.xml');
  const shared = sharedText ? childrenNamed(parseXml(sharedText), 'si').map(textOf) : [];
  const data = child(parseXml(sheet), 'sheetData');
  const rows: Cell[][] = [];
  for (const rowElement of data ? childrenNamed(data, 'row') : []) {
    const rowNumber = Number(rowElement.attributes.get('r') ?? rows.length + 1);
    while (rows.length < rowNumber - 1) rows.push([]);
    const cells: Cell[] = [];
    for (const cell of childrenNamed(rowElement, 'c')) {
      const at = columnIndex(cell.attributes.get('r') ?? '');
      const type = cell.attributes.get('t') ?? 'n';
      const value = child(cell, 'v')?.text;
      let read: Cell = null;
      if (type === 's') read = shared[Number(value)] ?? null;
      else if (type === 'inlineStr') read = textOf(child(cell, 'is'));
      else if (type === 'str') read = value ?? null;
      else if (type === 'b') read = value === '1';
      else if (type === 'n' && value !== undefined && value !== '') read = Number(value);
      cells[at >= 0 ? at : cells.length] = read;
    }
    rows.push(Array.from(cells, (cell) => cell ?? null));
  }
  return rows;
}

/** A spreadsheet file's rows, by its name's extension (CSV or XLSX). */
export async function readSpreadsheet(fileName: string, bytes: Uint8Array): Promise<Cell[][]> {
  if (XLSX_EXTENSION.test(fileName)) return readXlsx(bytes);
  if (CSV_EXTENSION.test(fileName)) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ImportFileError('The CSV file is not UTF-8 text');
    }
    return parseCsv(text);
  }
  throw new ImportFileError('A bill file must be a .csv or .xlsx spreadsheet');
}

/** A spreadsheet's rows read into bills: the header row guessed into a mapping unless one is given. */
export function prepareBillRows(
  rows: readonly (readonly Cell[])[],
  given?: BillColumnMapping,
): PreparedImport {
  const headers = (rows[0] ?? []).map((cell) => (cell === null || cell === undefined ? '' : String(cell)));
  if (headers.every((header) => header.trim() === ''))
    throw new ImportFileError('The file has no header row');
  const mapping = given ?? guessColumnMapping(headers);
  const missing = describeMapping(mapping).missing;
  if (missing.length > 0) throw new ImportFileError(`No column is mapped to ${missing.join(', ')}`);
  return { mapping, reading: readBillSheet(rows.slice(1), mapping) };
}

/** The account a Green Button file's bills go to. */
export interface GreenButtonAccount {
  accountNumber: string;
  vendorName: string;
}

/**
 * A Green Button file's usage as one bill per local calendar month of the account (usageByMonth over the first usage
 * point's summable reading, forward flow), with the month's cost when the file gives it.
 */
export function prepareGreenButton(xml: string, account: GreenButtonAccount): PreparedImport {
  let file;
  try {
    file = parseGreenButton(xml);
  } catch (error) {
    if (error instanceof GreenButtonError) throw new ImportFileError(error.message);
    throw error;
  }
  const bills: ImportedBill[] = [];
  let intervals: PreparedIntervals | undefined;
  for (const point of file.usagePoints) {
    const reading = point.meterReadings.find(
      (meter) => meter.readingType.isSummable && meter.readingType.flowDirection !== 'reverse',
    );
    if (!reading) continue;
    const serviceType = point.serviceType ?? 'Electric';
    const months = intervalsByMonth(reading, point.localTime);
    if (months.length > 0) intervals = { serviceType, unit: reading.readingType.unit, months };
    for (const month of usageByMonth(reading, point.localTime)) {
      if (month.readingCount === 0) continue;
      const cost = month.cost ?? 0;
      bills.push({
        key: `${account.accountNumber}|${account.vendorName}|${month.month}`,
        rows: [],
        accountNumber: account.accountNumber,
        vendorName: account.vendorName,
        siteNumber: null,
        siteName: null,
        meterNumber: null,
        invoiceNumber: null,
        billMonth: month.month,
        readDateFrom: month.startDate,
        readDateTo: month.endDate,
        invoiceDate: null,
        dueDate: null,
        totalNewCharges: cost,
        amountDue: cost,
        lateFee: 0,
        taxesFees: 0,
        charges: cost
          ? [{ serviceType, tariff: null, chargeClassification: null, description: 'Usage', amount: cost }]
          : [],
        usages: [
          {
            serviceName: serviceType,
            tariff: null,
            measurementType: 'Usage',
            energyUnit: reading.readingType.unit,
            usageTotal: month.usage,
            kwMax: null,
            kvaMax: null,
            kvarSum: null,
            readDateFrom: month.startDate,
            readDateTo: month.endDate,
          },
        ],
      });
    }
    break;
  }
  if (bills.length === 0) throw new ImportFileError('The Green Button file has no usage readings to import');
  return {
    mapping: null,
    reading: { bills, errors: [], errorRows: [], rowCount: bills.length },
    ...(intervals ? { intervals } : {}),
  };
}

/** The batch's totals per unit, from importTotals, as the batch row keeps them. */
export function unitTotals(reading: SheetReading): ImportUnitTotal[] {
  return importTotals(reading).byUnit.map((total) => ({ ...total }));
}

/** An account of the company a file's bills may go to (matched by account number and vendor). */
export interface ImportAccount {
  id: string;
  accountNumber: string;
  vendorName: string;
}

/** A site of the company new accounts may be created under (matched by its site number). */
export interface ImportSite {
  id: string;
  siteNumber: string | null;
}

/** An account a file creates: named by its bills, under the site their site number names. */
export interface NewImportAccount {
  /** Account + vendor, as accounts are matched. */
  key: string;
  accountNumber: string;
  vendorName: string;
  locationId: string;
  /** Service keys of its bills ('electric,water'), as accounts keep them. */
  services: string;
}

/** A bill and where it goes: an account of the company, or one the file creates. */
export type MatchedBill<A extends ImportAccount> =
  | { bill: ImportedBill; account: A; newAccount?: undefined }
  | { bill: ImportedBill; account?: undefined; newAccount: NewImportAccount };

/** A file's bills with the account each goes to, the accounts it creates, and the rows naming no account. */
export interface MatchedBills<A extends ImportAccount> {
  matched: MatchedBill<A>[];
  newAccounts: NewImportAccount[];
  errors: ImportRowError[];
}

/** What a file may create. */
export interface ImportCreation {
  /** Create the accounts the file names that the company lacks, under the sites its site numbers name. */
  sites: readonly ImportSite[];
}

function accountKeyOf(account: { accountNumber: string; vendorName: string }): string {
  return `${accountKey(account.accountNumber)}|${vendorKey(account.vendorName)}`;
}

/**
 * Each bill's account by account number and vendor, in the loose forms duplicates.ts compares them in. A bill naming
 * no account of the company is an error of its first row, unless `create` is given and the bill's site number names a
 * site: then the account is created there (one per account and vendor, with the services of its bills). The device's
 * preview and the server's apply both call this, so a file the preview passes is one the server takes.
 */
export function matchImportAccounts<A extends ImportAccount>(
  bills: readonly ImportedBill[],
  accounts: readonly A[],
  create?: ImportCreation,
): MatchedBills<A> {
  const byKey = new Map(accounts.map((one) => [accountKeyOf(one), one]));
  const sites = new Map(
    (create?.sites ?? []).flatMap((site) =>
      site.siteNumber ? [[accountKey(site.siteNumber), site] as const] : [],
    ),
  );
  const created = new Map<string, NewImportAccount>();
  const matched: MatchedBill<A>[] = [];
  const errors: ImportRowError[] = [];
  for (const bill of bills) {
    const key = accountKeyOf(bill);
    const account = byKey.get(key);
    if (account) {
      matched.push({ bill, account });
      continue;
    }
    const row = bill.rows[0] ?? 0;
    if (!create) {
      errors.push({
        row,
        field: 'accountNumber',
        message: `No account ${bill.accountNumber} of ${bill.vendorName} in this company (choose to create accounts, or add it first)`,
      });
      continue;
    }
    const site = bill.siteNumber ? sites.get(accountKey(bill.siteNumber)) : undefined;
    if (!site) {
      errors.push({
        row,
        field: 'siteNumber',
        message: bill.siteNumber
          ? `No site numbered ${bill.siteNumber} in this company to create account ${bill.accountNumber} under`
          : `Account ${bill.accountNumber} of ${bill.vendorName} is new: a site number is needed to create it`,
      });
      continue;
    }
    let newAccount = created.get(key);
    if (!newAccount) {
      newAccount = {
        key,
        accountNumber: bill.accountNumber,
        vendorName: bill.vendorName,
        locationId: site.id,
        services: '',
      };
      created.set(key, newAccount);
    } else if (newAccount.locationId !== site.id) {
      errors.push({
        row,
        field: 'siteNumber',
        message: `Account ${bill.accountNumber} is named under two sites in the file`,
      });
      continue;
    }
    const services = new Set(splitServices(newAccount.services));
    for (const line of [...bill.usages.map((u) => u.serviceName), ...bill.charges.map((c) => c.serviceType)])
      if (line) services.add(serviceKey(line));
    newAccount.services = [...services].join(',');
    matched.push({ bill, newAccount });
  }
  return { matched, newAccounts: [...created.values()], errors };
}

// The import worker's API (docs/architecture.md §14 Imports): a file is read, mapped and checked here, off the main
// thread and offline too, with the domain code the server applies it with (src/domain/imports/batches.ts), against the
// accounts and bills on this device. The page wraps it with `Comlink.wrap<ImportsApi>()` through a type-only import.
import { transfer } from 'comlink';
import { dbNameFor, openAppDb } from '../../src/db/schema';
import type { AppDb } from '../../src/db/schema';
import { billsOfAccounts } from '../../src/db/queries/bills';
import {
  ImportFileError,
  matchImportAccounts,
  prepareBillRows,
  prepareGreenButton,
  readSpreadsheet,
} from '../../src/domain/imports/batches';
import type { ImportKind, ImportRowError, PreparedImport } from '../../src/domain/imports/batches';
import type { Cell } from '../../src/domain/imports/spreadsheet/cells';
import { classifyBills } from '../../src/domain/imports/spreadsheet/duplicates';
import type { ComparableBill } from '../../src/domain/imports/spreadsheet/duplicates';
import {
  applySavedMapping,
  describeMapping,
  guessColumnMapping,
} from '../../src/domain/imports/spreadsheet/headers';
import type { BillColumnMapping } from '../../src/domain/imports/spreadsheet/headers';
import { importTotals } from '../../src/domain/imports/spreadsheet/importTotals';
import {
  guessSiteColumns,
  missingSiteColumns,
  newSites,
  readSiteSheet,
} from '../../src/domain/imports/siteSheet';
import type { UnitTotal } from '../../src/domain/imports/spreadsheet/importTotals';
import { buildWorkbook } from '../export/workbook';
import type { ExportColumn, ExportRow } from '../export/types';

/** A file read: its header row and first rows (bill spreadsheets), for the mapping step. */
export interface ReadFile {
  fileName: string;
  kind: ImportKind;
  headers: string[];
  /** The first data rows as text, a value per header. */
  samples: string[][];
}

/** How the preview maps the file: the user's mapping, the company's saved one, or one guessed from the headers. */
export type MappingSource = 'given' | 'saved' | 'guessed';

/** What to preview the file with. */
export interface PreviewRequest {
  companyId: number;
  /** The account a Green Button file's usage goes to. */
  accountId?: string;
  /** The mapping the user set; without it the saved one where it covers the file, else the guess. */
  mapping?: BillColumnMapping;
  /** The company's last applied mapping (its import batches keep it). */
  savedMapping?: BillColumnMapping | null;
  /** Create the accounts the file names that the company lacks, under the sites its site numbers name. */
  createAccounts?: boolean;
}

/** The errors the preview lists at most (the workbook carries them all). */
const LISTED_ERRORS = 200;

/** What the file would bring, as the server will apply it (it checks again). */
export interface ImportPreview {
  mapping: BillColumnMapping | null;
  mappingSource: MappingSource | null;
  /** Requirements no column meets (the import cannot go until they are mapped). */
  missing: string[];
  /** Headers of the saved mapping that this file lacks. */
  notInFile: string[];
  rows: number;
  bills: number;
  lines: number;
  duplicates: number;
  reissues: number;
  accounts: number;
  /** Accounts the file would create (with `createAccounts`). */
  accountsCreated: number;
  /** Sites a sites file would create. */
  sitesCreated: number;
  errorCount: number;
  /** Sheet rows in error or held back with one (their bill is imported whole or not at all). */
  errorRows: number;
  errors: ImportRowError[];
  totals: UnitTotal[];
  /** First and last bill month of the bills it would bring. */
  months: [string, string] | null;
}

let db: AppDb | null = null;
let file: { read: ReadFile; bytes: Uint8Array; rows: Cell[][] | null } | null = null;
let lastErrors: { rows: Set<number>; messages: Map<number, string[]> } | null = null;
/**
 * The device's bills of the accounts a file matched, read once per file: a mapping changed and checked again reads the
 * same accounts (a 50,000-row file names hundreds), and the server checks them again when it applies the batch.
 */
let billsOfFile: { key: string; bills: Promise<ComparableBill[]> } | null = null;

function opened(): AppDb {
  if (!db) throw new Error('The import worker has not been opened');
  return db;
}

function textOf(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell);
}

function chosenMapping(
  headers: readonly string[],
  request: PreviewRequest,
): { mapping: BillColumnMapping; source: MappingSource; notInFile: string[] } {
  if (request.mapping) return { mapping: request.mapping, source: 'given', notInFile: [] };
  if (request.savedMapping) {
    const applied = applySavedMapping(request.savedMapping, headers);
    if (applied.missing.length === 0)
      return { mapping: applied.mapping, source: 'saved', notInFile: applied.notInFile };
  }
  return { mapping: guessColumnMapping(headers), source: 'guessed', notInFile: [] };
}

async function comparableBills(database: AppDb, accountIds: readonly string[]): Promise<ComparableBill[]> {
  if (accountIds.length === 0) return [];
  const numbers = new Map(
    (await database.accounts.bulkGet([...accountIds])).flatMap((account) =>
      account ? [[account.id, account.accountNumber] as const] : [],
    ),
  );
  const present = await billsOfAccounts(database, accountIds);
  return present.map((bill) => ({
    accountNumber: numbers.get(bill.accountId) ?? '',
    vendorName: bill.vendorName,
    readDateFrom: bill.readDateFrom,
    readDateTo: bill.readDateTo,
    billMonth: bill.billMonth,
    invoiceNumber: bill.invoiceNumber,
    totalNewCharges: bill.totalNewCharges,
    // A bill's service summaries carry its usage per unit, which is what duplicates.ts compares.
    usages: bill.services.map((service) => ({ energyUnit: service.unit, usageTotal: service.usage ?? 0 })),
  }));
}

/** A sites file against the device's sites: what it would create, and the rows in error. */
async function previewSites(database: AppDb, companyId: number, rows: Cell[][]): Promise<ImportPreview> {
  const missing = missingSiteColumns(guessSiteColumns((rows[0] ?? []).map(textOf)));
  if (missing.length > 0) {
    lastErrors = null;
    return { ...emptyPreview(null, null), missing, rows: Math.max(0, rows.length - 1) };
  }
  const reading = readSiteSheet(rows);
  const present = await database.locations.where('companyId').equals(companyId).toArray();
  const { fresh, duplicates } = newSites(reading.sites, present);
  const messages = new Map<number, string[]>();
  for (const error of reading.errors)
    messages.set(error.row, [...(messages.get(error.row) ?? []), error.message]);
  lastErrors = { rows: new Set(reading.errorRows), messages };
  return {
    ...emptyPreview(null, null),
    rows: reading.rowCount,
    duplicates,
    sitesCreated: fresh.length,
    errorCount: reading.errors.length,
    errorRows: reading.errorRows.length,
    errors: reading.errors.slice(0, LISTED_ERRORS),
  };
}

/** The object the worker exposes. */
export const api = {
  /** Opens the local database of a user (one worker serves one user). */
  open(userId: number): void {
    if (db?.name === dbNameFor(userId)) return;
    db?.close();
    db = openAppDb(userId);
  },

  /** Reads a file; a file that cannot be read rejects with why (the words the server's 400 would give). */
  async read(fileName: string, bytes: Uint8Array, kind: ImportKind): Promise<ReadFile> {
    file = null;
    lastErrors = null;
    billsOfFile = null;
    if (kind === 'greenButton') {
      const read: ReadFile = { fileName, kind, headers: [], samples: [] };
      file = { read, bytes, rows: null };
      return read;
    }
    const rows = await readSpreadsheet(fileName, bytes);
    const headers = (rows[0] ?? []).map(textOf);
    if (headers.every((header) => header.trim() === ''))
      throw new ImportFileError('The file has no header row');
    const samples = rows.slice(1, 4).map((row) => headers.map((_, i) => textOf(row[i])));
    const read: ReadFile = { fileName, kind, headers, samples };
    file = { read, bytes, rows };
    return read;
  },

  /** The file through a mapping, matched to the device's accounts and bills. */
  async preview(request: PreviewRequest): Promise<ImportPreview> {
    const database = opened();
    if (!file) throw new Error('No file has been read');
    if (file.read.kind === 'sites' && file.rows) return previewSites(database, request.companyId, file.rows);
    const accounts = await database.accounts.where('companyId').equals(request.companyId).toArray();
    let prepared: PreparedImport;
    let source: MappingSource | null = null;
    let notInFile: string[] = [];
    if (file.rows) {
      const chosen = chosenMapping(file.read.headers, request);
      source = chosen.source;
      notInFile = chosen.notInFile;
      const missing = describeMapping(chosen.mapping).missing;
      if (missing.length > 0) {
        lastErrors = null;
        return {
          ...emptyPreview(chosen.mapping, source),
          missing,
          notInFile,
          rows: Math.max(0, file.rows.length - 1),
        };
      }
      prepared = prepareBillRows(file.rows, chosen.mapping);
    } else {
      const account = accounts.find((one) => one.id === request.accountId);
      if (!account) throw new ImportFileError('Choose the account the Green Button file is for');
      prepared = prepareGreenButton(new TextDecoder().decode(file.bytes), account);
    }
    const { reading } = prepared;
    const create = request.createAccounts
      ? { sites: await database.locations.where('companyId').equals(request.companyId).toArray() }
      : undefined;
    const {
      matched,
      newAccounts,
      errors: accountErrors,
    } = matchImportAccounts(reading.bills, accounts, create);
    const errors = [...reading.errors, ...accountErrors].sort((a, b) => a.row - b.row);
    const accountIds = [...new Set(matched.flatMap((one) => (one.account ? [one.account.id] : [])))];
    const key = [...accountIds].sort().join(',');
    if (billsOfFile?.key !== key) billsOfFile = { key, bills: comparableBills(database, accountIds) };
    const matches = classifyBills(
      matched.map((one) => one.bill),
      await billsOfFile.bills,
    );
    const good = { ...reading, bills: matched.map((one) => one.bill) };
    const totals = importTotals(good, matches);
    const errorRows = new Set(reading.errorRows);
    const billByFirstRow = new Map(reading.bills.map((bill) => [bill.rows[0], bill]));
    for (const error of accountErrors) {
      const bill = billByFirstRow.get(error.row);
      for (const row of bill?.rows ?? [error.row]) errorRows.add(row);
    }
    const messages = new Map<number, string[]>();
    for (const error of errors) messages.set(error.row, [...(messages.get(error.row) ?? []), error.message]);
    lastErrors = { rows: errorRows, messages };
    const months = good.bills.map((bill) => bill.billMonth).sort();
    return {
      mapping: prepared.mapping,
      mappingSource: source,
      missing: [],
      notInFile,
      rows: reading.rowCount,
      bills: totals.bills - totals.duplicates,
      lines: totals.chargeLines + totals.usageLines,
      duplicates: totals.duplicates,
      reissues: totals.reissues,
      accounts: accountIds.length + newAccounts.length,
      accountsCreated: newAccounts.length,
      sitesCreated: 0,
      errorCount: errors.length,
      errorRows: errorRows.size,
      errors: errors.slice(0, LISTED_ERRORS),
      totals: totals.byUnit,
      months: months.length > 0 ? [months[0]!, months[months.length - 1]!] : null,
    };
  },

  /**
   * The rows in error of the last preview as a workbook: the file's own columns with an "Error" column after them, so
   * it can be fixed and imported again with the same mapping (the extra column maps to nothing).
   */
  async errorWorkbook(): Promise<ArrayBuffer> {
    if (!file?.rows || !lastErrors) throw new Error('No spreadsheet with errors has been previewed');
    const { headers } = file.read;
    const rows = file.rows;
    const inError = [...lastErrors.rows].sort((a, b) => a - b).map((row) => rows[row - 1] ?? []);
    const numeric = headers.map((_, i) =>
      inError.every((cells) => cells[i] === null || cells[i] === undefined || typeof cells[i] === 'number'),
    );
    const columns: ExportColumn[] = [
      ...headers.map((title, i): ExportColumn => ({ title, kind: numeric[i] ? 'number' : 'text' })),
      { title: 'Error', kind: 'text' },
    ];
    const messages = lastErrors.messages;
    const sheetRows: ExportRow[] = [...lastErrors.rows]
      .sort((a, b) => a - b)
      .map((row, i) => [
        ...headers.map((_, column) => inError[i]?.[column] ?? null),
        (messages.get(row) ?? ['Held back with another row of the same bill']).join(' '),
      ]);
    const buffer = await buildWorkbook(sheetRows, columns, {
      title: 'Rows in error',
      sheetName: 'Rows in error',
      // Blank cells stay blank, so the fixed file reads back as the original did.
      blankCells: 'empty',
    });
    return transfer(buffer, [buffer]);
  },
};

function emptyPreview(mapping: BillColumnMapping | null, source: MappingSource | null): ImportPreview {
  return {
    mapping,
    mappingSource: source,
    missing: [],
    notInFile: [],
    rows: 0,
    bills: 0,
    lines: 0,
    duplicates: 0,
    reissues: 0,
    accounts: 0,
    accountsCreated: 0,
    sitesCreated: 0,
    errorCount: 0,
    errorRows: 0,
    errors: [],
    totals: [],
    months: null,
  };
}

/** The import worker's API type, for `Comlink.wrap<ImportsApi>()`. */
export type ImportsApi = typeof api;

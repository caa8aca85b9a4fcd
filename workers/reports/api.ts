// The report worker's API, the one source of truth for the page (docs/architecture.md §7): src/features/reports wraps
// it with `Comlink.wrap<ReportsApi>()` through a type-only import. Reports run here over the local database, so they
// work offline and a 170,000-row report never blocks the page: the page asks for rows a page at a time, and an
// export streams them straight to the export worker, which writes the .xlsx.
import { proxy, releaseProxy, transfer, wrap } from 'comlink';
import { dbNameFor, openAppDb } from '../../src/db/schema';
import { figureCompleteness, incompleteNotice, reportReads } from '../../src/domain/completeness';
import type { AppDb } from '../../src/db/schema';
import { emissionsSummary } from '../../src/domain/reports/emissionsReport';
import type { EmissionsSummary } from '../../src/domain/reports/emissionsReport';
import type { ReportFilter } from '../../src/domain/reports/filter';
import { missingHeatGrid, missingInvoices, monthsBetween } from '../../src/domain/reports/missingInvoices';
import type { MissingHeatRow } from '../../src/domain/reports/missingInvoices';
import { reportFilterOptions } from '../../src/domain/reports/options';
import type { ReportFilterOptions } from '../../src/domain/reports/options';
import { runReport } from '../../src/domain/reports/run';
import type { ReportContext } from '../../src/domain/reports/data';
import { bundledTemperatures } from '../../src/domain/weather/stations';
import { indexData } from '../../src/domain/reports/select';
import type { ReportColumn, ReportResult, ReportTypeId, ReportValue } from '../../src/domain/reports/types';
import type { ExportApi } from '../export/api';
import { ReportDataCache } from './data';
import { exportColumns, exportRows } from './exportRows';

export type { ReportColumn, ReportTypeId, ReportValue } from '../../src/domain/reports/types';
export type { ReportFilter } from '../../src/domain/reports/filter';
export type { ReportFilterOptions } from '../../src/domain/reports/options';
export type { EmissionsSummary } from '../../src/domain/reports/emissionsReport';
export type { MissingHeatRow } from '../../src/domain/reports/missingInvoices';

/** A report to run: the company reported on (with its business units on this device), type and filter. */
export interface RunRequest {
  companyId: number;
  reportType: ReportTypeId;
  filter: ReportFilter;
  /** `YYYY-MM-DD`, for contracts' days left. */
  today: string;
  /**
   * Whether the company has weather normalisation (spec 000 `weatherNormalizationAccess`): only then does the
   * filter's weather-normalised option run, on the bundled stations' temperatures the device holds.
   */
  weatherNormalization?: boolean;
}

/** A report that ran: its rows stay in the worker under `runId` until released. */
export interface RunSummary {
  runId: number;
  reportType: ReportTypeId;
  title: string;
  columns: ReportColumn[];
  rowCount: number;
  /** Milliseconds reading the local database (0 when its rows were in memory) and computing the rows. */
  loadMs: number;
  runMs: number;
  /**
   * Null when everything the report reads was on the device when it ran; else what was still coming, in the words
   * the page shows and the exported file carries (src/domain/completeness.ts).
   */
  incomplete: string | null;
  /** What the rows need said beside them (ReportResult.notes): shown under the preview and written to the file. */
  notes: string[];
}

/** The filter choices of a company and the companies its reports cover. */
export interface FilterChoices {
  companyIds: number[];
  options: ReportFilterOptions;
}

/** The Missing invoices page's figures, with the list kept as a run for its grid and export. */
export interface MissingSummary {
  run: RunSummary;
  months: string[];
  heat: MissingHeatRow[];
}

/** How many rows an export posts per message to the export worker. */
const EXPORT_CHUNK_ROWS = 5_000;
/** Share of an export's progress given to posting rows; building the file takes the rest. */
const POSTING_SHARE = 0.2;

let db: AppDb | null = null;
let cache: ReportDataCache | null = null;
const runs = new Map<number, ReportResult>();
/** The incompleteness notice of each kept run, for its export. */
const runNotices = new Map<number, string>();
let nextRunId = 1;

function opened(): ReportDataCache {
  if (!cache) throw new Error('The report worker has not been opened');
  return cache;
}

function run(id: number): ReportResult {
  const found = runs.get(id);
  if (!found) throw new Error(`Unknown report run ${id}`);
  return found;
}

/** Calls a proxied page callback; a page that has gone away must not reject anywhere. */
function notifier(callback: ((fraction: number) => unknown) | undefined): (fraction: number) => void {
  return (fraction) => void Promise.resolve(callback?.(fraction)).catch(() => undefined);
}

async function runAndKeep(request: RunRequest): Promise<RunSummary> {
  const data = opened();
  const started = performance.now();
  const companyIds = await data.companiesOf(request.companyId);
  const rows = await data.load(companyIds);
  const loaded = performance.now();
  const context: ReportContext = { today: request.today };
  if (request.weatherNormalization === true) context.stationTemperatures = bundledTemperatures;
  const result = runReport(request.reportType, request.filter, rows, context);
  const incomplete = await incompleteness(companyIds, request);
  const runId = nextRunId++;
  runs.set(runId, result);
  if (incomplete) runNotices.set(runId, incomplete);
  return {
    runId,
    reportType: result.reportType,
    title: result.title,
    columns: result.columns,
    rowCount: result.rows.length,
    loadMs: Math.round(loaded - started),
    runMs: Math.round(performance.now() - loaded),
    incomplete,
    notes: result.notes ?? [],
  };
}

/** What a run of `request` over these companies lacks on this device, or null (read when it runs). */
async function incompleteness(companyIds: readonly number[], request: RunRequest): Promise<string | null> {
  if (!db) return null;
  const reads = reportReads(request.reportType, request.filter);
  const states = await db.syncState.bulkGet([...companyIds]);
  const notices = states.map((state) => incompleteNotice(figureCompleteness(state, reads)));
  return notices.find((notice) => notice !== null) ?? null;
}

/** The object the worker exposes. */
export const api = {
  /** Opens the local database of a user (one worker serves one user). */
  open(userId: number): void {
    if (db?.name === dbNameFor(userId)) return;
    db?.close();
    db = openAppDb(userId);
    cache = new ReportDataCache(db);
  },

  /** The filter choices of a company, from the rows on this device. */
  async filterChoices(companyId: number): Promise<FilterChoices> {
    const data = opened();
    const companyIds = await data.companiesOf(companyId);
    return { companyIds, options: reportFilterOptions(await data.load(companyIds)) };
  },

  /** Runs a report and keeps its rows; the answer says how many there are. */
  run: runAndKeep,

  /** Rows `start` to `end` (excluded) of a run, each a value per column in column order. */
  rows(runId: number, start: number, end: number): ReportValue[][] {
    const { columns, rows } = run(runId);
    return rows.slice(start, end).map((row) => columns.map((column) => row[column.key] ?? null));
  },

  /**
   * Writes a run to .xlsx: the rows go to the export worker listening on `port`, which builds the file; its bytes
   * come back transferred. Progress is a fraction 0–1.
   */
  async exportXlsx(
    runId: number,
    port: MessagePort,
    title: string,
    onProgress?: (fraction: number) => unknown,
  ): Promise<ArrayBuffer> {
    const result = run(runId);
    const report = notifier(onProgress);
    const remote = wrap<ExportApi>(port);
    try {
      const jobId = await remote.open(exportColumns(result.columns));
      const total = Math.max(1, result.rows.length);
      for (let start = 0; start < result.rows.length; start += EXPORT_CHUNK_ROWS) {
        const end = Math.min(result.rows.length, start + EXPORT_CHUNK_ROWS);
        await remote.append(jobId, exportRows(result.columns, result.rows, start, end));
        report((POSTING_SHARE * end) / total);
      }
      const notice = runNotices.get(runId);
      const notes = [...(notice ? [notice] : []), ...(result.notes ?? [])];
      const buffer = await remote.finish(
        jobId,
        { title, ...(notes.length > 0 ? { notes } : {}) },
        proxy((fraction: number) => report(POSTING_SHARE + (1 - POSTING_SHARE) * fraction)),
      );
      report(1);
      return transfer(buffer, [buffer]);
    } finally {
      remote[releaseProxy]();
      port.close();
    }
  },

  /** Forgets a run's rows. */
  release(runId: number): void {
    runs.delete(runId);
    runNotices.delete(runId);
  },

  /** The Missing invoices page: the heat grid of sites by month, and the list kept as a run. */
  async missingInvoices(request: Omit<RunRequest, 'reportType'>): Promise<MissingSummary> {
    const summary = await runAndKeep({ ...request, reportType: 'missingInvoices' });
    const data = opened();
    const rows = await data.load(await data.companiesOf(request.companyId));
    const months = monthsBetween(request.filter.fromMonth, request.filter.toMonth);
    const heat = missingHeatGrid(missingInvoices(rows, request.filter), months, indexData(rows).locations);
    return { run: summary, months, heat };
  },

  /** The emissions view's figures (company, or one site through the filter's locations). */
  async emissions(request: Omit<RunRequest, 'reportType'>): Promise<EmissionsSummary> {
    const data = opened();
    const rows = await data.load(await data.companiesOf(request.companyId));
    return emissionsSummary(rows, request.filter);
  },
};

/** The report worker's API type, for `Comlink.wrap<ReportsApi>()`. */
export type ReportsApi = typeof api;

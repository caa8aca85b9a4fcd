// The export worker's API, the one source of truth for the page (docs/architecture.md §7): src/export wraps it with
// `Comlink.wrap<ExportApi>()` through a type-only import, so building a workbook of 100,000 rows (our own
// SpreadsheetML writer, workers/export/sheet.ts, and the zip of workers/export/zip.ts) never lands on the main thread.
import { expose, transfer } from 'comlink';
import type { ExportColumn, ExportRow, WorkbookOptions, ZipEntry } from './types';
import { buildWorkbook } from './workbook';
import { buildZip } from './zip';

export type {
  ExportColumn,
  ExportColumnKind,
  ExportRow,
  ExportValue,
  WorkbookOptions,
  ZipEntry,
} from './types';

/** Workbook options as posted: progress arrives as a separate Comlink-proxied callback. */
export type WorkbookSettings = Omit<WorkbookOptions, 'onProgress'>;

/** Calls a proxied page callback; a page that has gone away (tab closed) must not reject anywhere. */
function notifier(
  callback: ((fraction: number) => unknown) | undefined,
): ((fraction: number) => void) | undefined {
  if (!callback) return undefined;
  return (fraction) => void Promise.resolve(callback(fraction)).catch(() => undefined);
}

interface Job {
  columns: readonly ExportColumn[];
  rows: ExportRow[];
}

const jobs = new Map<number, Job>();
let nextJobId = 1;

function job(id: number): Job {
  const found = jobs.get(id);
  if (!found) throw new Error(`Unknown export job ${id}`);
  return found;
}

/** The object the worker exposes; rows arrive in chunks so no single message stalls the page. */
export const api = {
  /** Starts a workbook export and returns its job id. */
  open(columns: readonly ExportColumn[]): number {
    const id = nextJobId++;
    jobs.set(id, { columns, rows: [] });
    return id;
  },

  /** Adds rows (plain values, in column order) to a job. */
  append(id: number, rows: readonly ExportRow[]): number {
    const target = job(id).rows;
    for (const row of rows) target.push(row);
    return target.length;
  },

  /** Builds the .xlsx of a job and hands its bytes over (transferred, not copied); the job ends. */
  async finish(
    id: number,
    settings: WorkbookSettings,
    onProgress?: (fraction: number) => unknown,
  ): Promise<ArrayBuffer> {
    const { columns, rows } = job(id);
    try {
      const options: WorkbookOptions = { ...settings };
      const report = notifier(onProgress);
      if (report) options.onProgress = report;
      const buffer = await buildWorkbook(rows, columns, options);
      return transfer(buffer, [buffer]);
    } finally {
      jobs.delete(id);
    }
  },

  /** Drops a job without building it. */
  cancel(id: number): void {
    jobs.delete(id);
  },

  /**
   * Serves this API on `port` too, so another worker (the report worker) can stream rows straight to this one
   * without passing them through the page.
   */
  connect(port: MessagePort): void {
    expose(api, port);
  },

  /** Zips files (e.g. downloaded bills) into one archive. */
  async zip(files: readonly ZipEntry[], onProgress?: (fraction: number) => unknown): Promise<ArrayBuffer> {
    const buffer = await buildZip(files, notifier(onProgress));
    return transfer(buffer, [buffer]);
  },
};

/** The export worker's API type, for `Comlink.wrap<ExportApi>()`. */
export type ExportApi = typeof api;

// Main-thread side of the report worker (docs/architecture.md §1, §9): the page starts one report worker while it is
// open, asks it for rows a page at a time, and has exports stream from it straight to an export worker, so neither a
// 170,000-row report nor its .xlsx ever blocks the page.
import { proxy, releaseProxy, transfer, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { ExportApi } from '../../workers/export/api';
import type { ReportsApi, ReportValue } from '../../workers/reports/api';
import { exportFileName } from '../domain/format';
import { XLSX_MIME } from '../export/downloadBlob';
import { spawnExportWorker } from '../export/exportClient';
import type { ExportWorkerConnection } from '../export/exportClient';

/** A live report worker. */
export interface ReportsWorker {
  remote: Remote<ReportsApi>;
  close(): void;
}

/** Starts a report worker for a user's local database. */
export function spawnReportsWorker(userId: number): ReportsWorker {
  const worker = new Worker(new URL('../../workers/reports.worker.ts', import.meta.url), {
    type: 'module',
    name: 'reports',
  });
  const remote = wrap<ReportsApi>(worker);
  void remote.open(userId);
  return {
    remote,
    close: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/** Rows per request: about 5 ms of main-thread work to receive 5,000 rows of 19 columns (measured in Chromium). */
export const ROWS_PER_REQUEST = 5_000;

/**
 * Reads `rowCount` rows of a run from row `from` on, a page at a time, each request awaited so the page gets a turn
 * between them.
 */
export async function readAllRows(
  remote: Remote<ReportsApi>,
  runId: number,
  rowCount: number,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  from = 0,
): Promise<ReportValue[][]> {
  const rows: ReportValue[][] = [];
  const end = from + rowCount;
  for (let start = from; start < end; start += ROWS_PER_REQUEST) {
    signal?.throwIfAborted();
    const page = await remote.rows(runId, start, Math.min(end, start + ROWS_PER_REQUEST));
    for (const row of page) rows.push(row);
    onProgress?.((Math.min(end, start + ROWS_PER_REQUEST) - from) / Math.max(1, rowCount));
  }
  return rows;
}

/** A built .xlsx file before it is saved. */
export interface ReportFile {
  blob: Blob;
  fileName: string;
}

/**
 * Writes a run to `{title}_{YYYY-MM-DD}.xlsx`: the report worker posts its rows to a new export worker over a
 * channel of their own, the export worker builds the file and its bytes come back here transferred.
 */
export async function exportRun(
  remote: Remote<ReportsApi>,
  runId: number,
  title: string,
  onProgress?: (fraction: number) => void,
  connect: () => ExportWorkerConnection = spawnExportWorker,
): Promise<ReportFile> {
  const connection = connect();
  const exporter = wrap<ExportApi>(connection.endpoint);
  try {
    const channel = new MessageChannel();
    await exporter.connect(transfer(channel.port1, [channel.port1]));
    const buffer = await remote.exportXlsx(
      runId,
      transfer(channel.port2, [channel.port2]),
      title,
      proxy((fraction: number) => onProgress?.(fraction)),
    );
    return { blob: new Blob([buffer], { type: XLSX_MIME }), fileName: exportFileName(title, new Date()) };
  } finally {
    exporter[releaseProxy]();
    connection.close();
  }
}

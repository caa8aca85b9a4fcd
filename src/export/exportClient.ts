// Main-thread side of the export worker (docs/architecture.md §1, §9): rows are mapped and posted in small chunks,
// the worker builds the file, its bytes come back transferred, and the page only clicks a download link.
import { releaseProxy, transfer, wrap, proxy } from 'comlink';
import type { Endpoint } from 'comlink';
import { exportFileName } from '../domain/format';
import type { ExportApi, ZipEntry } from '../../workers/export/api';
import { downloadBlob, XLSX_MIME } from './downloadBlob';
import { toExportColumn, toExportRow } from './exportRows';
import type { ExportSourceColumn } from './exportRows';

/** Rows mapped and posted per message: about 6 ms of main-thread work for 12 columns (measured in Chromium). */
export const POST_CHUNK_ROWS = 1_000;
/** Share of the progress given to posting rows; the worker's building takes the rest. */
const POSTING_SHARE = 0.15;

/** A live connection to an export worker; tests connect the real API over a MessageChannel. */
export interface ExportWorkerConnection {
  endpoint: Endpoint;
  close(): void;
}

/** Starts a dedicated export worker (one per export, so its memory goes when the export ends). */
export function spawnExportWorker(): ExportWorkerConnection {
  const worker = new Worker(new URL('../../workers/export.worker.ts', import.meta.url), {
    type: 'module',
    name: 'export',
  });
  return { endpoint: worker, close: () => worker.terminate() };
}

/** What to export: grid-shaped columns and the rows they read. */
export interface ExportXlsxRequest<Row> {
  title: string;
  columns: readonly ExportSourceColumn<Row>[];
  rows: readonly Row[];
  /** Sheet tab name (default: the title). */
  sheetName?: string;
  /** Called with whole percentages 0–100 as the export advances. */
  onProgress?: (percent: number) => void;
  /** Aborting stops the export and rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A built file before it is saved. */
export interface BuiltFile {
  blob: Blob;
  fileName: string;
}

/**
 * Progress in whole percents, never going back and silent after 100: the worker's progress callback
 * runs over its own message port, so a late report can arrive after the result.
 */
function percentReporter(onProgress: ((percent: number) => void) | undefined): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    const percent = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
    if (percent <= last || last === 100 || !onProgress) return;
    last = percent;
    onProgress(percent);
  };
}

/** Builds the .xlsx in a worker and returns it with its file name `{title}_{YYYY-MM-DD}.xlsx`. */
export async function buildXlsxFile<Row>(
  request: ExportXlsxRequest<Row>,
  connect: () => ExportWorkerConnection = spawnExportWorker,
): Promise<BuiltFile> {
  const { title, columns, rows, signal } = request;
  signal?.throwIfAborted();
  const report = percentReporter(request.onProgress);
  const connection = connect();
  const remote = wrap<ExportApi>(connection.endpoint);
  const aborted = new Promise<never>((_, reject) => {
    signal?.addEventListener(
      'abort',
      () => reject(signal.reason instanceof Error ? signal.reason : new Error('Export cancelled')),
      {
        once: true,
      },
    );
  });
  // Marked handled: an abort after the export ended must not surface as an unhandled rejection.
  aborted.catch(() => undefined);
  // An abort wins any await below; the worker is terminated in `finally` whichever way this ends.
  const guard = <T>(work: Promise<T>): Promise<T> => (signal ? Promise.race([work, aborted]) : work);
  try {
    report(0);
    const jobId = await guard(remote.open(columns.map(toExportColumn)));
    for (let start = 0; start < rows.length; start += POST_CHUNK_ROWS) {
      const chunk = rows.slice(start, start + POST_CHUNK_ROWS).map((row) => toExportRow(row, columns));
      // Awaiting each reply paces the posting and gives the page a turn between chunks.
      await guard(remote.append(jobId, chunk));
      report((POSTING_SHARE * Math.min(rows.length, start + POST_CHUNK_ROWS)) / rows.length);
    }
    const settings = request.sheetName === undefined ? { title } : { title, sheetName: request.sheetName };
    const onWorkerProgress = proxy((fraction: number) =>
      report(POSTING_SHARE + (1 - POSTING_SHARE) * fraction),
    );
    const buffer = await guard(
      remote.finish(jobId, { ...settings, linkBase: globalThis.location?.origin }, onWorkerProgress),
    );
    report(1);
    return { blob: new Blob([buffer], { type: XLSX_MIME }), fileName: exportFileName(title, new Date()) };
  } finally {
    remote[releaseProxy]();
    connection.close();
  }
}

/** Exports rows to `{title}_{YYYY-MM-DD}.xlsx` through the export worker and downloads it; resolves when saved. */
export async function exportXlsx<Row>(request: ExportXlsxRequest<Row>): Promise<string> {
  const file = await buildXlsxFile(request);
  downloadBlob(file.blob, file.fileName);
  return file.fileName;
}

/** Zips files in the export worker and downloads the archive as `fileName`; ArrayBuffer data is transferred (detached here). */
export async function downloadZip(
  fileName: string,
  files: readonly ZipEntry[],
  onProgress?: (percent: number) => void,
  connect: () => ExportWorkerConnection = spawnExportWorker,
): Promise<void> {
  const connection = connect();
  const remote = wrap<ExportApi>(connection.endpoint);
  const report = percentReporter(onProgress);
  try {
    // Buffers are moved to the worker, not copied: the bills can be large.
    const buffers = files.flatMap((file) => (file.data instanceof ArrayBuffer ? [file.data] : []));
    const zipped = await remote.zip(transfer(files, buffers), proxy(report));
    downloadBlob(new Blob([zipped], { type: 'application/zip' }), fileName);
  } finally {
    remote[releaseProxy]();
    connection.close();
  }
}

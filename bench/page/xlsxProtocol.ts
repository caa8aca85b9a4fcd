// What the xlsx bench page (bench/page/xlsx.ts), its worker and the orchestrator (bench/xlsx.bench.ts) exchange.
// Types and plain constants only: the orchestrator imports this file into its Node program.
import type { MainThreadFigures } from './protocol';

/** Who writes the .xlsx: the export worker's own SpreadsheetML writer, or exceljs's object model. */
export type XlsxWriter = 'ours' | 'exceljs';
export const XLSX_WRITERS: readonly XlsxWriter[] = ['ours', 'exceljs'];

/** The worker's note of its build, posted beside Comlink's messages (Comlink ignores messages without an id). */
export interface BuildTiming {
  type: 'xlsx-bench-build';
  /** `finish` alone: cells, XML and compression, in the worker. */
  ms: number;
  bytes: number;
}

export function isBuildTiming(data: unknown): data is BuildTiming {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'xlsx-bench-build';
}

/** One export of the bench rows, timed from the page. */
export interface XlsxRunResult {
  writer: XlsxWriter;
  rows: number;
  columns: number;
  /** From the call to the finished file, as the user waits: worker start, rows posted in chunks, build. */
  wallMs: number;
  /** The worker's build alone (BuildTiming.ms). */
  buildMs: number;
  /** Size of the .xlsx. */
  bytes: number;
  mainThread: MainThreadFigures;
}

/** What the page exposes on `window.xlsxBench` once loaded. */
export interface XlsxBenchApi {
  /** Checks that 'longtask' entries are observed at all (a deliberate 80 ms busy loop). */
  calibrateLongTasks(): Promise<number>;
  /** Generates the rows every run exports (bench/page/xlsxRows.ts); answers their count. */
  prepare(rows: number, seed: number): number;
  /** Exports the rows once through a fresh worker, as the app does (src/export/exportClient.ts buildXlsxFile). */
  run(writer: XlsxWriter): Promise<XlsxRunResult>;
  /** The file of the last run of a writer, base64: the orchestrator reads both back with exceljs. */
  lastFile(writer: XlsxWriter): Promise<string>;
}

declare global {
  interface Window {
    xlsxBench?: XlsxBenchApi;
  }
}

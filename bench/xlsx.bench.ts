// `npm run bench:xlsx` (docs/architecture.md §9: "100 k rows to .xlsx in ≤ 10 s", "the main thread never blocks
// over 50 ms"): the export worker's own SpreadsheetML writer against exceljs's object model, writing the same rows in
// the same browser worker. Builds the xlsx bench page (bench/page/xlsx.html), serves it with Vite's preview server (no
// API, no database: the rows are generated in the page), exports them in Chromium through the app's export client,
// reads both files back with exceljs, prints a table and writes bench/results/xlsx-*.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { preview } from 'vite';
import type { PreviewServer } from 'vite';
import {
  benchStarted,
  buildBenchPage,
  cleanUpOnInterrupt,
  int,
  launchChromium,
  load1,
  log,
  machine,
  mb,
  ms,
  sec,
  table,
  verdict,
  warnIfLoaded,
  wasInterrupted,
  writeResults,
} from './harness';
import { XLSX_WRITERS } from './page/xlsxProtocol';
import type { XlsxBenchApi, XlsxRunResult, XlsxWriter } from './page/xlsxProtocol';
import { watchRenderer } from './renderer';
import type { RendererUse } from './renderer';
import { compareSheets } from './xlsxCells';

/** docs/architecture.md §9. */
const BUDGET_EXPORT_MS = 10_000;
const BUDGET_TASK_MS = 50;
const SEED = 10;
const WRITER_LABELS: Record<XlsxWriter, string> = {
  ours: 'our writer (workers/export)',
  exceljs: 'exceljs 4 object model',
};

interface Options {
  runs: number;
  rows: number;
  readBack: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      rows: { type: 'string', default: '100000' },
      'skip-read-back': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const rows = Number(values.rows);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error('--runs must be 1 to 50');
  if (!Number.isInteger(rows) || rows < 1 || rows > 1_000_000) throw new Error('--rows must be 1 to 1000000');
  return { runs, rows, readBack: !values['skip-read-back'] };
}

/** Calls `window.xlsxBench[name](...args)` in the page. */
async function call<K extends keyof XlsxBenchApi>(
  page: Page,
  name: K,
  ...args: Parameters<XlsxBenchApi[K]>
): Promise<Awaited<ReturnType<XlsxBenchApi[K]>>> {
  const result = await page.evaluate(
    async ({ name, args }) => {
      const bench = window.xlsxBench;
      if (!bench) throw new Error('The xlsx bench page did not load');
      const method = bench[name] as (...values: unknown[]) => unknown;
      return method.apply(bench, args);
    },
    { name, args },
  );
  return result as Awaited<ReturnType<XlsxBenchApi[K]>>;
}

/** One run, with the load average before it and what the renderer (page and worker) spent. */
interface Sample extends XlsxRunResult {
  run: number;
  load: number;
  renderer: RendererUse | null;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Median, min and max of one measure over the runs of a writer. */
function spread(samples: readonly Sample[], pick: (sample: Sample) => number) {
  const values = samples.map(pick);
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** A base64 file from the page as an ArrayBuffer of its own. */
function fileBytes(base64: string): ArrayBuffer {
  const bytes = Buffer.from(base64, 'base64');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

/**
 * A fresh page (so a fresh renderer process: one run's memory is not the next one's baseline) holding the bench rows.
 */
async function openPage(browser: Browser, url: string, options: Options): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') log(`page console: ${message.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => window.xlsxBench !== undefined);
  await call(page, 'prepare', options.rows, SEED);
  return page;
}

function tasks(samples: readonly Sample[]): string {
  const count = samples.reduce((sum, sample) => sum + sample.mainThread.longTasks, 0);
  const longest = Math.max(...samples.map((sample) => sample.mainThread.longestTaskMs));
  return count === 0 ? 'none ≥ 50 ms' : `${longest} ms (${count} tasks ≥ 50 ms)`;
}

/** Memory the run added to the renderer at its peak, or null when unmeasured. */
const addedBytes = (sample: Sample) =>
  sample.renderer?.peakBytes != null && sample.renderer.beforeBytes !== null
    ? Math.max(0, sample.renderer.peakBytes - sample.renderer.beforeBytes)
    : null;
const cpuMs = (sample: Sample) => sample.renderer?.cpuMs ?? null;

function report(samples: Record<XlsxWriter, Sample[]>, options: Options, browser: Browser): void {
  const cell = (writer: XlsxWriter, pick: (sample: Sample) => number, format: (n: number) => string) => {
    const { median: mid, min, max } = spread(samples[writer], pick);
    return `${format(mid)} (${format(min)}–${format(max)})`;
  };
  const each = (label: string, value: (writer: XlsxWriter) => string) => [label, ...XLSX_WRITERS.map(value)];
  const ratio = (pick: (sample: Sample) => number) =>
    (spread(samples.exceljs, pick).median / spread(samples.ours, pick).median).toFixed(1);
  const longestMs = (writer: XlsxWriter) =>
    Math.max(...samples[writer].map((sample) => sample.mainThread.longestTaskMs));
  /** A measure some runs could not take shows as '-'. */
  const measured = (
    writer: XlsxWriter,
    pick: (sample: Sample) => number | null,
    format: (n: number) => string,
  ) =>
    samples[writer].every((sample) => pick(sample) !== null)
      ? cell(writer, (s) => pick(s) ?? 0, format)
      : '-';
  const wallBudget = (writer: XlsxWriter) =>
    spread(samples[writer], (s) => s.wallMs).median <= BUDGET_EXPORT_MS;
  const figures = table([
    ['median (min–max) over the runs', ...XLSX_WRITERS.map((writer) => WRITER_LABELS[writer])],
    each('export, as the user waits', (writer) => cell(writer, (s) => s.wallMs, sec)),
    each('  of which the worker builds the file', (writer) => cell(writer, (s) => s.buildMs, sec)),
    each('  the rest: worker start, rows posted, file back', (writer) =>
      cell(writer, (s) => s.wallMs - s.buildMs, sec),
    ),
    each('file size', (writer) => mb(spread(samples[writer], (s) => s.bytes).median)),
    each('renderer CPU time (page + worker)', (writer) => measured(writer, cpuMs, sec)),
    each('renderer memory added at the peak', (writer) => measured(writer, addedBytes, mb)),
    each('longest main-thread task (all runs)', (writer) => tasks(samples[writer])),
    each('worst 20 ms timer lateness', (writer) => cell(writer, (s) => s.mainThread.maxTimerLagMs, ms)),
    each(`export ≤ ${sec(BUDGET_EXPORT_MS)} (median)`, (writer) => verdict(wallBudget(writer))),
    each(`no main-thread task over ${BUDGET_TASK_MS} ms`, (writer) =>
      verdict(longestMs(writer) <= BUDGET_TASK_MS),
    ),
    each('load average before a run', (writer) =>
      cell(
        writer,
        (s) => s.load,
        (n) => n.toFixed(1),
      ),
    ),
  ]);
  console.log(
    [
      '',
      `Xlsx bench: ${int(options.rows)} rows × ${samples.ours[0]?.columns ?? '?'} columns, ${options.runs} runs per writer; Chromium ${browser.version()}; ${cpus().length} CPUs`,
      '',
      figures,
      '',
      `exceljs ÷ ours (medians): export ${ratio((s) => s.wallMs)}×, build ${ratio((s) => s.buildMs)}×, CPU ${ratio((s) => cpuMs(s) ?? Number.NaN)}×, memory added ${ratio((s) => addedBytes(s) ?? Number.NaN)}×, file size ${ratio((s) => s.bytes)}×`,
      '',
    ].join('\n'),
  );
}

async function measure(browser: Browser, url: string, options: Options): Promise<void> {
  const first = await openPage(browser, url, options);
  const calibration = await call(first, 'calibrateLongTasks');
  await first.close();
  log(
    `Chromium ${browser.version()}; long-task observer check: an 80 ms busy loop was seen as ${calibration} ms`,
  );
  if (calibration < 50)
    log('WARNING: this Chromium reports no long tasks; the longest-task figure below is not meaningful');
  log(`each run: a fresh page generates ${int(options.rows)} bill rows (seed ${SEED}) and exports them`);
  warnIfLoaded('rerun on a quiet machine before reading small differences');

  const samples: Record<XlsxWriter, Sample[]> = { ours: [], exceljs: [] };
  const files: Record<XlsxWriter, string> = { ours: '', exceljs: '' };
  for (let run = 1; run <= options.runs; run++) {
    // Alternating which writer goes first spreads a drift of the machine's load over both.
    const order = run % 2 === 1 ? XLSX_WRITERS : [...XLSX_WRITERS].reverse();
    for (const writer of order) {
      const page = await openPage(browser, url, options);
      const load = load1();
      const rendererWatch = await watchRenderer(browser);
      const result = await call(page, 'run', writer);
      const sample: Sample = { ...result, run, load, renderer: await rendererWatch.stop() };
      samples[writer].push(sample);
      if (run === options.runs && options.readBack) files[writer] = await call(page, 'lastFile', writer);
      await page.close();
      const added = addedBytes(sample);
      log(
        `run ${run}/${options.runs}, ${writer}: ${sec(result.wallMs)} (build ${sec(result.buildMs)}), ${mb(result.bytes)}, longest main-thread task ${result.mainThread.longestTaskMs} ms, renderer CPU ${sample.renderer ? sec(sample.renderer.cpuMs) : '?'} and +${added === null ? '?' : mb(added)} at peak; load before ${load.toFixed(1)}`,
      );
    }
  }

  let check: { cells: number; mismatches: string[] } | null = null;
  if (options.readBack) {
    log('reading both files of the last run back with exceljs (Node) and comparing every cell');
    check = await compareSheets(fileBytes(files.ours), fileBytes(files.exceljs));
    if (check.mismatches.length > 0)
      throw new Error(`The two files differ (ours / exceljs):\n${check.mismatches.join('\n')}`);
    log(`  ${int(check.cells)} cells: same types, values and number formats`);
  }

  report(samples, options, browser);
  const results = {
    bench: 'xlsx',
    startedAt: new Date(benchStarted).toISOString(),
    durationMs: Date.now() - benchStarted,
    machine: machine(browser),
    rows: options.rows,
    seed: SEED,
    longTaskCalibrationMs: calibration,
    readBack: check,
    summary: Object.fromEntries(
      XLSX_WRITERS.map((writer) => [
        writer,
        {
          wallMs: spread(samples[writer], (s) => s.wallMs),
          buildMs: spread(samples[writer], (s) => s.buildMs),
          bytes: spread(samples[writer], (s) => s.bytes),
          longestTaskMs: Math.max(...samples[writer].map((s) => s.mainThread.longestTaskMs)),
          rendererCpuMs: samples[writer].every((s) => cpuMs(s) !== null)
            ? spread(samples[writer], (s) => cpuMs(s) ?? 0)
            : null,
          rendererAddedBytes: samples[writer].every((s) => addedBytes(s) !== null)
            ? spread(samples[writer], (s) => addedBytes(s) ?? 0)
            : null,
        },
      ]),
    ),
    runs: samples,
  };
  log(`results written to ${writeResults('xlsx', results)}`);
}

function main(): void {
  const options = readOptions();
  const root = mkdtempSync(join(tmpdir(), 'get-bench-xlsx-'));
  let server: PreviewServer | null = null;
  let browser: Browser | null = null;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    browser = null;
    await server?.close().catch(() => undefined);
    server = null;
    rmSync(root, { recursive: true, force: true });
  };
  cleanUpOnInterrupt(cleanUp);

  const run = async () => {
    try {
      const outDir = join(root, 'page');
      log(`building the xlsx bench page into ${outDir}`);
      await buildBenchPage(outDir, 'xlsx.html');
      const started = await preview({
        root: resolve('bench/page'),
        configFile: false,
        envDir: false,
        logLevel: 'warn',
        build: { outDir },
        preview: { host: '127.0.0.1', port: 0, open: false },
      });
      server = started;
      const url = started.resolvedUrls?.local[0];
      if (!url) throw new Error('The preview server has no address');
      const launched = await launchChromium();
      browser = launched;
      await measure(launched, new URL('xlsx.html', url).href, options);
    } finally {
      await cleanUp();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      // After Ctrl-C the interrupt handler cleans up and exits.
      if (wasInterrupted()) return;
      console.error(error);
      process.exit(1);
    },
  );
}

main();

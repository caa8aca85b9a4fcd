// `npm run bench:reports` (docs/architecture.md §9: "a 36-month bill-detail report of scale L (~170 k rows) previews
// in ≤ 2 s and exports in ≤ 15 s, in a worker"): builds the real app, starts the real server on a fresh database
// seeded with the demo and the scale-L company, signs in as the super consultant, syncs that company, goes offline,
// then runs its 36-month bill-detail report on the Reports page and exports it, counting the main thread's long
// tasks (≥ 50 ms) meanwhile. Prints a table and writes bench/results/reports-*.json.
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { buildApp, signIn, waitForOfflineShell, waitForSync } from './appSession';
import { saveProfile, startProfile } from './cpuProfile';
import {
  BENCH_LOGIN,
  int,
  load1,
  log,
  machine,
  ms,
  runBench,
  sec,
  table,
  verdict,
  warnIfLoaded,
  writeResults,
} from './harness';
import type { BenchSetUp } from './harness';

const BUDGET_PREVIEW_MS = 2_000;
const BUDGET_EXPORT_MS = 15_000;
const BUDGET_TASK_MS = 50;
const MONTHS = 36;
const REPORT_TITLE = 'Bill Detail Report';
/** A run that shows nothing by then has failed. */
const RUN_TIMEOUT_MS = 180_000;
/** The first pull of scale L, on a machine other work shares (the report figures are measured after it). */
const SYNC_TIMEOUT_MS = 1_200_000;

declare global {
  interface Window {
    __reportsBench?: { tasks: { start: number; duration: number }[]; click: number | null };
  }
}

/** Installed before the app: long tasks of the main thread, and the time of the latest click. */
function installObserver(): void {
  const state: NonNullable<Window['__reportsBench']> = { tasks: [], click: null };
  window.__reportsBench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The user's click only: the page's own download link is clicked by script when the file is ready.
  document.addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) state.click = performance.now();
    },
    true,
  );
}

/** A stretch of the page's time, performance.now() ms. */
interface Span {
  start: number;
  end: number;
}

interface Tasks {
  count: number;
  longestMs: number;
}

async function tasksIn(page: Page, { start, end }: Span): Promise<Tasks> {
  const tasks = await page.evaluate(
    ({ start, end }) =>
      (window.__reportsBench?.tasks ?? []).filter((t) => t.start + t.duration >= start && t.start <= end),
    { start, end },
  );
  return {
    count: tasks.filter((task) => task.duration >= BUDGET_TASK_MS).length,
    longestMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
  };
}

/** `YYYY-MM` plus `months`. */
function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

interface RunSample {
  run: number;
  isWarm: boolean;
  /** Click on Run report to the preview's first frame, ms. */
  previewMs: number;
  /** Click on Run report to the grid holding every row of the run, ms. */
  allRowsMs: number;
  /** What the worker says it spent reading the local database and computing the rows. */
  workerMs: number;
  rows: number;
  tasks: Tasks;
  load: number;
}

interface ExportSample {
  run: number;
  /** Click on Export to the file's download, ms. */
  exportMs: number;
  bytes: number;
  tasks: Tasks;
  load: number;
}

/** Sets the 36 months ending with the page's default end (the latest bill month on the device). */
async function setRange(page: Page): Promise<{ fromMonth: string; toMonth: string }> {
  const toMonth = await page.getByLabel('To month').inputValue();
  const fromMonth = addMonths(toMonth, 1 - MONTHS);
  await page.getByLabel('From month').fill(fromMonth);
  return { fromMonth, toMonth };
}

/** Clicks Run report and waits for the preview's first frame. */
async function runOnce(
  page: Page,
  run: number,
  isWarm: boolean,
  profileDir: string | null,
): Promise<RunSample> {
  const load = load1();
  const profiler = profileDir ? await startProfile(page) : null;
  await page.getByRole('button', { name: 'Run report' }).click();
  const handle = await page.waitForFunction(
    (title) => {
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === title);
      const info = heading?.closest('.panel__head')?.querySelector('.muted')?.textContent ?? '';
      return heading && /rows · computed/.test(info) ? { at: performance.now(), info } : false;
    },
    REPORT_TITLE,
    { polling: 'raf', timeout: RUN_TIMEOUT_MS },
  );
  const shown = (await handle.jsonValue()) as { at: number; info: string };
  const click = await page.evaluate(() => window.__reportsBench?.click ?? 0);
  // The first page of rows is the preview; the others keep arriving on the main thread until the grid holds the
  // whole run, so the long tasks are counted until then (and a moment after, for the grid's work on the full set).
  const complete = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role="status"]')].some((node) =>
        node.textContent?.startsWith('Showing the first'),
      )
        ? false
        : performance.now(),
    undefined,
    { polling: 'raf', timeout: RUN_TIMEOUT_MS },
  );
  const allRowsAt = (await complete.jsonValue()) as number;
  await page.waitForTimeout(300);
  if (profiler && profileDir)
    for (const line of saveProfile(
      await profiler.stop(),
      join(profileDir, `report-preview-${run}-${isWarm ? 'warm' : 'cold'}.cpuprofile`),
    ))
      log(line);
  const numbers = shown.info.match(/[\d,]+/g)?.map((text) => Number(text.replace(/,/g, ''))) ?? [];
  return {
    run,
    isWarm,
    previewMs: Math.round(shown.at - click),
    allRowsMs: Math.round(allRowsAt - click),
    workerMs: numbers[1] ?? 0,
    rows: numbers[0] ?? 0,
    tasks: await tasksIn(page, { start: click, end: allRowsAt + 300 }),
    load,
  };
}

async function exportOnce(page: Page, run: number, profileDir: string | null): Promise<ExportSample> {
  const load = load1();
  const profiler = profileDir ? await startProfile(page) : null;
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: RUN_TIMEOUT_MS }),
    page.getByRole('button', { name: 'Export .xlsx' }).click(),
  ]);
  const end = await page.evaluate(() => performance.now());
  const click = await page.evaluate(() => window.__reportsBench?.click ?? 0);
  if (profiler && profileDir)
    for (const line of saveProfile(
      await profiler.stop(),
      join(profileDir, `report-export-${run}.cpuprofile`),
    ))
      log(line);
  const path = await download.path();
  return {
    run,
    exportMs: Math.round(end - click),
    bytes: statSync(path).size,
    tasks: await tasksIn(page, { start: click, end }),
    load,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function measure(setUp: BenchSetUp, runs: number, profileDir: string | null): Promise<void> {
  const { ready, baseUrl, browser } = setUp;
  log(
    `server on ${baseUrl}: '${ready.companyName}' (company ${ready.companyId}): ${int(ready.rowsByEntity.bills ?? 0)} bills; seed ${sec(ready.seedMs)}`,
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await context.addInitScript({ content: `(${installObserver.toString()})();` });
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  const reportsUrl = `${baseUrl}/companies/${ready.companyId}/reports`;

  log(`signing in as ${BENCH_LOGIN.email}`);
  await signIn(page, baseUrl);
  await page.goto(reportsUrl);
  log(`waiting for the first sync of company ${ready.companyId} (up to ${sec(SYNC_TIMEOUT_MS)})`);
  log(`  synced in ${sec(await waitForSync(page, SYNC_TIMEOUT_MS))}`);
  await waitForOfflineShell(page);
  await context.setOffline(true);
  log('offline from here on: the report runs on the device');
  warnIfLoaded();

  const previews: RunSample[] = [];
  const exports: ExportSample[] = [];
  let range = { fromMonth: '', toMonth: '' };
  for (let run = 1; run <= runs; run++) {
    // A fresh page each run: the report worker starts cold and reads the local database again.
    await page.goto(reportsUrl);
    await page.getByRole('button', { name: 'Run report' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Run report' }).and(page.locator(':enabled')).waitFor();
    // The default range ends with the latest bill month once the filter choices are read from the device.
    await page.getByText('Charge types', { exact: true }).first().waitFor({ timeout: 60_000 });
    range = await setRange(page);
    const cold = await runOnce(page, run, false, profileDir);
    previews.push(cold);
    log(
      `  run ${run} (cold): ${int(cold.rows)} rows, preview ${ms(cold.previewMs)} (worker ${ms(cold.workerMs)}), every row ${ms(cold.allRowsMs)}, long tasks ${cold.tasks.count} (longest ${cold.tasks.longestMs} ms)`,
    );
    const warm = await runOnce(page, run, true, profileDir);
    previews.push(warm);
    log(
      `  run ${run} (warm): preview ${ms(warm.previewMs)}, every row ${ms(warm.allRowsMs)}, long tasks ${warm.tasks.count} (longest ${warm.tasks.longestMs} ms)`,
    );
    const exported = await exportOnce(page, run, profileDir);
    exports.push(exported);
    log(
      `  run ${run} export: ${ms(exported.exportMs)}, ${(exported.bytes / 1e6).toFixed(1)} MB, long tasks ${exported.tasks.count} (longest ${exported.tasks.longestMs} ms)`,
    );
  }

  const cold = previews.filter((sample) => !sample.isWarm);
  const warm = previews.filter((sample) => sample.isWarm);
  const worst = (samples: { tasks: Tasks }[]) => Math.max(0, ...samples.map((s) => s.tasks.longestMs));
  const count = (samples: { tasks: Tasks }[]) => samples.reduce((sum, s) => sum + s.tasks.count, 0);
  const rows = [
    ['measure', 'median', 'max', 'budget', 'long tasks ≥ 50 ms (longest)', 'verdict'],
    [
      'preview, cold worker',
      ms(median(cold.map((s) => s.previewMs))),
      ms(Math.max(...cold.map((s) => s.previewMs))),
      ms(BUDGET_PREVIEW_MS),
      `${count(cold)} (${worst(cold)} ms)`,
      verdict(median(cold.map((s) => s.previewMs)) <= BUDGET_PREVIEW_MS && count(cold) === 0),
    ],
    [
      'every row in the grid, cold',
      ms(median(cold.map((s) => s.allRowsMs))),
      ms(Math.max(...cold.map((s) => s.allRowsMs))),
      '—',
      '(counted with the preview)',
      '',
    ],
    [
      'preview, warm worker',
      ms(median(warm.map((s) => s.previewMs))),
      ms(Math.max(...warm.map((s) => s.previewMs))),
      ms(BUDGET_PREVIEW_MS),
      `${count(warm)} (${worst(warm)} ms)`,
      verdict(median(warm.map((s) => s.previewMs)) <= BUDGET_PREVIEW_MS && count(warm) === 0),
    ],
    [
      'export .xlsx',
      ms(median(exports.map((s) => s.exportMs))),
      ms(Math.max(...exports.map((s) => s.exportMs))),
      ms(BUDGET_EXPORT_MS),
      `${count(exports)} (${worst(exports)} ms)`,
      verdict(median(exports.map((s) => s.exportMs)) <= BUDGET_EXPORT_MS && count(exports) === 0),
    ],
  ];
  console.log(
    `\n${REPORT_TITLE}, ${range.fromMonth} to ${range.toMonth} (${MONTHS} months), ${int(cold[0]?.rows ?? 0)} rows, offline, ${runs} runs\n`,
  );
  console.log(table(rows));
  const file = writeResults('reports', {
    machine: machine(browser),
    company: { id: ready.companyId, name: ready.companyName, rowsByEntity: ready.rowsByEntity },
    range,
    previews,
    exports,
  });
  log(`results: ${file}`);
  await context.close();
}

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, profile: { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs must be 1 to 20');
// A CPU profile of each preview and export (bench/cpuProfile.ts), built unminified: for causes, not for the budget's figures.
const profileDir = values.profile === undefined ? null : resolve(values.profile);
if (profileDir) mkdirSync(profileDir, { recursive: true });
runBench(
  {
    tempPrefix: 'get-bench-reports-',
    building: 'the app',
    build: (outDir) => buildApp(outDir, { minify: profileDir === null }),
  },
  (setUp) => measure(setUp, runs, profileDir),
);

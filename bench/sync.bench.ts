// `npm run bench:sync` (docs/architecture.md §9): the sync engine against the scale-L company, in Chromium.
// Builds the bench page (bench/page), starts the real app on a fresh seeded database serving that page (one
// origin, no CORS), drives the page with Playwright, prints a table and writes bench/results/sync-*.json.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import {
  BENCH_LOGIN,
  benchStarted,
  buildBenchPage,
  runBench,
  int,
  kb,
  load1,
  log,
  machine,
  mb,
  pct,
  sec,
  table,
  verdict,
  warnIfLoaded,
  writeResults,
} from './harness';
import type { BenchSetUp } from './harness';
import type {
  BenchPageApi,
  BenchProgress,
  FeedOnlyResult,
  RawWriteResult,
  SyncRunResult,
} from './page/protocol';

/** workers/sync/engine.ts DEFAULT_PAGE_SIZE; the run checks it against the requests it sees. */
const ENGINE_DEFAULT_PAGE_SIZE = 5000;
/** The comparison run: the page size the engine used before pages were pipelined and enlarged. */
const COMPARISON_PAGE_SIZE = 1000;
/** The change feed's maximum page (server/src/areas/sync/sync.ts). */
const FEED_MAX_PAGE_SIZE = 5000;
/** docs/architecture.md §9. */
const BUDGET_PULL_RATIO = 0.8;
const BUDGET_RESYNC_BYTES_SHARE = 0.03;
const CHANGED_SHARE = 0.01;
/** Rows of the no-index raw write: context only (what the indexes cost), kept short. */
const NO_INDEX_ROWS = 50_000;

/** One page size's figures. */
interface PageSizeRun {
  label: string;
  pageSize: number;
  /** The `limit` values the engine actually sent (from the browser's requests); empty when none was seen. */
  observedLimits: number[];
  /** Measured for the engine's default page size only (it costs a full extra download). */
  feedOnly: FeedOnlyResult | null;
  raw: RawWriteResult;
  /** The same writes into a store with no index, on fewer rows (default page size only). */
  rawNoIndexes: RawWriteResult | null;
  pull: SyncRunResult;
  /** Pull rows/s ÷ raw IndexedDB rows/s, both measured in this page just now. */
  ratio: number;
  /**
   * What a pull that fetches, then writes, then fetches again would reach: 1 / (1/feed + 1/raw). A pull close to
   * it is serial; one that overlapped the next page's fetch with the current page's writes would approach
   * min(feed, raw) instead.
   */
  serialModelRowsPerSec: number | null;
  pipelinedBoundRowsPerSec: number | null;
  /** 1-minute load average before each step: other work on the machine skews every figure. */
  load: { feedOnly: number | null; raw: number; pull: number };
}

interface ResyncRun {
  /** A `Sync now` with nothing changed: the fixed cost of asking. */
  idle: SyncRunResult;
  changedRows: number;
  serverWriteMs: number;
  changed: SyncRunResult;
  bytesShare: number;
  timeShare: number;
}

interface Options {
  altPageSize: number;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: { 'alt-page-size': { type: 'string', default: String(COMPARISON_PAGE_SIZE) } },
  });
  const altPageSize = Number(values['alt-page-size']);
  if (!Number.isInteger(altPageSize) || altPageSize < 0 || altPageSize > FEED_MAX_PAGE_SIZE) {
    throw new Error(`--alt-page-size must be 0 (skip) to ${FEED_MAX_PAGE_SIZE}`);
  }
  return { altPageSize };
}

/** Calls `window.bench[name](...args)` in the page. */
async function call<K extends keyof BenchPageApi>(
  page: Page,
  name: K,
  ...args: Parameters<BenchPageApi[K]>
): Promise<Awaited<ReturnType<BenchPageApi[K]>>> {
  const result = await page.evaluate(
    async ({ name, args }) => {
      const bench = window.bench;
      if (!bench) throw new Error('The bench page did not load');
      const method = bench[name] as (...values: unknown[]) => Promise<unknown>;
      return method.apply(bench, args);
    },
    { name, args },
  );
  return result as Awaited<ReturnType<BenchPageApi[K]>>;
}

async function measure(setUp: BenchSetUp, options: Options): Promise<void> {
  const { server: benchServer, ready, baseUrl, browser: launched } = setUp;
  const { companyId, companyRows } = ready;
  log(
    `server on ${baseUrl}: '${ready.companyName}' (company ${companyId}) has ${int(companyRows)} feed rows; seed ${sec(ready.seedMs)}`,
  );

  const context = await launched.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') log(`page console: ${message.text()}`);
  });
  const limits = new Set<number>();
  // Requests of the page's workers reach the context too: they tell which page size the engine asked for.
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/changes')) limits.add(Number(url.searchParams.get('limit')));
  });
  await page.exposeFunction('benchProgress', async (progress: BenchProgress) => {
    log(`  ${progress.phase}: ${int(progress.rows)} rows, ${mb(progress.bytes)}, ${sec(progress.elapsedMs)}`);
  });
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction(() => window.bench !== undefined);
  await call(page, 'login', BENCH_LOGIN.email, BENCH_LOGIN.password);
  const calibration = await call(page, 'calibrateLongTasks');
  log(
    `Chromium ${launched.version()}; long-task observer check: an 80 ms busy loop was seen as ${calibration} ms`,
  );
  if (calibration < 50)
    log('WARNING: this Chromium reports no long tasks; the longest-task figure below is not meaningful');
  warnIfLoaded('compare ratios, not rates');

  const sizes = [
    {
      label: `engine default (${ENGINE_DEFAULT_PAGE_SIZE})`,
      pageSize: ENGINE_DEFAULT_PAGE_SIZE,
      engineOption: null,
    },
    ...(options.altPageSize > 0 && options.altPageSize !== ENGINE_DEFAULT_PAGE_SIZE
      ? [
          {
            label: `page ${options.altPageSize}`,
            pageSize: options.altPageSize,
            engineOption: options.altPageSize,
          },
        ]
      : []),
  ];
  const runs: PageSizeRun[] = [];
  let resync: ResyncRun | null = null;
  for (const [i, size] of sizes.entries()) {
    let feedOnly: FeedOnlyResult | null = null;
    const feedLoad = i === 0 ? load1() : null;
    if (i === 0) {
      log(`${size.label}: feed only (fetch + parse in a worker, nothing stored)`);
      feedOnly = await call(page, 'feedOnly', companyId, size.pageSize);
      log(
        `  ${int(feedOnly.rows)} rows, ${mb(feedOnly.bytes)} in ${sec(feedOnly.ms)}: ${int(feedOnly.rowsPerSec)} rows/s`,
      );
    }
    const rawLoad = load1();
    log(
      `${size.label}: raw IndexedDB writes of ${int(companyRows)} bill rows, ${int(size.pageSize)} per transaction, in a worker`,
    );
    const raw = await call(page, 'raw', companyId, companyRows, size.pageSize, true);
    log(`  ${sec(raw.ms)}: ${int(raw.rowsPerSec)} rows/s`);
    let rawNoIndexes: RawWriteResult | null = null;
    if (i === 0) {
      const rows = Math.min(NO_INDEX_ROWS, companyRows);
      log(`${size.label}: raw IndexedDB writes of ${int(rows)} rows into a store without indexes (context)`);
      rawNoIndexes = await call(page, 'raw', companyId, rows, size.pageSize, false);
      log(`  ${sec(rawNoIndexes.ms)}: ${int(rawNoIndexes.rowsPerSec)} rows/s`);
    }
    log(
      `${size.label}: initial pull by the ${size.engineOption === null ? 'real sync worker' : 'bench engine worker'} into a fresh database`,
    );
    limits.clear();
    const pullLoad = load1();
    const pull = await call(page, 'pull', {
      companyId,
      localUserId: 900_000 + i,
      pageSize: size.engineOption,
    });
    const observedLimits = [...limits].sort((a, b) => a - b);
    log(
      `  ${int(pull.rows)} rows, ${mb(pull.bytes)} in ${sec(pull.wallMs)}: ${int(pull.rowsPerSec)} rows/s (limit sent: ${observedLimits.join(', ') || 'not seen'})`,
    );
    if (pull.localRows !== companyRows)
      log(`WARNING: ${int(pull.localRows)} rows stored locally, the server has ${int(companyRows)}`);
    runs.push({
      label: size.label,
      pageSize: size.pageSize,
      observedLimits,
      feedOnly,
      raw,
      rawNoIndexes,
      pull,
      ratio: pull.rowsPerSec / raw.rowsPerSec,
      serialModelRowsPerSec: feedOnly ? Math.round(1 / (1 / feedOnly.rowsPerSec + 1 / raw.rowsPerSec)) : null,
      pipelinedBoundRowsPerSec: feedOnly ? Math.min(feedOnly.rowsPerSec, raw.rowsPerSec) : null,
      load: { feedOnly: feedLoad, raw: rawLoad, pull: pullLoad },
    });

    if (i === 0) {
      log('re-sync with nothing changed');
      const idle = await call(page, 'resync', companyId);
      const changedRows = Math.round(pull.rows * CHANGED_SHARE);
      log(
        `changing ${int(changedRows)} bills on the server (${pct(CHANGED_SHARE)} of the pulled rows), one synced write each`,
      );
      benchServer.send({ type: 'touch', rows: changedRows });
      const touched = await benchServer.next('touched', 300_000);
      log(`  ${int(touched.rows)} writes in ${sec(touched.ms)}`);
      log('re-sync after the change');
      const changed = await call(page, 'resync', companyId);
      log(`  ${int(changed.rows)} rows, ${kb(changed.bytes)} in ${sec(changed.wallMs)}`);
      resync = {
        idle,
        changedRows: touched.rows,
        serverWriteMs: touched.ms,
        changed,
        bytesShare: changed.bytes / pull.bytes,
        timeShare: changed.wallMs / pull.wallMs,
      };
    }
    await call(page, 'closeSync');
  }

  const reference = runs[0];
  if (!reference || !resync) throw new Error('The default page size did not run');
  const header = ['', ...runs.map((run) => run.label)];
  const each = (label: string, cell: (run: PageSizeRun) => string) => [label, ...runs.map(cell)];
  const figures = table([
    header,
    each('page size the engine sent', (run) => run.observedLimits.join(', ') || '?'),
    each('feed only: fetch + parse, rows/s', (run) => (run.feedOnly ? int(run.feedOnly.rowsPerSec) : '-')),
    each('raw IndexedDB write (worker), rows/s', (run) => int(run.raw.rowsPerSec)),
    each(`raw, no indexes (${int(NO_INDEX_ROWS / 1000)} k rows, context), rows/s`, (run) =>
      run.rawNoIndexes ? int(run.rawNoIndexes.rowsPerSec) : '-',
    ),
    each('serial model 1/(1/feed + 1/raw), rows/s', (run) =>
      run.serialModelRowsPerSec === null ? '-' : int(run.serialModelRowsPerSec),
    ),
    each('initial pull: rows', (run) => int(run.pull.rows)),
    each('initial pull: bytes', (run) => mb(run.pull.bytes)),
    each('initial pull: time (wall)', (run) => sec(run.pull.wallMs)),
    each('initial pull: time (pull loop)', (run) => sec(run.pull.pullMs)),
    each('initial pull: rows/s', (run) => int(run.pull.rowsPerSec)),
    each(
      `pull ÷ raw (budget ≥ ${BUDGET_PULL_RATIO})`,
      (run) => `${run.ratio.toFixed(2)} ${verdict(run.ratio >= BUDGET_PULL_RATIO)}`,
    ),
    each('longest main-thread task in pull', (run) =>
      run.pull.mainThread.longTasks === 0
        ? 'none ≥ 50 ms'
        : `${run.pull.mainThread.longestTaskMs} ms (${run.pull.mainThread.longTasks} tasks)`,
    ),
    each('worst 20 ms timer lateness in pull', (run) => `${run.pull.mainThread.maxTimerLagMs} ms`),
    each('load average before the pull', (run) => run.load.pull.toFixed(1)),
  ]);
  const resyncTable = table([
    ['re-sync (engine default page size)', 'rows', 'bytes', 'time', 'bytes share', 'time share'],
    [
      'nothing changed',
      int(resync.idle.rows),
      kb(resync.idle.bytes),
      sec(resync.idle.wallMs),
      pct(resync.idle.bytes / reference.pull.bytes),
      pct(resync.idle.wallMs / reference.pull.wallMs),
    ],
    [
      `after ${pct(CHANGED_SHARE)} of rows changed (${int(resync.changedRows)} bills)`,
      int(resync.changed.rows),
      kb(resync.changed.bytes),
      sec(resync.changed.wallMs),
      `${pct(resync.bytesShare)} ${verdict(resync.bytesShare <= BUDGET_RESYNC_BYTES_SHARE)}`,
      pct(resync.timeShare),
    ],
  ]);
  console.log(
    [
      '',
      `Sync bench: '${ready.companyName}', ${int(companyRows)} rows; Chromium ${launched.version()}; ${cpus().length} CPUs`,
      '',
      figures,
      '',
      resyncTable,
      `(bytes-share budget ≤ ${pct(BUDGET_RESYNC_BYTES_SHARE)} of a full pull; docs/architecture.md §9)`,
      '',
    ].join('\n'),
  );

  const results = {
    bench: 'sync',
    startedAt: new Date(benchStarted).toISOString(),
    durationMs: Date.now() - benchStarted,
    machine: machine(launched),
    company: {
      id: companyId,
      name: ready.companyName,
      rows: companyRows,
      rowsByEntity: ready.rowsByEntity,
      seedMs: ready.seedMs,
    },
    longTaskCalibrationMs: calibration,
    engineDefaultPageSize: ENGINE_DEFAULT_PAGE_SIZE,
    runs,
    resync,
    budgets: {
      pullToRawRatio: {
        value: reference.ratio,
        min: BUDGET_PULL_RATIO,
        pass: reference.ratio >= BUDGET_PULL_RATIO,
      },
      resyncBytesShare: {
        value: resync.bytesShare,
        max: BUDGET_RESYNC_BYTES_SHARE,
        pass: resync.bytesShare <= BUDGET_RESYNC_BYTES_SHARE,
      },
    },
  };
  log(`results written to ${writeResults('sync', results)}`);
}

runBench(
  { tempPrefix: 'get-bench-', building: 'the bench page', build: (spaDir) => buildBenchPage(spaDir) },
  (setUp) => measure(setUp, readOptions()),
);

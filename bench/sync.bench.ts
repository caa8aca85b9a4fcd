// `npm run bench:sync` (issue 5 §5, DESIGN.md §9): the sync engine against the scale-L company, in Chromium.
// Builds the bench page (bench/page), starts the real app on a fresh seeded database serving that page (one
// origin, no CORS), drives the page with Playwright, prints a table and writes bench/results/sync-*.json.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { build } from 'vite';
import type { FromServer, ToServer } from './messages';
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
/** The change feed's maximum page (server/src/routes/sync.ts). */
const FEED_MAX_PAGE_SIZE = 5000;
/** DESIGN.md §9. */
const BUDGET_PULL_RATIO = 0.8;
const BUDGET_RESYNC_BYTES_SHARE = 0.03;
const CHANGED_SHARE = 0.01;
/** Rows of the no-index raw write: context only (what the indexes cost), kept short. */
const NO_INDEX_ROWS = 50_000;
const BENCH_LOGIN = { email: 'super@get.demo', password: 'Demo@2026!' };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const benchStarted = Date.now();

function log(message: string): void {
  const seconds = Math.round((Date.now() - benchStarted) / 1000);
  console.log(`[${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}] ${message}`);
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const kb = (bytes: number) =>
  bytes < 1e3 ? `${bytes} B` : bytes < 1e5 ? `${(bytes / 1e3).toFixed(1)} kB` : mb(bytes);
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The 1-minute load average. */
const load1 = () => loadavg()[0] ?? 0;
const pct = (share: number) => `${(share * 100).toFixed(2)} %`;

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

/** The bench server process and its messages. */
class BenchServer {
  private readonly waiting = new Set<(message: FromServer) => void>();
  private exited = false;

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: FromServer) => {
      if (message.type === 'progress') log(`server: ${message.message}`);
      for (const listener of [...this.waiting]) listener(message);
    });
    child.on('exit', (code) => {
      this.exited = true;
      for (const listener of [...this.waiting])
        listener({ type: 'failed', message: `the bench server exited (code ${code})` });
    });
  }

  send(message: ToServer): void {
    this.child.send(message);
  }

  /** The next message of a type; a failure or exit of the server rejects. */
  next<T extends FromServer['type']>(type: T, timeoutMs: number): Promise<Extract<FromServer, { type: T }>> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(listener);
        reject(new Error(`The bench server sent no '${type}' within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const listener = (message: FromServer) => {
        if (message.type !== type && message.type !== 'failed') return;
        clearTimeout(timer);
        this.waiting.delete(listener);
        if (message.type === 'failed') reject(new Error(`Bench server: ${message.message}`));
        else resolvePromise(message as Extract<FromServer, { type: T }>);
      };
      this.waiting.add(listener);
    });
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((done) => this.child.once('exit', () => done()));
    if (this.child.connected) this.send({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGTERM'), 10_000);
    await exited;
    clearTimeout(timer);
  }
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

async function buildPage(outDir: string): Promise<void> {
  await build({
    root: resolve('bench/page'),
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    base: '/',
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, reportCompressedSize: false },
    worker: { format: 'es' },
  });
}

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = widths.map((width) => '-'.repeat(width)).join('-+-');
  return rows
    .map((row, i) => {
      const text = row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join(' | ');
      return i === 0 ? `${text}\n${line}` : text;
    })
    .join('\n');
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  const options = readOptions();
  const root = mkdtempSync(join(tmpdir(), 'get-bench-'));
  const dataDir = join(root, 'data');
  const spaDir = join(root, 'page');
  let server: BenchServer | null = null;
  let browser: Browser | null = null;

  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    browser = null;
    await server?.stop().catch(() => undefined);
    server = null;
    rmSync(root, { recursive: true, force: true });
  };
  const interrupted = () => {
    log('interrupted: stopping the browser and the server');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    log(`temp folder ${root}`);
    log('building the bench page and seeding the server database (demo + scale L), side by side');
    const child = fork(resolve('bench/server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SPA_DIR: spaDir,
        SKIP_SPA_BUILD: '1',
        HOST: '127.0.0.1',
        PORT: '0',
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // The whole bench fits in one token; the page still refreshes like the app if it has to.
        ACCESS_TOKEN_TTL_SECONDS: '3600',
      },
    });
    const benchServer = new BenchServer(child);
    server = benchServer;
    const seeded = benchServer.next('seeded', 300_000);
    await buildPage(spaDir);
    log('bench page built');
    await seeded;
    benchServer.send({ type: 'serve' });
    const ready = await benchServer.next('ready', 60_000);
    const baseUrl = `http://127.0.0.1:${ready.port}`;
    const { companyId, companyRows } = ready;
    log(
      `server on ${baseUrl}: '${ready.companyName}' (company ${companyId}) has ${int(companyRows)} feed rows; seed ${sec(ready.seedMs)}`,
    );

    const launched = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    browser = launched;
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
      log(
        `  ${progress.phase}: ${int(progress.rows)} rows, ${mb(progress.bytes)}, ${sec(progress.elapsedMs)}`,
      );
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
    if (load1() > cpus().length)
      log(
        `WARNING: load average ${load1().toFixed(1)} on ${cpus().length} CPUs: other work skews the figures; compare ratios, not rates`,
      );

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
        log(
          `${size.label}: raw IndexedDB writes of ${int(rows)} rows into a store without indexes (context)`,
        );
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
        serialModelRowsPerSec: feedOnly
          ? Math.round(1 / (1 / feedOnly.rowsPerSec + 1 / raw.rowsPerSec))
          : null,
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
        `(bytes-share budget ≤ ${pct(BUDGET_RESYNC_BYTES_SHARE)} of a full pull; DESIGN.md §9)`,
        '',
      ].join('\n'),
    );

    const resultsDir = resolve('bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `sync-${new Date(benchStarted).toISOString().replace(/[:.]/g, '-')}.json`);
    const results = {
      bench: 'sync',
      startedAt: new Date(benchStarted).toISOString(),
      durationMs: Date.now() - benchStarted,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? null,
        memoryBytes: totalmem(),
        node: process.version,
        chromium: launched.version(),
      },
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
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    log(`results written to ${relative(process.cwd(), file)}`);
  } finally {
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

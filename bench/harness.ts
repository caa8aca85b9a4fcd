// What the benchmarks share (bench/sync.bench.ts, bench/pages.bench.ts, bench/xlsx.bench.ts): the bench server child
// process, the bench pages' build, Debian's Chromium, the progress log, number formats, the text table, results files
// and clean-up on Ctrl-C.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import type { FromServer, ToServer } from './messages';

export const BENCH_LOGIN = { email: 'super@get.demo', password: 'Demo@2026!' };

/** The launch flags of playwright.config.ts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium (or CHROMIUM_PATH), never a downloaded browser, with the browser tests' flags. Playwright's own
 * Ctrl-C and SIGTERM handlers are off: they exit the process as soon as the browser is closed, before the bench's
 * handler (cleanUpOnInterrupt) has stopped the server and removed the temporary folder.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
  });
}

/** Builds one page of bench/page (its HTML file; Vite's JS API, no config file) into `outDir`. */
export async function buildBenchPage(outDir: string, html = 'index.html'): Promise<void> {
  const root = resolve('bench/page');
  await build({
    root,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    base: '/',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: { input: join(root, html) },
    },
    worker: { format: 'es' },
  });
}

export const benchStarted = Date.now();

/** A progress line, prefixed with the minutes and seconds since the bench started. */
export function log(message: string): void {
  const seconds = Math.round((Date.now() - benchStarted) / 1000);
  console.log(`[${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}] ${message}`);
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
export const kb = (bytes: number) =>
  bytes < 1e3 ? `${bytes} B` : bytes < 1e5 ? `${(bytes / 1e3).toFixed(1)} kB` : mb(bytes);
export const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const pct = (share: number) => `${(share * 100).toFixed(2)} %`;
/** The 1-minute load average. */
export const load1 = () => loadavg()[0] ?? 0;
export const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');

/** A text table: the first row is the header, the first column is left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
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

/** Warns when other work shares the machine: every figure is skewed then. */
export function warnIfLoaded(advice?: string): void {
  if (load1() > cpus().length)
    log(
      `WARNING: load average ${load1().toFixed(1)} on ${cpus().length} CPUs: other work skews the figures${advice ? `; ${advice}` : ''}`,
    );
}

/** The machine a run measured, for the results file. */
export function machine(browser: Browser) {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? null,
    memoryBytes: totalmem(),
    node: process.version,
    chromium: browser.version(),
  };
}

/** Writes bench/results/{name}-{start time}.json (git-ignored); answers its path relative to the working folder. */
export function writeResults(name: string, results: unknown): string {
  const resultsDir = resolve('bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}-${new Date(benchStarted).toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return relative(process.cwd(), file);
}

let isInterrupted = false;

/** True once Ctrl-C or SIGTERM arrived: the bench's own failures after it (a closed browser) are not news. */
export const wasInterrupted = () => isInterrupted;

/**
 * Runs `cleanUp` and exits on Ctrl-C or SIGTERM. The handler stays installed while cleaning up: the tsx CLI relays
 * the signal to this process a second time when it is slow to acknowledge it (a loaded machine), and tsx ends a
 * process that has no handler left — before the server is stopped and the temporary folder removed.
 */
export function cleanUpOnInterrupt(cleanUp: () => Promise<void>): void {
  const interrupted = () => {
    if (isInterrupted) return;
    isInterrupted = true;
    log('interrupted: stopping the browser and the server');
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
}

/** The bench server process (bench/server.ts) and its messages. */
export class BenchServer {
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

  /**
   * Forks bench/server.ts on a fresh database in `dataDir`; it seeds (demo, + scale L unless `scale` is false), says `seeded`, and serves
   * `spaDir` (built by then) with the API on one loopback origin once told `serve`.
   */
  static start(dataDir: string, spaDir: string, scale = true): BenchServer {
    const child = fork(resolve('bench/server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SPA_DIR: spaDir,
        SKIP_SPA_BUILD: '1',
        ...(scale ? {} : { BENCH_SCALE: 'none' }),
        HOST: '127.0.0.1',
        PORT: '0',
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // A whole bench fits in one token; the page still refreshes like the app if it has to.
        ACCESS_TOKEN_TTL_SECONDS: '3600',
      },
    });
    return new BenchServer(child);
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

/** The server's answer once it serves the page: its port and the scale-L company's figures. */
export type ServerReady = Extract<FromServer, { type: 'ready' }>;

/** What a bench drives: Chromium, or one of its contexts (a persistent profile another client shares). */
interface Closable {
  close(): Promise<void>;
}

/** What a bench measures with: the seeded server serving its page, the address, and Chromium. */
export interface BenchSetUp<B extends Closable = Browser> {
  server: BenchServer;
  ready: ServerReady;
  baseUrl: string;
  browser: B;
  /** The bench's temporary folder (removed at the end). */
  root: string;
}

/** How a bench prepares: its temporary folder's prefix, and what it builds for the server to serve. */
export interface BenchPlan<B extends Closable = Browser> {
  tempPrefix: string;
  /** Said in the log: 'the bench page', 'the app'. */
  building: string;
  build: (spaDir: string) => Promise<void>;
  /** Seed the scale-L company beside the demo data (default true). */
  scale?: boolean;
  /** Starts Chromium, given the temporary folder (default: launchChromium). */
  launch?: (root: string) => Promise<B>;
}

/**
 * Runs a bench and exits: a temporary folder; the page built while the server seeds (demo + scale L, or the demo
 * only when `plan.scale` is false) beside it;
 * the server serving it; Chromium; then `measure`. The browser, the server and the folder go at the end, on a
 * failure and on Ctrl-C.
 */
export function runBench<B extends Closable = Browser>(
  plan: BenchPlan<B>,
  measure: (setUp: BenchSetUp<B>) => Promise<void>,
): void {
  const root = mkdtempSync(join(tmpdir(), plan.tempPrefix));
  const launch = plan.launch ?? (launchChromium as unknown as (root: string) => Promise<B>);
  const scale = plan.scale ?? true;
  let server: BenchServer | null = null;
  let browser: B | null = null;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    browser = null;
    await server?.stop().catch(() => undefined);
    server = null;
    rmSync(root, { recursive: true, force: true });
  };
  cleanUpOnInterrupt(cleanUp);

  const run = async () => {
    try {
      log(`temp folder ${root}`);
      log(
        `building ${plan.building} and seeding the server database (${scale ? 'demo + scale L' : 'demo'}), side by side`,
      );
      const spaDir = join(root, 'spa');
      const started = BenchServer.start(join(root, 'data'), spaDir, scale);
      server = started;
      const seeded = started.next('seeded', 300_000);
      const buildStarted = Date.now();
      await plan.build(spaDir);
      log(`${plan.building} built in ${sec(Date.now() - buildStarted)}`);
      await seeded;
      started.send({ type: 'serve' });
      const ready = await started.next('ready', 60_000);
      const launched = await launch(root);
      browser = launched;
      await measure({
        server: started,
        ready,
        baseUrl: `http://127.0.0.1:${ready.port}`,
        browser: launched,
        root,
      });
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

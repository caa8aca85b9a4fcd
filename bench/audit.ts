// `npm run audit` (docs/architecture.md §9, §10): Lighthouse's desktop audit of the login page, a client's home and
// Locations, and the app's installability, against the real server with the demo data and the real built app in
// Debian's Chromium. Prints a table and writes bench/results/audit-*.json (the summary) and audit-lhr-*.json (each
// page's full Lighthouse result).
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Result } from 'lighthouse';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  load1,
  log,
  runBench,
  table,
  verdict,
  warnIfLoaded,
  writeResults,
} from './harness';
import type { BenchSetUp } from './harness';
import { buildApp, signIn, waitForOfflineShell, waitForSync, withTimeout } from './appSession';

/** The scores each page must reach (docs/architecture.md §9) (0–100); SEO has none. */
const BUDGETS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** A demo client of Northwind Retail (README, Demo logins): lands on the client home. */
const CLIENT = 'client@northwind.demo';
const PAGES = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'client home', path: '/home', signedIn: true },
  { name: 'Locations', path: '/locations', signedIn: true },
] as const;
const LIGHTHOUSE_TIMEOUT_MS = 180_000;

interface Installability {
  /** Chromium's own verdict (Page.getInstallabilityErrors): none means the browser offers to install the app. */
  errors: string[];
  manifestUrl: string | null;
  manifestErrors: string[];
  serviceWorkerControls: boolean;
  installable: boolean;
}

/** What Lighthouse flagged: every scored audit below 1 (informative and manual audits aside). */
interface Flag {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue: string | null;
}

interface PageResult {
  name: string;
  path: string;
  /** Performance of every run; the reported scores are those of the median run by performance. */
  performanceRuns: number[];
  scores: Record<Category, number | null>;
  metrics: Record<string, number | null>;
  flags: Flag[];
  runWarnings: string[];
  installability: Installability;
  lhrFile: string;
}

function readOptions(): { runs: number } {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs must be 1 to 9');
  return { runs };
}

/**
 * Chromium with one persistent profile and a remote-debugging port: the tab Lighthouse opens through the port shares
 * the profile (cookies, IndexedDB, the service worker) with the tab that signed in. The window has Lighthouse's
 * desktop size; no viewport emulation of Playwright's own.
 */
async function launchProfile(root: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(join(root, 'profile'), {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0', '--window-size=1350,940'],
    viewport: null,
    handleSIGINT: false,
    handleSIGTERM: false,
  });
}

/** The port Chromium chose, from the DevToolsActivePort file it writes into its profile. */
function debuggingPort(root: string): number {
  const port = Number(readFileSync(join(root, 'profile', 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('Chromium wrote no remote-debugging port');
  return port;
}

const score = (value: number | null | undefined) => (value == null ? null : Math.round(value * 100));

function flagsOf(lhr: Result): Flag[] {
  const flags: Flag[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric') continue;
      // Metrics show in their own table (a lead explains them); the report does not show hidden audits either.
      if (!ref.group || ref.group === 'metrics' || ref.group === 'hidden') continue;
      flags.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? null,
      });
    }
  }
  return flags;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** One Lighthouse navigation of `url` in a new tab of the profile, desktop settings. */
async function runLighthouse(url: string, port: number, keepStorage: boolean): Promise<Result> {
  const result = await withTimeout(
    lighthouse(
      url,
      { port, logLevel: 'error', output: 'json', disableStorageReset: keepStorage },
      desktopConfig,
    ),
    LIGHTHOUSE_TIMEOUT_MS,
    `Lighthouse on ${url}`,
  );
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  if (result.lhr.runtimeError)
    throw new Error(
      `Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
    );
  return result.lhr;
}

/** Chromium's installability verdict for the page as it stands, the manifest it found and the service worker. */
async function installability(context: BrowserContext, page: Page): Promise<Installability> {
  const session = await context.newCDPSession(page);
  try {
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const manifest = await session.send('Page.getAppManifest');
    const serviceWorkerControls = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    const errors = installabilityErrors.map(
      (error) =>
        `${error.errorId}${error.errorArguments.length ? ` (${error.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`,
    );
    const manifestErrors = manifest.errors.map(
      (error) => `${error.critical ? 'critical: ' : ''}${error.message}`,
    );
    return {
      errors,
      manifestUrl: manifest.url || null,
      manifestErrors,
      serviceWorkerControls,
      installable:
        errors.length === 0 && Boolean(manifest.url) && manifestErrors.length === 0 && serviceWorkerControls,
    };
  } finally {
    await session.detach().catch(() => undefined);
  }
}

async function auditPage(
  target: (typeof PAGES)[number],
  setUp: BenchSetUp<BrowserContext>,
  tab: Page,
  port: number,
  runs: number,
): Promise<{ result: PageResult; lhr: Result }> {
  const url = `${setUp.baseUrl}${target.path}`;
  const lhrs: Result[] = [];
  // The signed-in tab leaves the app meanwhile: Lighthouse's tab is the only one running it.
  await tab.goto('about:blank');
  for (let run = 1; run <= runs; run++) {
    warnIfLoaded('rerun on a quiet machine before reading small differences');
    const lhr = await runLighthouse(url, port, target.signedIn);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== target.path)
      throw new Error(`Lighthouse on ${target.path} ended on ${finalPath}: the session did not hold`);
    log(
      `  ${target.name} run ${run}: ${CATEGORIES.map((c) => `${c} ${score(lhr.categories[c]?.score) ?? '?'}`).join(', ')}`,
    );
    lhrs.push(lhr);
  }
  const byPerformance = [...lhrs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const lhr = byPerformance[Math.floor((byPerformance.length - 1) / 2)] as Result;
  await tab.goto(url);
  // Settled before the tab leaves again: a navigation away while the app refreshes its token would lose the rotated
  // cookie, and the next load's refresh would present a used token (which revokes the session).
  if (target.signedIn) await waitForSync(tab);
  else await waitForOfflineShell(tab);
  const result: PageResult = {
    name: target.name,
    path: target.path,
    performanceRuns: lhrs.map((r) => score(r.categories.performance?.score) ?? 0),
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr.categories[c]?.score)])) as Record<
      Category,
      number | null
    >,
    metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? null])),
    flags: flagsOf(lhr),
    runWarnings: lhr.runWarnings,
    installability: await installability(setUp.browser, tab),
    lhrFile: writeResults(`audit-lhr-${target.path.slice(1)}`, lhr),
  };
  return { result, lhr };
}

async function measure(setUp: BenchSetUp<BrowserContext>, runs: number): Promise<void> {
  const context = setUp.browser;
  const port = debuggingPort(setUp.root);
  const tab = context.pages()[0] ?? (await context.newPage());
  log(`server on ${setUp.baseUrl}; Chromium debugging port ${port}; ${runs} Lighthouse run(s) a page`);
  const results: PageResult[] = [];
  let environment: Pick<Result, 'lighthouseVersion' | 'environment'> | null = null;
  let signedIn = false;
  for (const target of PAGES) {
    if (target.signedIn && !signedIn) {
      log(`signing in as ${CLIENT}, waiting for the first sync and the service worker`);
      await signIn(tab, setUp.baseUrl, CLIENT);
      await waitForSync(tab);
      await waitForOfflineShell(tab);
      signedIn = true;
    }
    log(`Lighthouse (desktop) on ${target.path}${target.signedIn ? ', signed in' : ', a first visit'}`);
    const { result, lhr } = await auditPage(target, setUp, tab, port, runs);
    results.push(result);
    environment ??= lhr;
  }
  if (!environment) throw new Error('No page was audited');
  const cell = (value: number | null, budget?: number) =>
    value === null ? '?' : budget === undefined ? String(value) : `${value} ${verdict(value >= budget)}`;
  console.log(
    `\nLighthouse ${environment.lighthouseVersion}, desktop; ${environment.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}; ${cpus().length} CPUs; load average ${load1().toFixed(1)}; median of ${runs} run(s) by performance\n`,
  );
  console.log(
    table([
      ['page', 'performance ≥ 90', 'accessibility ≥ 95', 'best practices ≥ 95', 'SEO', 'installable'],
      ...results.map((r) => [
        r.path,
        `${cell(r.scores.performance, BUDGETS.performance)}${runs > 1 ? ` (${r.performanceRuns.join('/')})` : ''}`,
        cell(r.scores.accessibility, BUDGETS.accessibility),
        cell(r.scores['best-practices'], BUDGETS['best-practices']),
        cell(r.scores.seo),
        r.installability.installable ? 'yes' : 'NO',
      ]),
    ]),
  );
  console.log(
    `\n${table([
      ['page', 'FCP', 'LCP', 'TBT', 'CLS', 'speed index'],
      ...results.map((r) => [
        r.path,
        ...METRICS.map((id) => {
          const value = r.metrics[id];
          if (value == null) return '?';
          return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`;
        }),
      ]),
    ])}`,
  );
  for (const r of results) {
    const i = r.installability;
    console.log(`\n${r.path}:`);
    console.log(
      `  installable: ${i.installable ? 'yes' : 'NO'} (installability errors: ${i.errors.join(', ') || 'none'}; manifest ${i.manifestUrl ? new URL(i.manifestUrl).pathname : 'missing'}${i.manifestErrors.length ? `, ${i.manifestErrors.join('; ')}` : ', valid'}; service worker ${i.serviceWorkerControls ? 'controls the page' : 'does NOT control the page'})`,
    );
    for (const flag of r.flags)
      console.log(
        `  ${flag.category}: ${flag.id} (${flag.score.toFixed(2)})${flag.displayValue ? ` ${flag.displayValue}` : ''} — ${flag.title}`,
      );
    for (const warning of r.runWarnings) console.log(`  Lighthouse warning: ${warning}`);
  }
  const file = writeResults('audit', {
    lighthouse: environment.lighthouseVersion,
    userAgent: environment.environment.hostUserAgent,
    budgets: BUDGETS,
    runs,
    cpus: cpus().length,
    loadAverage: load1(),
    pages: results,
  });
  console.log(`\nresults: ${file}`);
}

const { runs } = readOptions();
runBench<BrowserContext>(
  { tempPrefix: 'get-audit-', building: 'the app', build: buildApp, scale: false, launch: launchProfile },
  (setUp) => measure(setUp, runs),
);

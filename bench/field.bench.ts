// `npm run bench:field` (docs/architecture.md §9, the slow-4G budget; figures: docs/decisions/sync-feed.md): the app on a slow link against "the online
// way". Builds the real app, seeds the server (demo + scale L), and in Chromium, with the link throttled through the
// DevTools protocol for every page and worker (bench/networkLink.ts), per link profile: a new device signs in and
// syncs Northwind, another syncs scale L (time, bytes on the wire); then on each synced device the Locations,
// Accounts and Bills pages and a single location and account are timed to data as the app shows them from the device,
// against the same pages' server calls fetched on navigation; then the same offline. Prints tables and writes
// bench/results/field-*.json.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  BENCH_LOGIN,
  benchStarted,
  int,
  kb,
  load1,
  log,
  machine,
  mb,
  runBench,
  sec,
  table,
  verdict,
  warnIfLoaded,
  writeResults,
} from './harness';
import type { BenchSetUp } from './harness';
import { buildApp, signIn, waitForOfflineShell, waitForSync } from './appSession';
import type { BenchCompany } from './messages';
import { LINK_PROFILES, NetworkLink } from './networkLink';
import type { LinkProfile, WireRequest } from './networkLink';
import { PAGES, addPageProbe, measureInApp, measureInAppTo, median, shownRowCount } from './pageNavigation';
import type { NavigationSample } from './pageNavigation';
import { watchFirstSync } from './firstSyncWatch';
import type { FirstSyncTimeline } from './firstSyncWatch';

/** docs/architecture.md §9: local pages ≥ 10× faster to data than fetching them on navigation, on slow 4G. */
const GOAL_RATIO = 10;
const GOAL_PROFILE = 'slow4g';
/** Scale L on 3G is minutes of download and writes. */
const SYNC_TIMEOUT_MS = 15 * 60_000;
/** An online-way page that has not answered by then counts as failed. */
const ONLINE_TIMEOUT_MS = 120_000;
/** Feed answers at least this big tell the link's rate (small ones are mostly latency). */
const RATE_MIN_BYTES = 64_000;

type FieldKind = 'locations' | 'accounts' | 'bills' | 'location' | 'account';
const FIELD_KINDS: FieldKind[] = ['locations', 'accounts', 'bills', 'location', 'account'];

/**
 * The online way: the calls the spec lists for each page (first spec document §7 Locations and Single location,
 * second §7 Accounts, Single account and Bills), in their company-scoped form, as the original portal fetched them
 * when the page opened. `rows` feeds the page's rows; the page is complete when every call has answered.
 * Left out: calls whose meaning the spec does not give (`{hash}`), a single bill's calls (not part of these pages),
 * and the grid settings, tags and company calls every page shares.
 */
function onlineCalls(kind: FieldKind, company: BenchCompany): { rows: string; others: string[] } {
  const base = `/api/companies/${company.id}`;
  const site = company.sampleLocationId;
  const account = company.sampleAccountId;
  switch (kind) {
    case 'locations':
      return {
        rows: `${base}/locations`,
        others: [
          'overview',
          'totalNumberOfAccountsByServiceTypes',
          'totalSpendByServiceType',
          'attention',
          'usage',
          'states',
        ].map((name) => `${base}/locations/${name}`),
      };
    case 'accounts':
      return {
        rows: `${base}/accounts`,
        others: ['info/overview', 'totalNumberOfAccountsByServiceTypes', 'attention', 'serviceTypes'].map(
          (name) => `${base}/accounts/${name}`,
        ),
      };
    case 'bills':
      // No range: the server answers the latest 12 bill months, the page's default range.
      return { rows: `${base}/bills`, others: [] };
    case 'location':
      // The charges and usage tables are the page's rows (served as /charges and /usage).
      return {
        rows: `${base}/locations/${site}/charges`,
        others: [
          ...[
            'locationInfo',
            'attention',
            'accounts',
            'budgets',
            'totalSpendByServiceType',
            'totalConsumptionByServiceType',
            'totalTaxByServiceType',
            'usage',
          ].map((name) => `${base}/locations/${site}/${name}`),
          `${base}/location/${site}/contracts`,
        ],
      };
    case 'account':
      return {
        rows: `${base}/accounts/${account}/info/bills`,
        others: ['info', 'info/totalSpendByServiceType', 'info/totalConsumptionByServiceType'].map(
          (name) => `${base}/accounts/${account}/${name}`,
        ),
      };
  }
}

function appPath(kind: FieldKind, company: BenchCompany): string {
  const base = `/companies/${company.id}`;
  if (kind === 'location') return `${base}/locations/${company.sampleLocationId}`;
  if (kind === 'account') return `${base}/accounts/${company.sampleAccountId}`;
  return `${base}/${kind}`;
}

interface Options {
  runs: number;
  profiles: LinkProfile[];
  companies: 'both' | 'northwind';
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '2' },
      'skip-3g': { type: 'boolean', default: false },
      'skip-scale-l': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs must be 1 to 20');
  return {
    runs,
    profiles: LINK_PROFILES.filter((profile) => !(values['skip-3g'] && profile.key === '3g')),
    companies: values['skip-scale-l'] ? 'northwind' : 'both',
  };
}

const sumBytes = (requests: WireRequest[]) => requests.reduce((sum, request) => sum + request.wireBytes, 0);
const secOrDash = (ms: number | null) => (ms === null ? '-' : sec(ms));
const mbit = (bytes: number, ms: number) => (ms > 0 ? (bytes * 8) / ms / 1000 : 0);

/** A new device: a fresh browser context signed in, its service worker installed (the app shell on the device). */
interface Device {
  context: BrowserContext;
  page: Page;
  signInMs: number;
  shellMs: number;
  shellBytes: number;
}

async function newDevice(browser: Browser, link: NetworkLink, baseUrl: string): Promise<Device> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await addPageProbe(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  await link.attachedPage(context, page);
  const started = Date.now();
  await signIn(page, baseUrl);
  const signInMs = Date.now() - started;
  await waitForOfflineShell(page);
  const shellMs = Date.now() - started;
  return { context, page, signInMs, shellMs, shellBytes: sumBytes(link.requests(started)) };
}

interface SyncFigures {
  company: string;
  rows: number;
  ms: number;
  feedBytes: number;
  feedRequests: number;
  /** Every request of the browser meanwhile (the page's own calls too). */
  allBytes: number;
  /** Feed bytes over the whole sync time: the link's share the sync used. */
  averageMbit: number;
  /** Feed bytes over the time their bodies took to arrive (answers ≥ RATE_MIN_BYTES): the link's rate. */
  bodyMbit: number | null;
  /** Where the feed's requests were made: 'worker' when the sync worker fetched them. */
  fetchedBy: string[];
  /** The feed answers' Content-Encoding (Chromium offers brotli only over HTTPS: on loopback http, gzip). */
  encodings: string[];
  gridRows: number;
  /** What the Locations page showed meanwhile, and when (bench/firstSyncWatch.ts). */
  timeline: FirstSyncTimeline;
  /**
   * The link's idle time: ms of the sync with no feed answer in flight. Time waiting on the device's writes (both
   * pages asked ahead are in, the one before them is still being written) shows here; the server's time per page
   * does not (a request is in flight meanwhile).
   */
  idleMs: number;
  /** Each feed request, ms from the start: asked, last byte; and its bytes on the wire. */
  requests: { sentMs: number; doneMs: number | null; wireBytes: number }[];
}

/** The ms of [0, endMs] that no request's [sent, done] covers. */
function idleTime(requests: readonly { sentMs: number; doneMs: number | null }[], endMs: number): number {
  let idle = 0;
  let reached = 0;
  for (const { sentMs, doneMs } of [...requests].sort((a, b) => a.sentMs - b.sentMs)) {
    if (sentMs > reached) idle += sentMs - reached;
    reached = Math.max(reached, doneMs ?? endMs);
  }
  return idle + Math.max(0, endMs - reached);
}

/** Opens the company's Locations page on a device that has none of its data and waits for 'Synced'. */
async function firstSync(
  page: Page,
  link: NetworkLink,
  baseUrl: string,
  company: BenchCompany,
): Promise<SyncFigures> {
  const started = Date.now();
  const watch = watchFirstSync(page, started, company.rowsByEntity.locations ?? 0, company.latestBillMonth);
  await page.goto(`${baseUrl}${appPath('locations', company)}`);
  await waitForSync(page, SYNC_TIMEOUT_MS);
  const syncMs = Date.now() - started;
  const timeline = await watch.stop();
  const feed = link.requests(started).filter((request) => request.url.includes(`/api/sync/${company.id}/`));
  const large = feed.filter((request) => request.wireBytes >= RATE_MIN_BYTES && request.bodySeconds);
  const largeSeconds = large.reduce((sum, request) => sum + (request.bodySeconds ?? 0), 0);
  const requests = feed.map((request) => ({
    sentMs: request.sentAt - started,
    doneMs: request.doneAt === null ? null : request.doneAt - started,
    wireBytes: request.wireBytes,
  }));
  const gridRows = await shownRowCount(page, 'locations');
  if (gridRows !== (company.rowsByEntity.locations ?? 0))
    log(
      `WARNING: the Locations grid shows ${int(gridRows)} rows, the server has ${company.rowsByEntity.locations}`,
    );
  return {
    company: company.name,
    rows: company.companyRows,
    ms: syncMs,
    feedBytes: sumBytes(feed),
    feedRequests: feed.length,
    allBytes: sumBytes(link.requests(started)),
    averageMbit: mbit(sumBytes(feed), syncMs),
    bodyMbit: largeSeconds > 0 ? mbit(sumBytes(large), largeSeconds * 1000) : null,
    fetchedBy: [...new Set(feed.map((request) => request.targetType))],
    encodings: [...new Set(feed.map((request) => request.encoding ?? 'identity'))],
    gridRows,
    timeline,
    idleMs: idleTime(requests, syncMs),
    requests,
  };
}

/** One online-way load of a page: every call fetched at once, answered and parsed. */
interface OnlineSample {
  run: number;
  ok: boolean;
  /** The rows call answered and parsed. */
  rowsMs: number | null;
  /** Every call answered and parsed. */
  allMs: number | null;
  /** When it failed (offline): after how long, and why. */
  failedMs: number | null;
  error: string | null;
  calls: number;
  wireBytes: number;
}

async function measureOnline(
  tab: Page,
  tabTarget: string,
  link: NetworkLink,
  calls: { rows: string; others: string[] },
  token: string,
  run: number,
): Promise<OnlineSample> {
  const started = Date.now();
  const answer = await tab.evaluate(
    async ({ urls, token, timeoutMs }) => {
      const t0 = performance.now();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const one = async (url: string) => {
        const response = await fetch(url, {
          headers: { authorization: `Bearer ${token}` },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        await response.json();
        return performance.now() - t0;
      };
      try {
        const [rowsMs = 0, ...others] = await Promise.all(urls.map(one));
        return { ok: true, rowsMs, allMs: Math.max(rowsMs, ...others), failedMs: null, error: null };
      } catch (error) {
        return {
          ok: false,
          rowsMs: null,
          allMs: null,
          failedMs: performance.now() - t0,
          error: String(error),
        };
      } finally {
        clearTimeout(timer);
      }
    },
    { urls: [calls.rows, ...calls.others], token, timeoutMs: ONLINE_TIMEOUT_MS },
  );
  const round = (value: number | null) => (value === null ? null : Math.round(value));
  return {
    run,
    ok: answer.ok,
    rowsMs: round(answer.rowsMs),
    allMs: round(answer.allMs),
    failedMs: round(answer.failedMs),
    error: answer.error,
    calls: 1 + calls.others.length,
    wireBytes: sumBytes(link.requests(started, tabTarget)),
  };
}

/** The app: an in-app navigation to the page (sidebar link, or the path for a single location or account). */
function measureApp(
  page: Page,
  kind: FieldKind,
  company: BenchCompany,
  run: number,
): Promise<NavigationSample> {
  if (kind === 'location' || kind === 'account')
    return measureInAppTo(page, kind, appPath(kind, company), run);
  return measureInApp(page, kind, run);
}

/** Time to data of the app: the later of its two markers (rows, and the overview's figures). */
const appDataMs = (sample: NavigationSample) =>
  sample.rowsMs === null || sample.overviewMs === null ? null : Math.max(sample.rowsMs, sample.overviewMs);

interface PageComparison {
  kind: FieldKind;
  calls: { rows: string; others: string[] };
  app: NavigationSample[];
  online: OnlineSample[];
  appOffline: NavigationSample[];
  onlineOffline: OnlineSample[];
}

async function comparePages(
  device: Device,
  link: NetworkLink,
  company: BenchCompany,
  baseUrl: string,
  token: string,
  options: Options,
  withOffline: boolean,
): Promise<PageComparison[]> {
  const { context, page } = device;
  // The online way runs in a tab of its own on the same origin that loads no app (a JSON answer as its document),
  // so only its own calls share its link.
  const tab = await context.newPage();
  const tabTarget = await link.attachedPage(context, tab);
  await tab.goto(`${baseUrl}/api/health`);
  // tsx compiles with esbuild's keepNames: the evaluated function may call its `__name` helper (see addPageProbe).
  await tab.evaluate('globalThis.__name = globalThis.__name || ((target) => target)');
  // A tab in the background gets no animation frames: the app's tab must be the one in front (the online way needs
  // no frames).
  await page.bringToFront();
  const results: PageComparison[] = FIELD_KINDS.map((kind) => ({
    kind,
    calls: onlineCalls(kind, company),
    app: [],
    online: [],
    appOffline: [],
    onlineOffline: [],
  }));
  // Offline does not depend on the link: measured on the first profile's devices only.
  for (const offline of withOffline ? [false, true] : [false]) {
    if (offline) {
      await link.set('offline');
      await page.getByRole('button', { name: /^Offline/ }).waitFor({ timeout: 10_000 });
    }
    for (let run = 1; run <= options.runs; run++)
      for (const result of results) {
        const app = await measureApp(page, result.kind, company, run);
        const online = await measureOnline(tab, tabTarget, link, result.calls, token, run);
        (offline ? result.appOffline : result.app).push(app);
        (offline ? result.onlineOffline : result.online).push(online);
        log(
          `  ${PAGES[result.kind].label}${offline ? ' offline' : ''} ${run}: app rows ${app.rowsMs ?? '-'} ms, data ${appDataMs(app) ?? '-'} ms; online way ${online.ok ? `rows ${online.rowsMs} ms, all ${online.allMs} ms, ${kb(online.wireBytes)}` : `failed after ${online.failedMs} ms (${online.error})`}`,
        );
      }
  }
  await tab.close();
  return results;
}

/** Checks every online-way call answers before timing them (a wrong path would time an error). */
async function checkCalls(baseUrl: string, token: string, companies: BenchCompany[]): Promise<void> {
  for (const company of companies)
    for (const kind of FIELD_KINDS) {
      const { rows, others } = onlineCalls(kind, company);
      for (const url of [rows, ...others]) {
        const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`The online way's call ${url} answered HTTP ${response.status}`);
      }
    }
}

async function signInForToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_LOGIN),
  });
  const body = (await response.json()) as { data?: { accessToken?: string }; accessToken?: string };
  const token = body.data?.accessToken ?? body.accessToken;
  if (!response.ok || !token)
    throw new Error(`Signing in for the online way failed: HTTP ${response.status}`);
  return token;
}

interface CompanyRun {
  profile: string;
  company: string;
  companyId: number;
  device: { signInMs: number; shellMs: number; shellBytes: number };
  sync: SyncFigures;
  pages: PageComparison[];
}

const medianOf = (values: (number | null)[]) =>
  median(values.filter((value): value is number => value !== null));
const msCell = (value: number | null) => (value === null ? '-' : `${int(value)} ms`);

function pageRows(run: CompanyRun, goalApplies: boolean): string[][] {
  return run.pages.map((page) => {
    const appRows = medianOf(page.app.map((sample) => sample.rowsMs));
    const appData = medianOf(page.app.map(appDataMs));
    const onlineRows = medianOf(page.online.map((sample) => sample.rowsMs));
    const onlineAll = medianOf(page.online.map((sample) => sample.allMs));
    const ratio = onlineAll !== null && appData ? onlineAll / appData : null;
    return [
      PAGES[page.kind].label,
      msCell(appRows),
      msCell(appData),
      msCell(onlineRows),
      msCell(onlineAll),
      `${page.calls.others.length + 1} · ${kb(medianOf(page.online.map((sample) => sample.wireBytes)) ?? 0)}`,
      ratio === null ? '-' : `${ratio.toFixed(1)}×`,
      ...(goalApplies ? [ratio === null ? '-' : verdict(ratio >= GOAL_RATIO)] : []),
    ];
  });
}

function offlineRows(run: CompanyRun): string[][] {
  return run.pages.map((page) => {
    const failures = page.onlineOffline.filter((sample) => !sample.ok);
    return [
      PAGES[page.kind].label,
      msCell(medianOf(page.appOffline.map((sample) => sample.rowsMs))),
      msCell(medianOf(page.appOffline.map(appDataMs))),
      failures.length === page.onlineOffline.length
        ? `fails (${failures.length}/${page.onlineOffline.length}: ${(failures[0]?.error ?? '').replace(/^TypeError: /, '')} after ${msCell(medianOf(failures.map((sample) => sample.failedMs)))})`
        : `ANSWERED in ${page.onlineOffline.length - failures.length} runs: the link was not offline`,
    ];
  });
}

async function measure(setUp: BenchSetUp, options: Options): Promise<void> {
  const { ready, baseUrl, browser } = setUp;
  const companies = ready.companies.slice(0, options.companies === 'both' ? 2 : 1);
  for (const company of companies)
    log(
      `server on ${baseUrl}: '${company.name}' (company ${company.id}): ${int(company.companyRows)} feed rows, ${int(company.rowsByEntity.locations ?? 0)} locations, ${int(company.rowsByEntity.accounts ?? 0)} accounts, ${int(company.rowsByEntity.bills ?? 0)} bills`,
    );
  const token = await signInForToken(baseUrl);
  await checkCalls(baseUrl, token, companies);
  const link = await NetworkLink.open(browser);
  warnIfLoaded();

  const runs: CompanyRun[] = [];
  for (const profile of options.profiles) {
    await link.set(profile);
    for (const company of companies) {
      log(
        `${profile.label} (${profile.downKbit}/${profile.upKbit} kbit/s, ${profile.latencyMs} ms): a new device signs in and syncs '${company.name}'`,
      );
      const device = await newDevice(browser, link, baseUrl);
      log(
        `  signed in in ${sec(device.signInMs)}; app shell on the device after ${sec(device.shellMs)} (${mb(device.shellBytes)})`,
      );
      try {
        const sync = await firstSync(device.page, link, baseUrl, company);
        log(
          `  synced ${int(sync.rows)} rows in ${sec(sync.ms)}: ${mb(sync.feedBytes)} of feed on the wire in ${sync.feedRequests} requests (by ${sync.fetchedBy.join(', ')}, ${sync.encodings.join(', ')}); ${sync.averageMbit.toFixed(2)} Mbit/s on average, bodies at ${sync.bodyMbit?.toFixed(2) ?? '-'} Mbit/s; no feed answer in flight for ${sec(sync.idleMs)}`,
        );
        const { timeline } = sync;
        log(
          `  Locations meanwhile: every site at ${secOrDash(timeline.sitesMs)}, a spend figure at ${secOrDash(timeline.figureMs)}, the latest 12 months of bills at ${secOrDash(timeline.latestYearMs)}; 'still coming' named ${timeline.pendingMonths.map(({ month, ms }) => `${month} (${sec(ms)})`).join(', ') || 'no month'}`,
        );
        log(`  pages: the app (from the device) against the online way, ${options.runs} runs`);
        const pages = await comparePages(
          device,
          link,
          company,
          baseUrl,
          token,
          options,
          profile === options.profiles[0],
        );
        await link.set(profile);
        runs.push({
          profile: profile.key,
          company: company.name,
          companyId: company.id,
          device: { signInMs: device.signInMs, shellMs: device.shellMs, shellBytes: device.shellBytes },
          sync,
          pages,
        });
      } finally {
        await device.context.close();
      }
    }
  }
  await link.set(null);
  await link.close();

  const profileOf = (key: string) => LINK_PROFILES.find((profile) => profile.key === key);
  const syncTable = table([
    [
      'first full sync, new device',
      'rows',
      'time',
      'feed on the wire',
      'requests',
      'average Mbit/s',
      'body rate Mbit/s (link)',
      'fetched by',
      'sign-in + app shell',
      'Locations: every site',
      'first spend figure',
      'latest 12 months of bills',
    ],
    ...runs.map((run) => [
      `${profileOf(run.profile)?.label}: ${run.company}`,
      int(run.sync.rows),
      sec(run.sync.ms),
      mb(run.sync.feedBytes),
      String(run.sync.feedRequests),
      run.sync.averageMbit.toFixed(2),
      `${run.sync.bodyMbit?.toFixed(2) ?? '-'} (${((profileOf(run.profile)?.downKbit ?? 0) / 1000).toFixed(2)})`,
      run.sync.fetchedBy.join(', '),
      `${sec(run.device.shellMs)}, ${mb(run.device.shellBytes)}`,
      secOrDash(run.sync.timeline.sitesMs),
      secOrDash(run.sync.timeline.figureMs),
      secOrDash(run.sync.timeline.latestYearMs),
    ]),
  ]);
  const pageTables = runs.map((run) =>
    [
      `${profileOf(run.profile)?.label}, ${run.company}: medians of ${options.runs} runs`,
      table([
        [
          'page',
          'app: rows',
          'app: data',
          'online: rows call',
          'online: all calls',
          'calls · wire',
          'online ÷ app',
          ...(run.profile === GOAL_PROFILE ? [`≥ ${GOAL_RATIO}×`] : []),
        ],
        ...pageRows(run, run.profile === GOAL_PROFILE),
      ]),
    ].join('\n'),
  );
  const offlineTables = runs
    .filter((run) => run.profile === options.profiles[0]?.key)
    .map((run) =>
      [
        `offline, ${run.company}: medians of ${options.runs} runs`,
        table([['page', 'app: rows', 'app: data', 'online way'], ...offlineRows(run)]),
      ].join('\n'),
    );
  console.log(
    [
      '',
      `Field bench: Chromium ${browser.version()}; ${cpus().length} CPUs; load average ${load1().toFixed(1)}`,
      '',
      syncTable,
      '',
      'Time to data: app = in-app navigation to rows / to rows and overview painted (from the device);',
      'online = the page’s server calls fetched at once in the same browser on the same link, answered and parsed.',
      '',
      ...pageTables.flatMap((text) => [text, '']),
      ...offlineTables.flatMap((text) => [text, '']),
    ].join('\n'),
  );

  const results = {
    bench: 'field',
    startedAt: new Date(benchStarted).toISOString(),
    durationMs: Date.now() - benchStarted,
    machine: machine(browser),
    options: { ...options, profiles: options.profiles.map((profile) => profile.key) },
    profiles: options.profiles,
    companies,
    goal: { ratio: GOAL_RATIO, profile: GOAL_PROFILE },
    runs,
  };
  log(`results written to ${writeResults('field', results)}`);
}

runBench({ tempPrefix: 'get-bench-field-', building: 'the app', build: buildApp }, (setUp) =>
  measure(setUp, readOptions()),
);

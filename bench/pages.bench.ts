// `npm run bench:pages` (docs/architecture.md §9): how fast the Locations, Accounts, Bills and Alerts pages show the
// scale-L company's data, online and offline, and whether their grids scroll without long tasks. Builds the real app, starts the
// real server on a fresh seeded database serving it, signs in through the login page, waits for the first sync
// and the service worker, then measures in-app navigations, offline reloads and wheel scrolling in Chromium.
// Prints tables and writes bench/results/pages-*.json.
import { mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import {
  BENCH_LOGIN,
  benchStarted,
  runBench,
  int,
  load1,
  log,
  machine,
  ms,
  sec,
  table,
  verdict,
  warnIfLoaded,
  writeResults,
} from './harness';
import type { BenchSetUp } from './harness';
import { SYNC_TIMEOUT_MS, buildApp, signIn, waitForOfflineShell, waitForSync } from './appSession';
import { measureBillsExport } from './billsExport';
import type { BillsExportSample } from './billsExport';
import { saveProfile, startProfile } from './cpuProfile';
import type { CpuProfile } from './cpuProfile';
import {
  AFTER_SHOWN_MS,
  BUDGET_TASK_MS,
  NEUTRAL_LINK,
  PAGES,
  PROBE_CONFIG,
  QUIET_MS,
  addPageProbe,
  cell,
  collectNavigation,
  measureInApp,
  median,
  probe,
  shownRowCount,
  sidebarLink,
  summarise,
  taskFigures,
} from './pageNavigation';
import type { NavigationSample, Summary, TaskFigures } from './pageNavigation';

/** docs/architecture.md §9: "Offline, a synced page shows its data within 300 ms of navigation". */
const BUDGET_SHOWN_MS = 300;
/** Wheel steps without any scroll progress before a pass gives up. */
const MAX_STALLED_STEPS = 30;
/**
 * Wheel steps of one scroll pass at most: the bills of a year (55,000 rows, 1.9 million px) would take minutes a
 * pass; a thousand steps (300,000 px) cross every kind of row many times over.
 */
const MAX_SCROLL_STEPS = 1000;

/** The pages measured (the single location and account pages are bench/field.bench.ts's). */
type PageKind = 'locations' | 'accounts' | 'bills' | 'alerts';
const KINDS: PageKind[] = ['locations', 'accounts', 'bills', 'alerts'];
/** The pages with a data grid, whose scrolling is measured (Alerts pages its table instead). */
const GRID_KINDS: PageKind[] = ['locations', 'accounts', 'bills'];

/** One empty list per page. */
function perKind<T>(): Record<PageKind, T[]> {
  return Object.fromEntries(KINDS.map((kind) => [kind, []])) as unknown as Record<PageKind, T[]>;
}

type Scenario = 'online' | 'offline' | 'offlineFirst' | 'reload';
const SCENARIO_LABELS: Record<Scenario, string> = {
  online: 'in-app navigation, online',
  offline: 'in-app navigation, offline',
  offlineFirst: 'in-app, offline, first visit after a reload',
  reload: 'reload, offline',
};
const OFFLINE_SCENARIOS: Scenario[] = ['offline', 'offlineFirst', 'reload'];

interface Options {
  runs: number;
  wheelDelta: number;
  /** The pages measured (all by default). */
  pages: PageKind[];
  /** Whether the grids' scrolling is measured (the longest part of a run). */
  scroll: boolean;
  /**
   * A folder for CPU profiles of the first visits, reloads and scroll runs (bench/cpuProfile.ts), or null. Profiling builds the app without
   * minifying (readable names) and slows it down: its figures are for finding causes, not for the budgets.
   */
  profileDir: string | null;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      'wheel-delta': { type: 'string', default: '300' },
      pages: { type: 'string', default: KINDS.join(',') },
      'no-scroll': { type: 'boolean', default: false },
      profile: { type: 'string' },
    },
  });
  const pages = values.pages.split(',').map((kind) => kind.trim()) as PageKind[];
  const unknown = pages.filter((kind) => !KINDS.includes(kind));
  if (unknown.length > 0 || pages.length === 0)
    throw new Error(`--pages takes some of ${KINDS.join(',')} (got ${values.pages})`);
  const runs = Number(values.runs);
  const wheelDelta = Number(values['wheel-delta']);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error('--runs must be 1 to 50');
  if (!Number.isInteger(wheelDelta) || wheelDelta < 20 || wheelDelta > 5000)
    throw new Error('--wheel-delta must be 20 to 5000 (pixels per wheel step)');
  const profileDir = values.profile === undefined ? null : resolve(values.profile);
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  return { runs, wheelDelta, pages, scroll: !values['no-scroll'], profileDir };
}

interface ScrollSample {
  run: number;
  steps: number;
  pixels: number;
  ms: number;
  reachedBottom: boolean;
  frames: number;
  maxFrameGapMs: number;
  longTasks: TaskFigures;
}

/**
 * From the neutral page just reloaded (offline), a click on the page's sidebar link: the page's first visit in this
 * document, so nothing of it is cached in memory (route module, last query answers) — the in-app navigation
 * without the app's own start.
 */
async function measureFirstVisit(
  page: Page,
  kind: PageKind,
  run: number,
  profileDir: string | null,
): Promise<NavigationSample> {
  const neutralHeading = page.getByRole('heading', { level: 1, name: NEUTRAL_LINK });
  await sidebarLink(page, NEUTRAL_LINK).click();
  await neutralHeading.waitFor();
  await page.reload();
  await neutralHeading.waitFor({ timeout: 30_000 });
  await probe(page, 'settle', QUIET_MS, 15_000);
  await probe(page, 'arm', kind, null);
  const profiler = profileDir ? await startProfile(page) : null;
  await sidebarLink(page, PAGES[kind].label).click();
  const sample = await collectNavigation(page, kind, run, false);
  if (profiler && profileDir)
    await keepProfile(profiler, join(profileDir, `${kind}-first-visit-${run}.cpuprofile`));
  return sample;
}

async function keepProfile(profiler: { stop: () => Promise<CpuProfile> }, path: string): Promise<void> {
  for (const line of saveProfile(await profiler.stop(), path)) log(line);
}

/** A reload of the page it is on; timed from navigation start of the new document. */
async function measureReload(
  page: Page,
  kind: PageKind,
  run: number,
  profileDir: string | null,
): Promise<NavigationSample> {
  await probe(page, 'settle', QUIET_MS, 15_000);
  await page.evaluate((key) => sessionStorage.setItem(key.armKey, key.kind), {
    armKey: PROBE_CONFIG.armKey,
    kind,
  });
  // The renderer keeps its V8 isolate across a same-origin reload, so the profile spans the new document's start.
  const profiler = profileDir ? await startProfile(page) : null;
  await page.reload({ waitUntil: 'commit' });
  const sample = await collectNavigation(page, kind, run, true);
  if (profiler && profileDir)
    await keepProfile(profiler, join(profileDir, `${kind}-reload-${run}.cpuprofile`));
  return sample;
}

/** Wheel steps over the grid from its top to its bottom, one per frame, the pointer resting on the grid. */
async function measureScroll(
  page: Page,
  kind: PageKind,
  run: number,
  wheelDelta: number,
  profileDir: string | null,
): Promise<ScrollSample> {
  await probe(page, 'prepareGridScroll', kind);
  await probe(page, 'settle', QUIET_MS, 15_000);
  const box = await page.locator(`${PROBE_CONFIG.markers[kind].root} .data-grid__body`).boundingBox();
  if (!box) throw new Error(`${kind}: the grid is not on screen`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const profiler = profileDir ? await startProfile(page) : null;
  const t0 = await probe(page, 'startFrames');
  let position = await probe(page, 'gridScroll', kind);
  const top0 = position.top;
  let steps = 0;
  let stalled = 0;
  while (position.top < position.max - 1 && stalled < MAX_STALLED_STEPS && steps < MAX_SCROLL_STEPS) {
    await page.mouse.wheel(0, wheelDelta);
    steps += 1;
    const next = await probe(page, 'gridScroll', kind);
    stalled = next.top > position.top ? 0 : stalled + 1;
    position = next;
  }
  const frames = await probe(page, 'stopFrames');
  const reachedBottom = position.top >= position.max - 1;
  if (!reachedBottom && steps < MAX_SCROLL_STEPS)
    log(`WARNING: ${kind} scroll run ${run} stopped at ${int(position.top)} of ${int(position.max)} px`);
  const end = frames.end + 300;
  await probe(page, 'until', end);
  const tasks = await probe(page, 'longTasks', t0, end);
  const longFrames = await probe(page, 'longFrames', t0, end);
  if (profiler && profileDir)
    for (const line of saveProfile(
      await profiler.stop(),
      join(profileDir, `${kind}-scroll-${run}.cpuprofile`),
    ))
      log(line);
  return {
    run,
    steps,
    pixels: Math.round(position.top - top0),
    ms: Math.round(frames.end - t0),
    reachedBottom,
    frames: frames.count,
    maxFrameGapMs: Math.round(frames.maxGapMs),
    longTasks: taskFigures(tasks, longFrames, t0),
  };
}

/** A page's two columns in the time tables. */
function markerHeaders(kind: PageKind): string[] {
  return [`${PAGES[kind].label}: rows`, `${PAGES[kind].label}: overview`];
}

function tasksCell(samples: { longTasks: TaskFigures }[]): string {
  const count = samples.reduce((sum, sample) => sum + sample.longTasks.count, 0);
  if (count === 0) return 'none';
  const longest = Math.max(...samples.map((sample) => sample.longTasks.longestMs));
  const runs = samples.filter((sample) => sample.longTasks.count > 0).length;
  return `${count} in ${runs}/${samples.length} runs, longest ${ms(longest)}`;
}

/** Script attributions of the long animation frames, summed by invoker and source (where long tasks came from). */
function attributions(samples: { longTasks: TaskFigures }[]): { what: string; ms: number; frames: number }[] {
  const byWhat = new Map<string, { ms: number; frames: number }>();
  for (const sample of samples)
    for (const frame of sample.longTasks.frames)
      for (const script of frame.scripts) {
        // Bundles are minified: the function name says little, the invoker (React's scheduler is
        // MessagePort.onmessage, Dexie's callbacks IDBRequest.onsuccess) and the chunk say more.
        const file = script.source.replace(/^.*\//, '') || '(no source)';
        const what = `${script.invoker} → ${file}`;
        const entry = byWhat.get(what) ?? { ms: 0, frames: 0 };
        entry.ms += script.durationMs;
        entry.frames += 1;
        byWhat.set(what, entry);
      }
  return [...byWhat.entries()]
    .map(([what, entry]) => ({ what, ...entry }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
}

async function measure(setUp: BenchSetUp, options: Options): Promise<void> {
  const { ready, baseUrl, browser: launched } = setUp;
  const { companyId } = ready;
  // Locations and Accounts show every row of their entity; Bills the latest 12 months and Alerts the default range,
  // whose counts the log reports.
  const expectedRows: Partial<Record<PageKind, number>> = {
    locations: ready.rowsByEntity.locations ?? 0,
    accounts: ready.rowsByEntity.accounts ?? 0,
  };
  const shownRows: Partial<Record<PageKind, number>> = {};
  log(
    `server on ${baseUrl}: '${ready.companyName}' (company ${companyId}): ${int(expectedRows.locations ?? 0)} locations, ${int(expectedRows.accounts ?? 0)} accounts, ${int(ready.rowsByEntity.bills ?? 0)} bills, ${int(ready.rowsByEntity.alerts ?? 0)} alerts; seed ${sec(ready.seedMs)}`,
  );

  const context: BrowserContext = await launched.newContext({ viewport: { width: 1440, height: 900 } });
  await addPageProbe(context);
  const page = await context.newPage();
  const seenErrors = new Set<string>();
  const reportOnce = (text: string) => {
    if (seenErrors.has(text) || seenErrors.size >= 20) return;
    seenErrors.add(text);
    log(text);
  };
  page.on('pageerror', (error) => reportOnce(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') reportOnce(`page console: ${message.text()}`);
  });

  log(`signing in as ${BENCH_LOGIN.email} through the login page`);
  await signIn(page, baseUrl);
  const companyPath = (kind: PageKind) => `${baseUrl}/companies/${companyId}/${kind}`;
  await page.goto(companyPath('locations'));
  log(`waiting for the first sync of company ${companyId} (up to ${sec(SYNC_TIMEOUT_MS)})`);
  const syncMs = await waitForSync(page);
  log(`  synced in ${sec(syncMs)} (from opening the page)`);
  await waitForOfflineShell(page);
  log('service worker controls the page');
  for (const kind of KINDS) {
    if (kind !== 'locations') await sidebarLink(page, PAGES[kind].label).click();
    const shown = await shownRowCount(page, kind);
    shownRows[kind] = shown;
    log(`  ${PAGES[kind].label}: ${int(shown)} rows`);
    const expected = expectedRows[kind];
    if (expected !== undefined && shown !== expected)
      log(`WARNING: the ${kind} grid shows ${int(shown)} rows, the server has ${int(expected)}`);
  }
  const calibration = await probe(page, 'calibrate');
  log(
    `Chromium ${launched.version()}; long-task observer check: an 80 ms busy loop was seen as ${calibration} ms`,
  );
  if (calibration < BUDGET_TASK_MS)
    log('WARNING: this Chromium reports no long tasks; the long-task figures below are not meaningful');
  warnIfLoaded();
  const scrolledKinds = options.scroll ? GRID_KINDS.filter((kind) => options.pages.includes(kind)) : [];

  const navigation: Record<Scenario, Record<PageKind, NavigationSample[]>> = {
    online: perKind(),
    offline: perKind(),
    offlineFirst: perKind(),
    reload: perKind(),
  };
  const scroll: Record<PageKind, ScrollSample[]> = perKind();
  const billsExport: BillsExportSample[] = [];
  const logSample = (label: string, sample: NavigationSample) =>
    log(
      `  ${label} ${sample.run}: rows ${sample.rowsMs ?? '-'} ms, overview ${sample.overviewMs ?? '-'} ms, long tasks ${sample.longTasks.count}${sample.longTasks.count > 0 ? ` (longest ${sample.longTasks.longestMs} ms)` : ''}`,
    );

  for (const scenario of ['online', 'offline'] as const) {
    if (scenario === 'offline') {
      await context.setOffline(true);
      await page.getByRole('button', { name: /^Offline/ }).waitFor({ timeout: 10_000 });
    }
    log(`${SCENARIO_LABELS[scenario]}: ${NEUTRAL_LINK} → page, ${options.runs} runs each`);
    for (let run = 1; run <= options.runs; run++)
      for (const kind of options.pages) {
        const sample = await measureInApp(page, kind, run);
        navigation[scenario][kind].push(sample);
        logSample(`${PAGES[kind].label} ${scenario}`, sample);
      }
  }

  log(`${SCENARIO_LABELS.offlineFirst}: ${NEUTRAL_LINK} reloaded → page, ${options.runs} runs each`);
  for (let run = 1; run <= options.runs; run++)
    for (const kind of options.pages) {
      const sample = await measureFirstVisit(page, kind, run, options.profileDir);
      navigation.offlineFirst[kind].push(sample);
      logSample(`${PAGES[kind].label} first visit`, sample);
    }

  for (const kind of options.pages) {
    log(`${PAGES[kind].label}: reload offline, ${options.runs} runs`);
    await sidebarLink(page, PAGES[kind].label).click();
    await shownRowCount(page, kind);
    for (let run = 1; run <= options.runs; run++) {
      const sample = await measureReload(page, kind, run, options.profileDir);
      navigation.reload[kind].push(sample);
      logSample(`${PAGES[kind].label} reload`, sample);
    }
    if (kind === 'bills') {
      log(`Bills: export every row of the range to .xlsx, offline, ${options.runs} runs`);
      for (let run = 1; run <= options.runs; run++) {
        const sample = await measureBillsExport(page, run);
        billsExport.push(sample);
        log(
          `  Bills export ${run}: ${sec(sample.ms)}, ${(sample.bytes / 1e6).toFixed(1)} MB, long tasks ${sample.longTasks}${sample.longTasks > 0 ? ` (longest ${sample.longestTaskMs} ms)` : ''}`,
        );
      }
    }
    if (!scrolledKinds.includes(kind)) continue;
    log(
      `${PAGES[kind].label}: grid scroll top to bottom, ${options.wheelDelta} px per wheel step, offline, ${options.runs} runs`,
    );
    for (let run = 1; run <= options.runs; run++) {
      const sample = await measureScroll(page, kind, run, options.wheelDelta, options.profileDir);
      scroll[kind].push(sample);
      log(
        `  ${PAGES[kind].label} scroll ${run}: ${sample.steps} steps, ${int(sample.pixels)} px in ${sec(sample.ms)}, long tasks ${sample.longTasks.count}${sample.longTasks.count > 0 ? ` (longest ${sample.longTasks.longestMs} ms)` : ''}, worst frame gap ${sample.maxFrameGapMs} ms`,
      );
    }
  }
  await context.setOffline(false);

  // Tables.
  const scenarios = Object.keys(SCENARIO_LABELS) as Scenario[];
  const summaries = Object.fromEntries(
    scenarios.map((scenario) => [
      scenario,
      Object.fromEntries(
        options.pages.map((kind) => {
          const samples = navigation[scenario][kind];
          return [
            kind,
            {
              rows: summarise(samples.map((sample) => sample.rowsMs)),
              overview: summarise(samples.map((sample) => sample.overviewMs)),
            },
          ];
        }),
      ) as Record<PageKind, { rows: Summary; overview: Summary }>,
    ]),
  ) as Record<Scenario, Record<PageKind, { rows: Summary; overview: Summary }>>;
  const withinBudget = (scenario: Scenario, kind: PageKind, marker: 'rowsMs' | 'overviewMs') => {
    const samples = navigation[scenario][kind];
    const within = samples.filter(
      (sample) => sample[marker] !== null && sample[marker] <= BUDGET_SHOWN_MS,
    ).length;
    return { within, runs: samples.length, pass: within === samples.length };
  };
  const budgetCell = (scenario: Scenario, kind: PageKind, marker: 'rowsMs' | 'overviewMs') => {
    const { within, runs, pass } = withinBudget(scenario, kind, marker);
    return `${within}/${runs} ${verdict(pass)}`;
  };
  const timesTable = table([
    ['ms: median / max (first run)', ...options.pages.flatMap((kind) => markerHeaders(kind))],
    ...scenarios.map((scenario) => [
      SCENARIO_LABELS[scenario],
      ...options.pages.flatMap((kind) => [
        cell(summaries[scenario][kind].rows),
        cell(summaries[scenario][kind].overview),
      ]),
    ]),
  ]);
  const budgetTable = table([
    [
      `budget: offline, runs within ${BUDGET_SHOWN_MS} ms`,
      ...options.pages.flatMap((kind) => markerHeaders(kind)),
    ],
    ...OFFLINE_SCENARIOS.map((scenario) => [
      SCENARIO_LABELS[scenario],
      ...options.pages.flatMap((kind) => [
        budgetCell(scenario, kind, 'rowsMs'),
        budgetCell(scenario, kind, 'overviewMs'),
      ]),
    ]),
  ]);
  const shellTable = table([
    ['reload, offline: app shell (median ms)', ...options.pages.map((kind) => PAGES[kind].label)],
    [
      'document from the service worker',
      ...options.pages.map((kind) =>
        navigation.reload[kind].every((sample) => sample.document?.fromServiceWorker) ? 'yes' : 'NO',
      ),
    ],
    [
      'response end',
      ...options.pages.map((kind) =>
        String(median(navigation.reload[kind].map((sample) => sample.document?.responseEndMs ?? 0)) ?? '-'),
      ),
    ],
    [
      'DOMContentLoaded',
      ...options.pages.map((kind) =>
        String(
          median(navigation.reload[kind].map((sample) => sample.document?.domContentLoadedMs ?? 0)) ?? '-',
        ),
      ),
    ],
  ]);
  const tasksTable = table([
    [
      `long tasks ≥ ${BUDGET_TASK_MS} ms, click → ${AFTER_SHOWN_MS} ms after the overview`,
      ...options.pages.map((kind) => PAGES[kind].label),
    ],
    ...scenarios.map((scenario) => [
      SCENARIO_LABELS[scenario],
      ...options.pages.map((kind) => tasksCell(navigation[scenario][kind])),
    ]),
  ]);
  const scrollFigures = Object.fromEntries(
    scrolledKinds.map((kind) => {
      const samples = scroll[kind];
      const longest = Math.max(0, ...samples.map((sample) => sample.longTasks.longestMs));
      return [
        kind,
        {
          rows: shownRows[kind] ?? 0,
          steps: median(samples.map((sample) => sample.steps)) ?? 0,
          pixels: median(samples.map((sample) => sample.pixels)) ?? 0,
          ms: median(samples.map((sample) => sample.ms)) ?? 0,
          longTasks: samples.reduce((sum, sample) => sum + sample.longTasks.count, 0),
          longestTaskMs: longest,
          maxFrameGapMs: Math.max(0, ...samples.map((sample) => sample.maxFrameGapMs)),
          reachedBottom: samples.every((sample) => sample.reachedBottom),
          pass: longest <= BUDGET_TASK_MS,
        },
      ];
    }),
  ) as Partial<
    Record<
      PageKind,
      {
        rows: number;
        steps: number;
        pixels: number;
        ms: number;
        longTasks: number;
        longestTaskMs: number;
        maxFrameGapMs: number;
        reachedBottom: boolean;
        pass: boolean;
      }
    >
  >;
  const scrollTable = table([
    [
      `grid scroll, offline, ${options.wheelDelta} px/step, ${options.runs} runs`,
      'rows',
      'steps (median)',
      'px',
      'time (median)',
      `long tasks ≥ ${BUDGET_TASK_MS} ms (all runs)`,
      'longest task',
      'worst frame gap',
      `no task > ${BUDGET_TASK_MS} ms (budget)`,
    ],
    ...scrolledKinds.flatMap((kind) => {
      const figures = scrollFigures[kind];
      if (!figures) return [];
      return [
        [
          PAGES[kind].label +
            (figures.reachedBottom
              ? ''
              : figures.steps >= MAX_SCROLL_STEPS
                ? ` (first ${int(MAX_SCROLL_STEPS)} steps)`
                : ' (bottom not reached)'),
          int(figures.rows),
          int(figures.steps),
          int(figures.pixels),
          sec(figures.ms),
          int(figures.longTasks),
          figures.longTasks === 0 ? 'none' : ms(figures.longestTaskMs),
          ms(figures.maxFrameGapMs),
          verdict(figures.pass),
        ],
      ];
    }),
  ]);
  const sources = options.pages.flatMap((kind) => {
    const top = attributions([
      ...scenarios.flatMap((scenario) => navigation[scenario][kind]),
      ...scroll[kind],
    ]);
    return top.length === 0
      ? []
      : [
          `${PAGES[kind].label}: script time in long animation frames (all runs), by invoker → source:`,
          ...top.map((entry) => `  ${ms(entry.ms).padStart(8)} in ${entry.frames} frames  ${entry.what}`),
        ];
  });
  console.log(
    [
      '',
      `Pages bench: '${ready.companyName}' (company ${companyId}), ${options.pages.map((kind) => `${PAGES[kind].label} ${int(shownRows[kind] ?? 0)} rows`).join(', ')}; Chromium ${launched.version()}; ${cpus().length} CPUs; ${options.runs} runs each; load average ${load1().toFixed(1)}`,
      '',
      'Time to data: from the click on the sidebar link (in-app) or navigation start (reload) to the first frame',
      'painted with the rows / with the overview (totals and attention items; the Alerts status counts).',
      '',
      timesTable,
      '',
      budgetTable,
      '',
      shellTable,
      '',
      tasksTable,
      '',
      scrollTable,
      ...(billsExport.length > 0
        ? [
            '',
            `Bills export to .xlsx (${int(shownRows.bills ?? 0)} rows, offline): median ${sec(median(billsExport.map((sample) => sample.ms)) ?? 0)}, ${(Math.max(...billsExport.map((sample) => sample.bytes)) / 1e6).toFixed(1)} MB, long tasks ≥ 50 ms ${billsExport.reduce((sum, sample) => sum + sample.longTasks, 0)} in ${billsExport.length} runs (longest ${Math.max(...billsExport.map((sample) => sample.longestTaskMs))} ms)`,
          ]
        : []),
      ...(sources.length > 0 ? ['', ...sources] : []),
      '',
    ].join('\n'),
  );

  const results = {
    bench: 'pages',
    startedAt: new Date(benchStarted).toISOString(),
    durationMs: Date.now() - benchStarted,
    machine: machine(launched),
    company: {
      id: companyId,
      name: ready.companyName,
      rowsByEntity: ready.rowsByEntity,
      seedMs: ready.seedMs,
    },
    options,
    firstSyncMs: syncMs,
    longTaskCalibrationMs: calibration,
    markers: PROBE_CONFIG.markers,
    summaries,
    navigation,
    scroll,
    scrollFigures,
    billsExport,
    budgets: {
      offlineShownMs: {
        max: BUDGET_SHOWN_MS,
        ...Object.fromEntries(
          OFFLINE_SCENARIOS.map((scenario) => [
            scenario,
            Object.fromEntries(
              options.pages.map((kind) => [
                kind,
                {
                  rows: withinBudget(scenario, kind, 'rowsMs'),
                  overview: withinBudget(scenario, kind, 'overviewMs'),
                },
              ]),
            ),
          ]),
        ),
      },
      scrollLongestTaskMs: {
        max: BUDGET_TASK_MS,
        ...Object.fromEntries(
          scrolledKinds.map((kind) => [
            kind,
            { value: scrollFigures[kind]?.longestTaskMs ?? null, pass: scrollFigures[kind]?.pass ?? false },
          ]),
        ),
      },
    },
  };
  log(`results written to ${writeResults('pages', results)}`);
}

const options = readOptions();
runBench(
  {
    tempPrefix: 'get-bench-pages-',
    building: 'the app',
    build: (outDir) => buildApp(outDir, { minify: options.profileDir === null }),
  },
  (setUp) => measure(setUp, options),
);

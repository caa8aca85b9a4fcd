// What the benches that time the app's pages share (bench/pages.bench.ts, bench/field.bench.ts): the probe's page
// markers, calls into the in-page probe (bench/pageProbe.ts), in-app navigations timed from the click to the first
// frame painted with the page's rows and overview, and the median/max summaries of those times.
import type { BrowserContext, Page } from '@playwright/test';
import { load1, log, sec } from './harness';
import { installProbe } from './pageProbe';
import type { LongFrame, PageKind, PageProbe, ProbeConfig } from './pageProbe';

/** docs/architecture.md §9: "grids scroll ... with no main-thread task over 50 ms". */
export const BUDGET_TASK_MS = 50;
/** A page that shows nothing by then counts as a failed run (and the bench goes on). */
export const MARKER_TIMEOUT_MS = 30_000;
/** Long tasks of a navigation are counted from the click until this long after the later marker. */
export const AFTER_SHOWN_MS = 1000;
/** Before each measurement the page must have had no long task for this long. */
export const QUIET_MS = 700;

export const GRID_COUNT = '.data-grid__row-count';
export const GRID_CANVAS = '.data-grid__body canvas';

/** The pages measured: their root element, overview markers and sidebar link (read from src/features). */
export const PROBE_CONFIG: ProbeConfig = {
  armKey: 'bench.pages.arm',
  markers: {
    // LocationsPage.tsx, LocationsOverview.tsx: 'Total spend' reads '…' and the attention panel is aria-busy
    // until the overview query answers.
    locations: {
      root: 'section[aria-labelledby="locations-title"]',
      count: GRID_COUNT,
      shown: GRID_CANVAS,
      overviewValue: '.kpi-card--accent .kpi-card__value',
      overviewReady: '.locations-attention[aria-busy="false"]',
    },
    // AccountsPage.tsx, AccountsOverview.tsx: '12-month spend' reads '…' and 'Needs attention' has no count badge
    // until the overview figures answer.
    accounts: {
      root: 'section[aria-labelledby="accounts-title"]',
      count: GRID_COUNT,
      shown: GRID_CANVAS,
      overviewValue: '.kpi-card--accent .kpi-card__value',
      overviewReady: '#accounts-attention .badge',
    },
    // BillsPage.tsx, BillsSummary.tsx: the bills of the default range (the company's latest 12 months); 'Total
    // charges' reads '…' until the range's totals answer.
    bills: {
      root: 'section[aria-labelledby="bills-title"]',
      count: GRID_COUNT,
      shown: GRID_CANVAS,
      overviewValue: '.kpi-card--accent .kpi-card__value',
      overviewReady: '.kpi-card--accent',
    },
    // AlertsPage.tsx, AlertsTable.tsx: a paged table, not a grid — its title counts the alerts ('290 alerts') and the
    // first page of rows is the table's body; the overview is the counts by status.
    alerts: {
      root: 'section[aria-labelledby="alerts-title"]',
      count: '#alerts-list-title',
      shown: '.data-table tbody tr',
      overviewValue: '.chip-list .chip strong',
      overviewReady: '.chip-list .chip',
    },
    // LocationPage.tsx: one query shows the site; its rows are the charges table's months, its overview the
    // 12-month card's total and the attention panel (aria-busy until its items are known). No row count text.
    location: {
      root: 'section[aria-labelledby="location-title"]',
      count: '',
      shown: '.data-table tbody tr',
      overviewValue: '.location-total__value',
      overviewReady: '.locations-attention[aria-busy="false"]',
    },
    // AccountPage.tsx: one query shows the account; its rows are the bill tables', its overview the 12-month cards.
    account: {
      root: 'section[aria-labelledby="account-title"]',
      count: '',
      shown: '.data-table tbody tr',
      overviewValue: '#account-totals',
      overviewReady: '.service-cards',
    },
  },
};
/** The pages' sidebar labels; the kinds are also the names of their entities in the server's row counts. */
export const PAGES: Record<PageKind, { label: string }> = {
  locations: { label: 'Locations' },
  accounts: { label: 'Accounts' },
  bills: { label: 'Bills' },
  alerts: { label: 'Alerts' },
  // A single location or account: no sidebar link (measureInAppTo opens them by path).
  location: { label: 'Location' },
  account: { label: 'Account' },
};

/**
 * A light page to navigate from (an area not built yet; Bills was until it was built): the measured page mounts from
 * scratch.
 */
export const NEUTRAL_LINK = 'Contacts';

/** Long tasks of one measured window, times from its start. */
export interface TaskFigures {
  count: number;
  longestMs: number;
  /** Sum of the time past 50 ms of each task (total blocking time). */
  blockingMs: number;
  tasks: { startMs: number; durationMs: number }[];
  /** Long animation frames (≥ 50 ms) with the scripts Chromium attributes them to. */
  frames: LongFrame[];
}

/** One navigation or reload. Times are from the click (navigation) or navigation start (reload). */
export interface NavigationSample {
  run: number;
  /** The first frame rendered after the grid had its row count ('1,200 rows') and its canvas. */
  rowsMs: number | null;
  /** When both were in the DOM. */
  rowsDomMs: number | null;
  rowCount: number | null;
  overviewMs: number | null;
  overviewDomMs: number | null;
  longTasks: TaskFigures;
  /** What the page showed as it changed, ms from t0 (see ProbeState.trace). */
  trace: { ms: number; what: string }[];
  /** Reloads: the app shell's own timings (served by the service worker when offline). */
  document: { responseEndMs: number; domContentLoadedMs: number; fromServiceWorker: boolean } | null;
  load: number;
}

/** Calls `window.__pagesProbe[name](...args)` in the page. */
export async function probe<K extends keyof PageProbe>(
  page: Page,
  name: K,
  ...args: Parameters<PageProbe[K]>
): Promise<Awaited<ReturnType<PageProbe[K]>>> {
  const result = await page.evaluate(
    async ({ name, args }) => {
      const pageProbe = window.__pagesProbe;
      if (!pageProbe) throw new Error('The bench probe is not installed in this page');
      const method = pageProbe[name] as (...values: unknown[]) => unknown;
      return method.apply(pageProbe, args);
    },
    { name, args },
  );
  return result as Awaited<ReturnType<PageProbe[K]>>;
}

/** A sidebar link by its label; an entry with a count badge ('Alerts 290') is named with its count. */
export function sidebarLink(page: Page, label: string) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: new RegExp(`^${label}( [\\d,]+)?$`) });
}

/** The page's row count, once it shows one ('1,200 rows', '290 alerts'). */
export async function shownRowCount(page: Page, kind: PageKind): Promise<number> {
  const { root, count } = PROBE_CONFIG.markers[kind];
  const text = page.locator(`${root} ${count}`);
  await text.filter({ hasText: /^[\d,]+ [a-z]+$/ }).waitFor({ timeout: 60_000 });
  return Number(((await text.textContent()) ?? '').replace(/[^\d]/g, ''));
}

export function taskFigures(
  tasks: { start: number; duration: number }[],
  frames: LongFrame[],
  from: number,
): TaskFigures {
  return {
    count: tasks.length,
    longestMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
    blockingMs: Math.round(tasks.reduce((sum, task) => sum + Math.max(0, task.duration - BUDGET_TASK_MS), 0)),
    tasks: tasks.map((task) => ({
      startMs: Math.round(task.start - from),
      durationMs: Math.round(task.duration),
    })),
    frames: frames.map((frame) => ({ ...frame, start: Math.round(frame.start - from) })),
  };
}

export const since = (t0: number, at: number | null | undefined) =>
  at === null || at === undefined ? null : Math.round(at - t0);

/** Waits for both markers of the armed page and collects the run's figures. */
export async function collectNavigation(
  page: Page,
  kind: PageKind,
  run: number,
  isReload: boolean,
): Promise<NavigationSample> {
  const load = load1();
  await page
    .waitForFunction(() => window.__pagesProbe?.isDone() ?? false, undefined, {
      timeout: MARKER_TIMEOUT_MS,
      polling: 50,
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    });
  const state = await probe(page, 'state');
  if (state.t0 === null) throw new Error(`${kind}: the click was not seen by the page`);
  const t0 = state.t0;
  const rowsMs = since(t0, state.rows?.paint);
  const overviewMs = since(t0, state.overview?.paint);
  if (rowsMs === null || overviewMs === null)
    log(
      `WARNING: ${kind} run ${run}: ${rowsMs === null ? 'rows' : 'overview'} not shown within ${sec(MARKER_TIMEOUT_MS)}`,
    );
  const now = await probe(page, 'now');
  const end =
    Math.min(now, Math.max(state.rows?.paint ?? now, state.overview?.paint ?? now)) + AFTER_SHOWN_MS;
  await probe(page, 'until', end);
  const tasks = await probe(page, 'longTasks', t0, end);
  const frames = await probe(page, 'longFrames', t0, end);
  const doc = isReload ? await probe(page, 'documentTimes') : null;
  return {
    run,
    rowsMs,
    rowsDomMs: since(t0, state.rows?.dom),
    rowCount: state.rows?.count ?? null,
    overviewMs,
    overviewDomMs: since(t0, state.overview?.dom),
    longTasks: taskFigures(tasks, frames, t0),
    trace: state.trace.map((entry) => ({ ms: Math.round(entry.at - t0), what: entry.what })),
    document: doc,
    load,
  };
}

/** From the neutral page, a click on the page's sidebar link (a client-side navigation). */
export async function measureInApp(page: Page, kind: PageKind, run: number): Promise<NavigationSample> {
  await sidebarLink(page, NEUTRAL_LINK).click();
  await page.getByRole('heading', { level: 1, name: NEUTRAL_LINK }).waitFor();
  await probe(page, 'settle', QUIET_MS, 15_000);
  await probe(page, 'arm', kind, null);
  await sidebarLink(page, PAGES[kind].label).click();
  return collectNavigation(page, kind, run, false);
}

export function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface Summary {
  median: number | null;
  max: number | null;
  first: number | null;
  /** Runs in which the marker never appeared. */
  missing: number;
}

export function summarise(values: (number | null)[]): Summary {
  const present = values.filter((value): value is number => value !== null);
  return {
    median: median(present),
    max: present.length > 0 ? Math.max(...present) : null,
    first: values[0] ?? null,
    missing: values.length - present.length,
  };
}

export const cell = (summary: Summary) =>
  summary.median === null
    ? 'not shown'
    : `${Math.round(summary.median)} / ${Math.round(summary.max ?? 0)} (${summary.first === null ? '-' : Math.round(summary.first)})${summary.missing > 0 ? ` ${summary.missing} not shown` : ''}`;

/** Installs the probe (bench/pageProbe.ts) into every document of the context, before the app's scripts. */
export async function addPageProbe(context: BrowserContext): Promise<void> {
  // tsx compiles with esbuild's keepNames: functions serialised into the page may call its `__name` helper.
  await context.addInitScript({
    content: `var __name = globalThis.__name || ((target) => target);\n(${installProbe.toString()})(${JSON.stringify(PROBE_CONFIG)});`,
  });
}

/**
 * From the neutral page, an in-app navigation to `path` (a page with no sidebar link: a single location or account):
 * react-router follows the history entry on `popstate`, as it does for the Back button. Timed from the moment the
 * entry is pushed, in the page.
 */
export async function measureInAppTo(
  page: Page,
  kind: PageKind,
  path: string,
  run: number,
): Promise<NavigationSample> {
  await sidebarLink(page, NEUTRAL_LINK).click();
  await page.getByRole('heading', { level: 1, name: NEUTRAL_LINK }).waitFor();
  await probe(page, 'settle', QUIET_MS, 15_000);
  await page.evaluate(
    ({ kind, path }) => {
      const pageProbe = window.__pagesProbe;
      if (!pageProbe) throw new Error('The bench probe is not installed in this page');
      pageProbe.arm(kind, pageProbe.now());
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    },
    { kind, path },
  );
  return collectNavigation(page, kind, run, false);
}

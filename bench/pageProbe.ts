// The in-page side of bench/pages.bench.ts and bench/field.bench.ts: installed into every document of the bench's browser context as an
// init script (before the app's own scripts), it collects long tasks and long animation frames for the page's
// whole life and times when a page's grid rows and overview first appear. `installProbe` is serialised with
// Function.prototype.toString, so it must not refer to anything outside its own body (types aside).

export type PageKind = 'locations' | 'accounts' | 'bills' | 'alerts' | 'location' | 'account';

/** CSS selectors telling that a page shows its data (taken from src/features/{locations,accounts,bills,alerts}). */
export interface PageMarkers {
  /** The page's root element; the other selectors are looked for inside it. */
  root: string;
  /**
   * The text counting the rows: a grid's '1,200 rows', the alert list's '290 alerts'; '' for a page with no such text
   * (a single location or account), whose rows are then the `shown` elements.
   */
  count: string;
  /** Present once rows are painted: a grid's canvas, a table's first body row. */
  shown: string;
  /** The overview's headline figure: '…' until the overview query answers. */
  overviewValue: string;
  /** Present once the overview's attention items are known. */
  overviewReady: string;
}

export interface ProbeConfig {
  /** sessionStorage key: set to a page kind before a reload, the new document arms itself at its start. */
  armKey: string;
  markers: Record<PageKind, PageMarkers>;
}

/** When a marker appeared: in the DOM, at the next animation frame, and after that frame was rendered. */
export interface MarkerTimes {
  dom: number;
  frame: number | null;
  paint: number | null;
}

export interface ProbeState {
  kind: PageKind | null;
  /** The click (in-app navigation) or 0 = navigation start (reload); null until the click happened. */
  t0: number | null;
  rows: (MarkerTimes & { count: number }) | null;
  overview: MarkerTimes | null;
  /** What the page showed as it changed (the root, the row count text, the canvas, the overview figure). */
  trace: { at: number; what: string }[];
}

/** A long animation frame (≥ 50 ms) and the scripts Chromium attributes it to. */
export interface LongFrame {
  start: number;
  durationMs: number;
  blockingMs: number;
  scripts: {
    invoker: string;
    source: string;
    fn: string;
    charPosition: number;
    durationMs: number;
    layoutMs: number;
  }[];
}

/** What the probe offers on `window.__pagesProbe`; every time is `performance.now()` of the document. */
export interface PageProbe {
  now(): number;
  /** Starts watching for the page's markers; `t0` null: from the next click anywhere in the page. */
  arm(kind: PageKind, t0: number | null): void;
  state(): ProbeState;
  isDone(): boolean;
  longTasks(from: number, to: number): { start: number; duration: number }[];
  longFrames(from: number, to: number): LongFrame[];
  /** Resolves once the page had no long task for `quietMs` (at most after `maxMs`). */
  settle(quietMs: number, maxMs: number): Promise<void>;
  /** Resolves when `performance.now()` reaches `time`. */
  until(time: number): Promise<void>;
  /** An 80 ms busy task; answers the longest long task seen for it (0 when long tasks are not reported). */
  calibrate(): Promise<number>;
  /** The document's own navigation timings (reloads). */
  documentTimes(): { responseEndMs: number; domContentLoadedMs: number; fromServiceWorker: boolean } | null;
  /** Brings the grid to the middle of the window and scrolls it to its top (grid pages only). */
  prepareGridScroll(kind: PageKind): Promise<void>;
  /** The grid's scroll position after the next frame. */
  gridScroll(kind: PageKind): Promise<{ top: number; max: number }>;
  /** Counts frames from now; answers now. */
  startFrames(): number;
  stopFrames(): { end: number; count: number; maxGapMs: number };
}

declare global {
  interface Window {
    __pagesProbe?: PageProbe;
  }
}

export function installProbe(config: ProbeConfig): void {
  if (window.top !== window) return;
  const longTasks: { start: number; duration: number }[] = [];
  const longFrames: LongFrame[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  type ScriptTiming = PerformanceEntry & {
    invoker?: string;
    sourceURL?: string;
    sourceFunctionName?: string;
    sourceCharPosition?: number;
    forcedStyleAndLayoutDuration?: number;
  };
  type AnimationFrameTiming = PerformanceEntry & { blockingDuration?: number; scripts?: ScriptTiming[] };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as AnimationFrameTiming[])
        longFrames.push({
          start: entry.startTime,
          durationMs: Math.round(entry.duration),
          blockingMs: Math.round(entry.blockingDuration ?? 0),
          scripts: (entry.scripts ?? []).map((script) => ({
            invoker: script.invoker ?? '',
            source: script.sourceURL ?? '',
            fn: script.sourceFunctionName ?? '',
            charPosition: script.sourceCharPosition ?? -1,
            durationMs: Math.round(script.duration),
            layoutMs: Math.round(script.forcedStyleAndLayoutDuration ?? 0),
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No long-animation-frame entries in this browser: the figures go without attribution.
  }

  interface Watch {
    kind: PageKind;
    t0: number | null;
    rows: (MarkerTimes & { count: number }) | null;
    overview: MarkerTimes | null;
    observer: MutationObserver;
    trace: { at: number; what: string }[];
    last: string;
  }
  let watch: Watch | null = null;

  // The marker's DOM time, then the next frame, then a task after that frame: the frame with it was rendered.
  const stamp = (): MarkerTimes => {
    const mark: MarkerTimes = { dom: performance.now(), frame: null, paint: null };
    requestAnimationFrame(() => {
      mark.frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        mark.paint = performance.now();
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    });
    return mark;
  };

  const check = (current: Watch) => {
    const markers = config.markers[current.kind];
    const root = document.querySelector(markers.root);
    const hasRows = root?.querySelector(markers.shown) != null;
    const text =
      markers.count === ''
        ? `${root?.querySelectorAll(markers.shown).length ?? 0} rows`
        : (root?.querySelector(markers.count)?.textContent?.trim() ?? '');
    const value = root?.querySelector(markers.overviewValue)?.textContent?.trim() ?? '';
    const isOverviewReady = root?.querySelector(markers.overviewReady) != null;
    const seen = `page ${root ? 'on' : 'off'}; count '${text}'; rows ${hasRows ? 'on' : 'off'}; overview '${value}'${isOverviewReady ? ' ready' : ''}`;
    if (seen !== current.last && current.trace.length < 40) {
      current.trace.push({ at: performance.now(), what: seen });
      current.last = seen;
    }
    if (!root) return;
    if (!current.rows) {
      const match = /^([\d,]+) [a-z]+$/.exec(text);
      const count = match ? Number((match[1] ?? '').replace(/,/g, '')) : 0;
      if (count > 0 && hasRows) current.rows = Object.assign(stamp(), { count });
    }
    if (!current.overview && value !== '' && value !== '…' && isOverviewReady) current.overview = stamp();
    if (current.rows && current.overview) current.observer.disconnect();
  };

  let frames: { count: number; last: number; maxGap: number; running: boolean } | null = null;
  const scroller = (kind: PageKind): HTMLElement | null =>
    document.querySelector<HTMLElement>(`${config.markers[kind].root} .data-grid__body .dvn-scroller`);
  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

  const probe: PageProbe = {
    now: () => performance.now(),
    arm(kind, t0) {
      watch?.observer.disconnect();
      const current: Watch = {
        kind,
        t0,
        rows: null,
        overview: null,
        observer: new MutationObserver(() => check(current)),
        trace: [],
        last: '',
      };
      watch = current;
      current.observer.observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['aria-busy', 'class'],
      });
      if (t0 === null)
        document.addEventListener(
          'click',
          (event) => {
            // The input's own time (it includes any wait for a busy main thread), if the browser gives one.
            const now = performance.now();
            current.t0 = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
          },
          { capture: true, once: true },
        );
      check(current);
    },
    state: () => ({
      kind: watch?.kind ?? null,
      t0: watch?.t0 ?? null,
      rows: watch?.rows ? { ...watch.rows } : null,
      overview: watch?.overview ? { ...watch.overview } : null,
      trace: watch ? [...watch.trace] : [],
    }),
    isDone: () => watch?.rows?.paint != null && watch.overview?.paint != null,
    longTasks: (from, to) => longTasks.filter((task) => task.start >= from && task.start < to),
    longFrames: (from, to) => longFrames.filter((frame) => frame.start >= from && frame.start < to),
    settle(quietMs, maxMs) {
      const started = performance.now();
      return new Promise((resolve) => {
        const poll = () => {
          const now = performance.now();
          const lastEnd = Math.max(started, ...longTasks.map((task) => task.start + task.duration));
          if (now - lastEnd >= quietMs || now - started >= maxMs) resolve();
          else setTimeout(poll, 50);
        };
        setTimeout(poll, 50);
      });
    },
    until(time) {
      return new Promise((resolve) => {
        const poll = () => (performance.now() >= time ? resolve() : setTimeout(poll, 20));
        poll();
      });
    },
    calibrate() {
      const started = performance.now();
      return new Promise((resolve) => {
        // In a task of its own: work run by the DevTools protocol (page.evaluate) is not reported as a long task.
        setTimeout(() => {
          const until = performance.now() + 80;
          while (performance.now() < until) {
            // Busy on purpose: an 80 ms task the 'longtask' observer must report.
          }
          setTimeout(
            () =>
              resolve(
                Math.round(
                  Math.max(0, ...longTasks.filter((t) => t.start >= started).map((t) => t.duration)),
                ),
              ),
            200,
          );
        }, 0);
      });
    },
    documentTimes() {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (!entry) return null;
      return {
        responseEndMs: Math.round(entry.responseEnd),
        domContentLoadedMs: Math.round(entry.domContentLoadedEventEnd),
        fromServiceWorker: entry.workerStart > 0,
      };
    },
    async prepareGridScroll(kind) {
      const element = scroller(kind);
      if (!element) throw new Error(`No grid scroller on the ${kind} page`);
      element.closest('.data-grid__body')?.scrollIntoView({ block: 'center' });
      element.scrollTop = 0;
      await nextFrame();
      await nextFrame();
    },
    async gridScroll(kind) {
      await nextFrame();
      const element = scroller(kind);
      if (!element) throw new Error(`No grid scroller on the ${kind} page`);
      return { top: element.scrollTop, max: element.scrollHeight - element.clientHeight };
    },
    startFrames() {
      const current = { count: 0, last: performance.now(), maxGap: 0, running: true };
      frames = current;
      const tick = (time: number) => {
        if (!current.running) return;
        current.count += 1;
        current.maxGap = Math.max(current.maxGap, time - current.last);
        current.last = time;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      return current.last;
    },
    stopFrames() {
      const current = frames;
      if (current) current.running = false;
      return { end: performance.now(), count: current?.count ?? 0, maxGapMs: current?.maxGap ?? 0 };
    },
  };
  window.__pagesProbe = probe;

  const pending = sessionStorage.getItem(config.armKey);
  const armed = Object.keys(config.markers).find((kind) => kind === pending) as PageKind | undefined;
  if (armed) {
    sessionStorage.removeItem(config.armKey);
    probe.arm(armed, 0);
  }
}

// What a new device's Locations page shows while its first pull runs (the slow-4G budget of docs/architecture.md §9: "the home page and Locations show
// real figures for the latest months within 15 s of signing in on a new device; say in the UI which months are still
// coming"). Polls the page as a person would read it: the grid's row count, the headline figure and the sync notice's
// 'Bills of {Mon YYYY} and earlier are still coming' (src/domain/sync.ts pendingBillsText), and notes when each first
// showed.
import type { Page } from '@playwright/test';
import { MONTH_NAMES } from '../src/domain/dates';
import { PROBE_CONFIG } from './pageNavigation';

const POLL_MS = 200;

/** When things first showed on the page, in ms from the start given. */
export interface FirstSyncTimeline {
  /** The grid counts every location of the company. */
  sitesMs: number | null;
  /** The headline figure ('Total spend') is a figure, not '…' nor '$0'. */
  figureMs: number | null;
  /**
   * Bills of the latest 12 months are all on the device: the notice names the 13th month before the company's newest
   * bill month or an earlier one, says every bill is here, or is gone.
   */
  latestYearMs: number | null;
  /** Each month the notice named ('still coming'), the first time it did. */
  pendingMonths: { month: string; ms: number }[];
}

/** `YYYY-MM` of a month label ('Mar 2025', src/domain/dates.ts monthLabel). */
function monthOf(label: string): string | null {
  const [name, year] = label.split(' ');
  const index = MONTH_NAMES.indexOf(name ?? '');
  return index < 0 || !year ? null : `${year}-${String(index + 1).padStart(2, '0')}`;
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));

/** Starts watching the Locations page; `stop()` ends it and gives the timeline. */
export function watchFirstSync(
  page: Page,
  started: number,
  locations: number,
  latestBillMonth: string,
): { stop: () => Promise<FirstSyncTimeline> } {
  const timeline: FirstSyncTimeline = {
    sitesMs: null,
    figureMs: null,
    latestYearMs: null,
    pendingMonths: [],
  };
  const { root, count, overviewValue } = PROBE_CONFIG.markers.locations;
  let isWatching = true;
  const poll = async () => {
    while (isWatching) {
      const seen = await page
        .evaluate(
          ({ countSelector, figureSelector }) => ({
            count: document.querySelector(countSelector)?.textContent ?? '',
            figure: document.querySelector(figureSelector)?.textContent ?? '',
            notice: document.querySelector('.notice')?.textContent ?? null,
          }),
          { countSelector: `${root} ${count}`, figureSelector: `${root} ${overviewValue}` },
        )
        .catch(() => null);
      const ms = Date.now() - started;
      if (seen) {
        if (timeline.sitesMs === null && Number(seen.count.replace(/[^\d]/g, '')) === locations)
          timeline.sitesMs = ms;
        if (timeline.figureMs === null && /\d/.test(seen.figure) && !/^\$0(\.00)?$/.test(seen.figure.trim()))
          timeline.figureMs = ms;
        const label = /Bills of (\w+ \d{4}) and earlier/.exec(seen.notice ?? '')?.[1];
        const month = label ? monthOf(label) : null;
        if (month && !timeline.pendingMonths.some((known) => known.month === month))
          timeline.pendingMonths.push({ month, ms });
        // Done when the notice names the 13th month back or earlier, says every bill is here, or is gone.
        const yearDone =
          timeline.pendingMonths.length > 0 &&
          (seen.notice === null ||
            seen.notice.includes('Every bill is here') ||
            (month !== null && monthsBetween(month, latestBillMonth) >= 12));
        if (timeline.latestYearMs === null && yearDone) timeline.latestYearMs = ms;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const polling = poll();
  return {
    stop: async () => {
      isWatching = false;
      await polling;
      return timeline;
    },
  };
}

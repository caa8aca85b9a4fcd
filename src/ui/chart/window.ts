// The chart's horizontal scroll window (spec 000 §9, 001 §9): past 12 points the chart shows 11.75 of
// them, starting at the latest. Points sit at x = 0, 1, …, n − 1 on a linear x scale, each owning the
// slot [i − 0.5, i + 0.5]; a linear scale is used because a category scale rounds min/max to whole points.

/** Points visible at once when the chart scrolls. */
export const VISIBLE_POINTS = 11.75;
/** The scrollbar appears when there are more points than this. */
export const SCROLL_AFTER_POINTS = 12;
/** Scrollbar step, in points. */
export const SCROLL_STEP = 0.25;

/** x-scale bounds. */
export interface XWindow {
  min: number;
  max: number;
}

/** True when the chart needs a scrollbar. */
export function isScrollable(pointCount: number): boolean {
  return pointCount > SCROLL_AFTER_POINTS;
}

/** Where the window's left edge may go: from the first slot's left edge to the start of the last window. */
export function scrollBounds(pointCount: number): XWindow {
  if (!isScrollable(pointCount)) return { min: -0.5, max: -0.5 };
  return { min: -0.5, max: pointCount - 0.5 - VISIBLE_POINTS };
}

/**
 * The x-scale bounds: every point when there are 12 or fewer, otherwise 11.75 points starting at
 * `start` (clamped), by default the last 11.75 points.
 */
export function visibleWindow(pointCount: number, start?: number): XWindow {
  const count = Math.max(0, Math.floor(pointCount));
  if (!isScrollable(count)) return { min: -0.5, max: Math.max(count, 1) - 0.5 };
  const bounds = scrollBounds(count);
  const from =
    start === undefined || Number.isNaN(start)
      ? bounds.max
      : Math.min(bounds.max, Math.max(bounds.min, start));
  return { min: from, max: from + VISIBLE_POINTS };
}

/** Indexes of the first and last points at least half inside the window, for the scrollbar's spoken value. */
export function visibleRange(window: XWindow, pointCount: number): { first: number; last: number } {
  const first = Math.max(0, Math.ceil(window.min));
  const last = Math.min(pointCount - 1, Math.floor(window.max));
  return { first, last };
}

/** Bounds showing every point, for exported images. */
export function fullWindow(pointCount: number): XWindow {
  return { min: -0.5, max: Math.max(pointCount, 1) - 0.5 };
}

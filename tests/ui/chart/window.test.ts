import { describe, expect, it } from 'vitest';
import {
  fullWindow,
  isScrollable,
  scrollBounds,
  VISIBLE_POINTS,
  visibleRange,
  visibleWindow,
} from '../../../src/ui/chart/window';

describe('visibleWindow', () => {
  it.each([
    [0, { min: -0.5, max: 0.5 }],
    [1, { min: -0.5, max: 0.5 }],
    [12, { min: -0.5, max: 11.5 }],
    [13, { min: 0.75, max: 12.5 }],
    [36, { min: 23.75, max: 35.5 }],
  ])('%s points start at %o', (count, expected) => {
    expect(visibleWindow(count)).toEqual(expected);
  });

  it('shows exactly the last 11.75 points when there are more than 12', () => {
    for (const count of [13, 24, 36, 120]) {
      const { min, max } = visibleWindow(count);
      expect(max - min).toBe(VISIBLE_POINTS);
      // The right edge is the last point's slot edge: the latest point is fully in view.
      expect(max).toBe(count - 0.5);
    }
  });

  it('moves to a scrolled start, clamped to the data', () => {
    expect(visibleWindow(36, 0)).toEqual({ min: 0, max: 11.75 });
    expect(visibleWindow(36, -5)).toEqual({ min: -0.5, max: 11.25 });
    expect(visibleWindow(36, 99)).toEqual({ min: 23.75, max: 35.5 });
    expect(visibleWindow(36, Number.NaN)).toEqual({ min: 23.75, max: 35.5 });
    expect(visibleWindow(10, 3)).toEqual({ min: -0.5, max: 9.5 });
  });
});

describe('scroll helpers', () => {
  it('scrolls only past 12 points, over the first slot edge to the start of the last window', () => {
    expect(isScrollable(12)).toBe(false);
    expect(isScrollable(13)).toBe(true);
    expect(scrollBounds(36)).toEqual({ min: -0.5, max: 23.75 });
    expect(fullWindow(36)).toEqual({ min: -0.5, max: 35.5 });
  });

  it('names the points at least half in view', () => {
    expect(visibleRange(visibleWindow(36), 36)).toEqual({ first: 24, last: 35 });
    expect(visibleRange(visibleWindow(36, -0.5), 36)).toEqual({ first: 0, last: 11 });
    expect(visibleRange(visibleWindow(5), 5)).toEqual({ first: 0, last: 4 });
  });
});

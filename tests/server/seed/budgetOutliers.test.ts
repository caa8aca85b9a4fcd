import { describe, expect, it } from 'vitest';
import { withoutOutliers } from '../../../server/src/seed/budgets';

const month = (i: number, spend: number, usage: number, isBilled = true) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  previousMonth: `2025-${String(i + 1).padStart(2, '0')}`,
  spend,
  usage,
  isBilled,
});

describe('withoutOutliers', () => {
  it('plans a month far above the year’s median at the median, and leaves ordinary months be', () => {
    const year = Array.from({ length: 12 }, (_, i) => month(i, 24_000 + i * 100, 1000));
    year[5] = month(5, 73_409, 3100);
    const planned = withoutOutliers(year);
    const spends = planned.map((item) => item.spend);
    expect(spends[5]).toBeLessThan(2 * Math.min(...spends.filter((_, i) => i !== 5)));
    expect(planned[5]?.usage).toBe(1000);
    expect(planned.filter((_, i) => i !== 5)).toEqual(year.filter((_, i) => i !== 5));
  });

  it('keeps a year without bills as it is', () => {
    const year = Array.from({ length: 12 }, (_, i) => month(i, 0, 0, false));
    expect(withoutOutliers(year)).toEqual(year);
  });
});

import { describe, it, expect } from 'vitest';
import { clampProgress } from '../../src/domain/progress';

describe('clampProgress', () => {
  it.each([
    [Number.NaN, 0],
    [Number.NEGATIVE_INFINITY, 0],
    [-1, 0],
    [-0.5, 0],
    [0, 0],
    [0.5, 0.5],
    [42, 42],
    [100, 100],
    [100.1, 100],
    [250, 100],
    [Number.POSITIVE_INFINITY, 100],
  ])('clamps %s to %s', (value, expected) => {
    expect(clampProgress(value)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE_TEXT, esValue } from '../../../src/ui/energyStar/esFormat';

describe('esValue', () => {
  // Portfolio Manager writes "Not Available" for an energy metric it cannot compute yet (fewer than twelve full
  // calendar months of data).
  it.each(['sourceIntensity', 'locationIntensity', 'sourceTotal', 'locationTotal'] as const)(
    'reads a missing %s as Not Available',
    (key) => {
      expect(esValue(key, null)).toBe(NOT_AVAILABLE_TEXT);
      expect(NOT_AVAILABLE_TEXT).toBe('Not Available');
    },
  );

  it('formats a figure with its unit, and a missing score as N/A', () => {
    expect(esValue('locationTotal', 1234567.4)).toBe('1,234,567 kBtu');
    expect(esValue('score', null)).toBe('N/A');
  });
});

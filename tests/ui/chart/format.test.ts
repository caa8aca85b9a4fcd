import { describe, expect, it } from 'vitest';
import { formatChartValue, formatTick } from '../../../src/ui/chart/format';

describe('formatChartValue', () => {
  it.each([
    [1234.5, 'currency', undefined, '$1,234.50'],
    [-0.001, 'currency', undefined, '$0.00'],
    [1234.567, 'number', 'kWh', '1,234.57 kWh'],
    [12, 'number', undefined, '12'],
    [null, 'currency', undefined, 'N/A'],
    [Number.NaN, 'number', 'kWh', 'N/A'],
  ] as const)('%s (%s, %s) → %s', (value, kind, unit, text) => {
    expect(formatChartValue(value, kind, unit)).toBe(text);
  });
});

describe('formatTick', () => {
  it('shows whole-dollar steps without cents and smaller steps with them', () => {
    expect(formatTick(12000, 'currency', 2000)).toBe('$12,000');
    expect(formatTick(0.5, 'currency', 0.25)).toBe('$0.50');
    expect(formatTick(-2500, 'currency', 500)).toBe('-$2,500');
    expect(formatTick(1500000, 'number', 500000)).toBe('1,500,000');
  });
});

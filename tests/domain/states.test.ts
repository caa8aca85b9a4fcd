import { describe, it, expect } from 'vitest';
import { STATES, stateLabel } from '../../src/domain/states';

describe('STATES', () => {
  it('holds about 100 entries with unique keys and labels', () => {
    expect(STATES.length).toBeGreaterThanOrEqual(95);
    expect(STATES.length).toBeLessThanOrEqual(105);
    expect(new Set(STATES.map((s) => s.key)).size).toBe(STATES.length);
    expect(new Set(STATES.map((s) => s.label)).size).toBe(STATES.length);
  });

  it.each([
    ['US', 57],
    ['MX', 32],
    ['CA', 13],
  ])('holds every %s entry (%i)', (country, count) => {
    expect(STATES.filter((s) => s.country === country)).toHaveLength(count);
  });

  it('keys US and Canadian entries with two letters and Mexican ones with three', () => {
    for (const s of STATES) {
      expect(s.key).toMatch(s.country === 'MX' ? /^[A-Z]{3}$/ : /^[A-Z]{2}$/);
      expect(s.label.trim()).toBe(s.label);
      expect(s.label).not.toBe('');
    }
  });
});

describe('stateLabel', () => {
  it.each([
    ['PR', 'Puerto Rico'],
    ['pr', 'Puerto Rico'],
    [' TX ', 'Texas'],
    ['DC', 'District of Columbia'],
    ['GU', 'Guam'],
    ['VI', 'U.S. Virgin Islands'],
    ['ON', 'Ontario'],
    ['QC', 'Quebec'],
    ['YT', 'Yukon'],
    ['NLE', 'Nuevo León'],
    ['CMX', 'Ciudad de México'],
    ['JAL', 'Jalisco'],
  ])('labels %j as %j', (key, label) => {
    expect(stateLabel(key)).toBe(label);
  });

  it.each(['ZZ', '', 'Texas', 'xx '])('shows the unknown key %j as given', (key) => {
    expect(stateLabel(key)).toBe(key);
  });
});

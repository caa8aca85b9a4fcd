import { describe, expect, it } from 'vitest';
import { KBTU_PER_KWH, kbtuPerUnit, toKbtu } from '../../src/domain/energy';

describe('kbtuPerUnit', () => {
  it.each<[string, string | null, number | null]>([
    ['electric', 'kWh', 3.41214],
    ['electric', 'MWh', 3412.14],
    ['lighting', 'kwh', 3.41214],
    ['natural_gas', 'Therms', 100],
    ['Natural Gas', 'CCF', 102.6], // 100 scf × 1.026 kBtu/scf
    ['natural_gas', 'Mcf', 1026],
    ['natural_gas', 'MMBtu', 1000],
    ['natural_gas', 'Dth', 1000],
    ['natural_gas', 'Dekatherms', 1000],
    ['propane', 'Gallons', 91],
    ['fuel_oil', 'gallon', 138],
    ['water', 'Gallons', null],
    ['electric', 'therms', null],
    ['electric', null, null],
  ])('%s in %s: %j kBtu', (service, unit, expected) => {
    const value = kbtuPerUnit(service, unit);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 9);
  });
});

describe('toKbtu', () => {
  it('converts a usage, or gives null when it cannot', () => {
    expect(toKbtu('electric', 1000, 'kWh')).toBeCloseTo(1000 * KBTU_PER_KWH, 9);
    expect(toKbtu('electric', null, 'kWh')).toBeNull();
    expect(toKbtu('sewer', 10, 'kgal')).toBeNull();
  });
});

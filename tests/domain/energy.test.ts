import { describe, expect, it } from 'vitest';
import { kbtuPerUnit, toKbtu } from '../../src/domain/energy';
import { serviceEnergy } from '../../src/domain/energyStarEnergy';

// One kBtu factor per unit, Portfolio Manager's: "Portfolio Manager Technical Reference: Thermal Energy
// Conversions" (U.S. EPA, ENERGY STAR), U.S. column: electricity 3.412 kBtu/kWh, natural gas 1.026 kBtu/cf (Ccf
// 102.6, kcf 1,026), therms 100, propane 92 kBtu/gal, fuel oil No. 2 138 kBtu/gal, steam 1.194 kBtu/lb.
describe('kbtuPerUnit', () => {
  it.each<[string, string | null, number | null]>([
    ['electric', 'kWh', 3.412],
    ['electric', 'MWh', 3412],
    ['lighting', 'kwh', 3.412],
    ['natural_gas', 'Therms', 100],
    ['Natural Gas', 'CCF', 102.6],
    ['natural_gas', 'Mcf', 1026], // a bill's MCF is a thousand cubic feet: Portfolio Manager's kcf
    ['natural_gas', 'kcf', 1026],
    ['natural_gas', 'MMBtu', 1000],
    ['natural_gas', 'Dth', 1000],
    ['natural_gas', 'Dekatherms', 1000],
    ['propane', 'Gallons', 92],
    ['fuel_oil', 'gallon', 138],
    ['steam', 'lbs', 1.194],
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
    expect(toKbtu('electric', 1000, 'kWh')).toBeCloseTo(3412, 9);
    expect(toKbtu('electric', null, 'kWh')).toBeNull();
    expect(toKbtu('sewer', 10, 'kgal')).toBeNull();
  });

  it("is the ENERGY STAR site energy of the same bill, whatever the unit (a report's kBtu and ENERGY STAR agree)", () => {
    for (const [serviceType, unit] of [
      ['electric', 'kWh'],
      ['natural_gas', 'MCF'],
      ['natural_gas', 'CCF'],
      ['propane', 'gallons'],
      ['fuel_oil', 'gallons'],
    ] as const)
      expect(serviceEnergy({ serviceType, usage: 1234.5, unit })?.siteKbtu).toBe(
        toKbtu(serviceType, 1234.5, unit),
      );
  });
});

import { describe, it, expect } from 'vitest';
import { ELECTRICITY_RATES, electricityRate } from '../../src/domain/emissionFactors';
import {
  NO_EMISSIONS,
  SCOPE_DESCRIPTIONS,
  SCOPE_LABELS,
  addEmissions,
  emissionScope,
  serviceEmissions,
} from '../../src/domain/emissions';
import type { EmissionScope } from '../../src/domain/emissions';

describe('emissionScope', () => {
  it.each<[string, EmissionScope]>([
    ['natural_gas', 1],
    ['Natural Gas', 1],
    ['NATURAL_GAS', 1],
    ['natural-gas', 1],
    ['propane', 1],
    [' Propane ', 1],
    ['electric', 2],
    ['Electric', 2],
    ['Electricity', 2],
    ['lighting', 2],
    ['Outdoor Lighting', 2],
    ['water', 3],
    ['sewer', 3],
    // Not named by the spec: placed as the GHG Protocol Corporate Standard places them (ch. 4).
    ['fuel_oil', 1],
    ['steam', 2],
    ['district_heat', 2],
    ['', 3],
    ['gas', 3],
  ])('puts %j in scope %i', (serviceType, scope) => {
    expect(emissionScope(serviceType)).toBe(scope);
  });
});

describe('SCOPE_LABELS', () => {
  it('names and describes each scope', () => {
    expect(SCOPE_LABELS).toEqual({ 1: 'Scope 1', 2: 'Scope 2', 3: 'Scope 3' });
    // The spec's words first (spec 000 §1, 001 §9), then what the GHG Protocol adds.
    expect(SCOPE_DESCRIPTIONS[1]).toMatch(/^Natural gas and propane; also fuel oil burned on site/);
    expect(SCOPE_DESCRIPTIONS[2]).toMatch(/^Electric and lighting; also purchased steam and district heat/);
    expect(SCOPE_DESCRIPTIONS[3]).toBe('All other services');
  });
});

describe('serviceEmissions (hand-checked, 40 CFR 98 Tables C-1 and C-2, AR5 GWPs)', () => {
  it('natural gas: 100 therms = 10 mmBtu → 530.6 kg CO2, 10 g CH4, 1 g N2O', () => {
    const e = serviceEmissions('natural_gas', 100, 'Therms', 'TX');
    expect(e?.co2).toBeCloseTo(0.5306, 12);
    expect(e?.ch4).toBeCloseTo(0.00001, 15);
    expect(e?.n2o).toBeCloseTo(0.000001, 15);
    // 0.5306 + 0.00001 × 28 + 0.000001 × 265
    expect(e?.co2e).toBeCloseTo(0.531145, 12);
    expect([e?.so2, e?.nox]).toEqual([0, 0]);
  });

  it('natural gas in ccf: 10 ccf = 1,000 scf × 1.026 × 10⁻³ mmBtu/scf → 54.44 kg CO2', () => {
    expect(serviceEmissions('Natural Gas', 10, 'CCF', null)?.co2).toBeCloseTo(0.05443956, 12);
  });

  it('propane: 100 gallons × 0.091 = 9.1 mmBtu → 572.117 kg CO2, 27.3 g CH4, 5.46 g N2O', () => {
    const e = serviceEmissions('propane', 100, 'Gallons', null);
    expect(e?.co2).toBeCloseTo(0.572117, 12);
    expect(e?.ch4).toBeCloseTo(0.0000273, 15);
    expect(e?.n2o).toBeCloseTo(0.00000546, 15);
    expect(e?.co2e).toBeCloseTo(0.572117 + 0.0000273 * 28 + 0.00000546 * 265, 12);
  });

  it('fuel oil No. 2: 100 gallons × 0.138 = 13.8 mmBtu → 1,020.648 kg CO2', () => {
    const e = serviceEmissions('fuel_oil', 100, 'gallons', null);
    expect(e?.co2).toBeCloseTo(1.020648, 12);
    expect(e?.co2e).toBeCloseTo(1.020648 + 0.0000414 * 28 + 0.00000828 * 265, 12);
  });

  it('gives null where no factor applies: services without one, unknown units, no usage', () => {
    expect(serviceEmissions('water', 100, 'Gallons', 'TX')).toBeNull();
    expect(serviceEmissions('natural_gas', 100, 'liters', 'TX')).toBeNull();
    expect(serviceEmissions('natural_gas', null, 'Therms', 'TX')).toBeNull();
    expect(serviceEmissions('natural_gas', 100, null, 'TX')).toBeNull();
  });

  it('electricity: 1,000 kWh = 1 MWh in Texas at eGRID2023 TX rates (lb/MWh × 0.45359237 kg/lb)', () => {
    expect(electricityRate(' tx ')).toEqual({ co2: 768.317, ch4: 0.044, n2o: 0.006, so2: 0.389, nox: 0.476 });
    const e = serviceEmissions('electric', 1000, 'kWh', 'TX');
    const tons = (lb: number) => (lb * 0.45359237) / 1000;
    expect(e?.co2).toBeCloseTo(tons(768.317), 12);
    expect(e?.ch4).toBeCloseTo(tons(0.044), 15);
    expect(e?.n2o).toBeCloseTo(tons(0.006), 15);
    expect(e?.so2).toBeCloseTo(tons(0.389), 15);
    expect(e?.nox).toBeCloseTo(tons(0.476), 15);
    expect(e?.co2e).toBeCloseTo(tons(768.317 + 0.044 * 28 + 0.006 * 265), 12);
    // Lighting is grid electricity too; MWh read as 1,000 kWh.
    expect(serviceEmissions('lighting', 1, 'MWh', 'TX')?.co2).toBeCloseTo(tons(768.317), 12);
  });

  it('covers the 50 states, DC and Puerto Rico, the U.S. average without a state, and nothing outside', () => {
    expect(Object.keys(ELECTRICITY_RATES)).toHaveLength(52);
    for (const rate of Object.values(ELECTRICITY_RATES))
      for (const gas of ['co2', 'ch4', 'n2o', 'so2', 'nox'] as const) expect(rate[gas]).toBeGreaterThan(0);
    expect(electricityRate('ON')).toBeNull();
    // eGRID2023 Summary Tables, Table 3, row "U.S.": 767.209 CO2, 0.057 CH4, 0.008 N2O, 0.452 NOx, 0.359 SO2 lb/MWh.
    expect(electricityRate(null)).toEqual({ co2: 767.209, ch4: 0.057, n2o: 0.008, so2: 0.359, nox: 0.452 });
    expect(electricityRate(' ')).toEqual(electricityRate(null));
    expect(serviceEmissions('electric', 1000, 'kWh', null)?.co2).toBeCloseTo(
      (767.209 * 0.45359237) / 1000,
      12,
    );
  });

  it('purchased steam: EPA GHG Emission Factors Hub 2025, Table 7 "Steam and Heat" per mmBtu', () => {
    // 10 MMBtu × 66.33 kg CO2, 1.25 g CH4, 0.125 g N2O; 1,000 lbs × 1,194 Btu/lb = 1.194 MMBtu.
    const e = serviceEmissions('steam', 10, 'MMBtu', null);
    expect(e?.co2).toBeCloseTo(0.6633, 12);
    expect(e?.ch4).toBeCloseTo(12.5e-6, 15);
    expect(e?.n2o).toBeCloseTo(1.25e-6, 15);
    expect(serviceEmissions('steam', 1000, 'lbs', 'TX')?.co2).toBeCloseTo((1.194 * 66.33) / 1000, 12);
    expect(serviceEmissions('district_heat', 100, 'therms', 'TX')?.co2).toBeCloseTo(0.6633, 12);
  });

  it('adds figures gas by gas', () => {
    const sum = addEmissions({ ...NO_EMISSIONS }, { co2e: 1, co2: 2, ch4: 3, n2o: 4, so2: 5, nox: 6 });
    addEmissions(sum, { co2e: 1, co2: 1, ch4: 1, n2o: 1, so2: 1, nox: 1 });
    expect(sum).toEqual({ co2e: 2, co2: 3, ch4: 4, n2o: 5, so2: 6, nox: 7 });
    expect(NO_EMISSIONS.co2e).toBe(0);
  });
});

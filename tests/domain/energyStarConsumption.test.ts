import { describe, expect, it } from 'vitest';
import {
  chunked,
  entriesNotPresent,
  meterConsumption,
  pmUnitFactor,
} from '../../src/domain/energyStarConsumption';

const gas = (usage: number, unit = 'MCF', charges = 10.005) => ({
  serviceType: 'natural_gas',
  usage,
  unit,
  charges,
});

describe('meterConsumption', () => {
  it('gives one entry per bill period: read dates, else the bill month; bills of one period summed', () => {
    const { entries } = meterConsumption(
      [
        { billMonth: '2024-02', readDateFrom: null, readDateTo: null, services: [gas(2)] },
        { billMonth: '2024-01', readDateFrom: '2023-12-15', readDateTo: '2024-01-14', services: [gas(1)] },
        { billMonth: '2024-01', readDateFrom: '2023-12-15', readDateTo: '2024-01-14', services: [gas(3)] },
        {
          billMonth: '2024-03',
          readDateFrom: null,
          readDateTo: null,
          services: [{ serviceType: 'water', usage: 9, unit: 'gallons', charges: 5 }],
        },
      ],
      'natural_gas',
      'kcf (thousand cubic feet)',
    );
    expect(entries).toEqual([
      { startDate: '2023-12-15', endDate: '2024-01-14', usage: 4, cost: 20.01 },
      { startDate: '2024-02-01', endDate: '2024-02-29', usage: 2, cost: 10.01 },
    ]);
  });

  it("converts by the published factors: a bill's MCF is Portfolio Manager's kcf, a thousandth of its MCF", () => {
    expect(pmUnitFactor('natural_gas', 'MCF', 'kcf (thousand cubic feet)')).toBe(1);
    expect(pmUnitFactor('natural_gas', 'MCF', 'MCF(million cubic feet)')).toBeCloseTo(0.001, 12);
    // 1 therm = 100 kBtu; 1 ccf = 102.6 kBtu (Thermal Energy Conversions).
    expect(pmUnitFactor('natural_gas', 'therms', 'ccf (hundred cubic feet)')).toBeCloseTo(100 / 102.6, 12);
    expect(pmUnitFactor('electric', 'kWh', 'MWh (million Watt-hours)')).toBeCloseTo(0.001, 12);
    expect(pmUnitFactor('electric', 'kWh', 'Gallons (US)')).toBeNull();
  });

  it('counts the services whose unit cannot convert', () => {
    const result = meterConsumption(
      [{ billMonth: '2024-01', readDateFrom: null, readDateTo: null, services: [gas(1, 'barrels')] }],
      'natural_gas',
      'therms',
    );
    expect(result).toEqual({ entries: [], unconvertible: 1 });
  });

  it('leaves out the periods that overlap one the meter holds, by a day or more', () => {
    const entry = (startDate: string, endDate: string) => ({ startDate, endDate, usage: 1, cost: 1 });
    const entries = [
      entry('2024-01-01', '2024-01-31'),
      entry('2024-02-01', '2024-02-29'),
      entry('2024-03-01', '2024-03-31'),
    ];
    expect(
      entriesNotPresent(entries, [
        { startDate: '2023-12-15', endDate: '2024-01-01' },
        { startDate: '2024-03-10', endDate: '2024-03-12' },
      ]),
    ).toEqual([entry('2024-02-01', '2024-02-29')]);
    expect(entriesNotPresent(entries, [])).toEqual(entries);
  });

  it('chunks at the size given', () => {
    expect(chunked([...Array(241).keys()], 120).map((chunk) => chunk.length)).toEqual([120, 120, 1]);
  });
});

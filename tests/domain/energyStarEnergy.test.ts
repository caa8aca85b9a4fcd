import { describe, expect, it } from 'vitest';
import { monthlyEnergy, serviceEnergy, trailingEnergy } from '../../src/domain/energyStarEnergy';
import type { EnergyBill, EnergyService } from '../../src/domain/energyStarEnergy';

const service = (serviceType: string, usage: number | null, unit: string | null): EnergyService => ({
  serviceType,
  usage,
  unit,
});

describe('serviceEnergy', () => {
  // The published figures, written out here rather than read from the factors file.
  it.each<[EnergyService, number, number]>([
    [service('electric', 1000, 'kWh'), 3412, 3412 * 2.8],
    [service('electric', 2, 'MWh'), 6824, 6824 * 2.8],
    [service('Natural Gas', 10, 'therms'), 1000, 1050],
    [service('natural_gas', 100, 'CCF'), 10260, 10260 * 1.05],
    [service('fuel_oil', 10, 'gallons'), 1380, 1380 * 1.01],
    [service('propane', 10, 'gallons'), 920, 920 * 1.01],
    [service('steam', 5, 'klbs'), 5970, 5970 * 1.2],
    [service('district_heat', 3, 'therms'), 300, 360],
    [service('electric', 500, 'kBtu'), 500, 1400],
  ])('converts %j to site and source kBtu', (input, site, source) => {
    const energy = serviceEnergy(input);
    expect(energy?.siteKbtu).toBeCloseTo(site, 6);
    expect(energy?.sourceKbtu).toBeCloseTo(source, 6);
  });

  it.each<[string, EnergyService]>([
    ['water, which carries no energy', service('water', 5000, 'gallons')],
    ['a unit without a published factor', service('electric', 10, 'kVA')],
    ['no usage', service('electric', null, 'kWh')],
    ['no unit', service('natural_gas', 10, null)],
    ['a usage that is not a number', service('electric', Number.NaN, 'kWh')],
  ])('has none for %s', (_name, input) => {
    expect(serviceEnergy(input)).toBeNull();
  });
});

describe('monthlyEnergy', () => {
  it('sums every bill and service of a month, a full date read as its month', () => {
    const bills: EnergyBill[] = [
      { billMonth: '2025-01', services: [service('electric', 1000, 'kWh'), service('water', 10, 'gallons')] },
      { billMonth: '2025-01-15', services: [service('natural_gas', 10, 'therms')] },
      { billMonth: '2025-02', services: [service('electric', 500, 'kWh')] },
      { billMonth: 'not a month', services: [service('electric', 999, 'kWh')] },
    ];
    const months = monthlyEnergy(bills);
    expect([...months.keys()]).toEqual(['2025-01', '2025-02']);
    expect(months.get('2025-01')?.siteKbtu).toBeCloseTo(3412 + 1000, 6);
    expect(months.get('2025-01')?.sourceKbtu).toBeCloseTo(3412 * 2.8 + 1050, 6);
  });
});

describe('trailingEnergy', () => {
  const flat = new Map(
    Array.from({ length: 14 }, (_, i) => {
      const month = `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
      return [month, { siteKbtu: 100, sourceKbtu: 250 }] as const;
    }),
  );

  // Portfolio Manager shows "Not Available" until twelve full calendar months of data exist, never a year
  // extrapolated from fewer (Portfolio Manager Technical Reference: ENERGY STAR Score, data requirements).
  const NOT_AVAILABLE = {
    locationTotal: null,
    sourceTotal: null,
    locationIntensity: null,
    sourceIntensity: null,
  };

  it('reports twelve-month totals and intensities once twelve full months exist, "Not Available" before', () => {
    const figures = trailingEnergy(flat, ['2024-01', '2024-11', '2024-12', '2025-02'], 1000);
    expect(figures).toEqual([
      { metricMonth: '2024-01', ...NOT_AVAILABLE },
      { metricMonth: '2024-11', ...NOT_AVAILABLE },
      {
        metricMonth: '2024-12',
        locationTotal: 1200,
        sourceTotal: 3000,
        locationIntensity: 1.2,
        sourceIntensity: 3,
      },
      {
        metricMonth: '2025-02',
        locationTotal: 1200,
        sourceTotal: 3000,
        locationIntensity: 1.2,
        sourceIntensity: 3,
      },
    ]);
  });

  it('has no figures for a period with a month without energy (a gap in the meter data)', () => {
    const gap = new Map(flat);
    gap.delete('2024-06');
    expect(trailingEnergy(gap, ['2025-01'], null)).toEqual([{ metricMonth: '2025-01', ...NOT_AVAILABLE }]);
  });

  it('reports nothing before the first month with energy, and nothing without energy', () => {
    expect(trailingEnergy(flat, ['2023-12', 'junk'], 1000)).toEqual([]);
    expect(trailingEnergy(new Map(), ['2024-01'], 1000)).toEqual([]);
  });

  it('rounds totals to a tenth and intensities to a hundredth, with no intensity for a zero floor area', () => {
    const odd = new Map(
      Array.from({ length: 12 }, (_, i) => [
        `2024-${String(i + 1).padStart(2, '0')}`,
        { siteKbtu: 1.23456, sourceKbtu: 2.34567 },
      ]),
    );
    expect(trailingEnergy(odd, ['2024-12'], 7)).toEqual([
      {
        metricMonth: '2024-12',
        locationTotal: 14.8,
        sourceTotal: 28.1,
        locationIntensity: 2.12,
        sourceIntensity: 4.02,
      },
    ]);
    expect(trailingEnergy(odd, ['2024-12'], 0)[0]?.sourceIntensity).toBeNull();
  });
});

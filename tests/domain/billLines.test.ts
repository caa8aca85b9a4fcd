import { describe, expect, it } from 'vitest';
import { chargeTotalsByService, usageTotalsByService } from '../../src/domain/billLines';
import type { BillChargeLine, BillUsageLine } from '../../src/domain/billLines';

const charge = (serviceType: string, amount: number): BillChargeLine => ({
  serviceType,
  tariff: null,
  chargeClassification: 'Energy',
  description: null,
  amount,
});

const usage = (
  serviceName: string,
  usageTotal: number,
  patch: Partial<BillUsageLine> = {},
): BillUsageLine => ({
  serviceName,
  tariff: null,
  measurementType: 'Actual',
  energyUnit: 'kWh',
  usageTotal,
  kwMax: null,
  kvaMax: null,
  kvarSum: null,
  readDateFrom: null,
  readDateTo: null,
  ...patch,
});

describe('chargeTotalsByService', () => {
  it('sums each service to the cent, in service order', () => {
    expect(
      chargeTotalsByService([charge('water', 0.1), charge('electric', 10), charge('water', 0.2)]),
    ).toEqual([
      { serviceType: 'electric', amount: 10, lines: 1 },
      { serviceType: 'water', amount: 0.3, lines: 2 },
    ]);
  });

  it('is empty without lines', () => {
    expect(chargeTotalsByService([])).toEqual([]);
  });
});

describe('usageTotalsByService', () => {
  it('sums usage per service and unit, keeps the greatest kW and kVA and sums kVAR', () => {
    const totals = usageTotalsByService([
      usage('electric', 0.1, { kwMax: 5, kvaMax: 6, kvarSum: 1.1 }),
      usage('electric', 0.2, { kwMax: 7, kvaMax: null, kvarSum: 2.2 }),
      usage('natural_gas', 40, { energyUnit: 'therms' }),
      usage('electric', 3, { energyUnit: 'kW' }),
    ]);
    expect(totals).toEqual([
      { serviceName: 'electric', energyUnit: 'kWh', usageTotal: 0.3, kwMax: 7, kvaMax: 6, kvarSum: 3.3 },
      { serviceName: 'electric', energyUnit: 'kW', usageTotal: 3, kwMax: null, kvaMax: null, kvarSum: null },
      {
        serviceName: 'natural_gas',
        energyUnit: 'therms',
        usageTotal: 40,
        kwMax: null,
        kvaMax: null,
        kvarSum: null,
      },
    ]);
  });
});

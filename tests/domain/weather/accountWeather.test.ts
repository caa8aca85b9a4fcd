import { describe, expect, it } from 'vitest';
import type { AuditBill } from '../../../src/domain/billAudits';
import { accountWeather, weatherPeriodsOf, weatherReport } from '../../../src/domain/weather/accountWeather';
import {
  addDays,
  coolingDegreeDays,
  datesBetween,
  heatingDegreeDays,
  sumOf,
} from '../../../src/domain/weather/degreeDays';
import { normalYearOf } from '../../../src/domain/weather/normalYear';
import {
  BUNDLED_STATIONS,
  bundledTemperatures,
  distanceMiles,
  STATE_REFERENCE_POINTS,
  stationForState,
  temperatureCoverage,
} from '../../../src/domain/weather/stations';

describe('bundled stations', () => {
  it('hold a complete year of observed daily means at each station', () => {
    expect(BUNDLED_STATIONS).toHaveLength(10);
    for (const station of BUNDLED_STATIONS) {
      const coverage = temperatureCoverage(bundledTemperatures(station.ghcnId));
      expect(coverage).toEqual({
        firstDate: '2014-07-01',
        lastDate: '2015-06-30',
        daysWithData: 365,
        completeness: 1,
      });
    }
    // FiveThirtyEight us-weather-history/KMDW.csv, first row: 2014-7-1, actual_mean_temp 76.
    expect(bundledTemperatures('USW00014819').get('2014-07-01')).toBe(76);
  });

  it('serve every demo state from the nearest station, with its distance', () => {
    // Chicago Loop to Midway airport is about 9 miles.
    expect(
      distanceMiles(STATE_REFERENCE_POINTS.IL ?? { latitude: 0, longitude: 0 }, {
        latitude: 41.786,
        longitude: -87.752,
      }),
    ).toBeCloseTo(9, 0);
    for (const state of [
      'TX',
      'CA',
      'IL',
      'GA',
      'FL',
      'NY',
      'OH',
      'AZ',
      'CO',
      'WA',
      'LA',
      'OK',
      'NM',
      'PA',
      'NC',
    ])
      expect(stationForState(state)).not.toBeNull();
    expect(stationForState('IL')?.station.icao).toBe('KMDW');
    expect(stationForState('CO')?.station.icao).toBe('KPHX');
    expect(stationForState('CO')?.distanceMiles).toBeGreaterThan(500);
    expect(stationForState('ZZ')).toBeNull();
  });
});

describe('normal year', () => {
  it('is the single bundled year when that is all there is', () => {
    const temperatures = bundledTemperatures('USW00014819');
    const normal = normalYearOf(temperatures);
    expect(normal?.dailyMeanF).toHaveLength(365);
    expect(normal?.minimumYears).toBe(1);
    expect(normal?.dailyMeanF[0]).toBe(temperatures.get('2015-01-01'));
    expect(normal?.dailyMeanF[181]).toBe(temperatures.get('2014-07-01'));
  });

  it('averages each calendar day over the years, leaving Feb 29 out', () => {
    const temperatures = new Map<string, number>();
    for (const date of datesBetween('2023-01-01', '2025-01-01'))
      temperatures.set(date, date.startsWith('2023') ? 40 : 50);
    const normal = normalYearOf(temperatures);
    expect(normal?.dailyMeanF.every((t) => t === 45)).toBe(true);
    expect(normal?.maximumYears).toBe(2);
    temperatures.delete('2023-03-01');
    temperatures.delete('2024-03-01');
    expect(normalYearOf(temperatures)).toBeNull();
  });
});

/** Monthly gas and electric bills of a site whose use follows the bundled Chicago year with known loads. */
function chicagoBills(): AuditBill[] {
  const temperatures = bundledTemperatures('USW00014819');
  const bills: AuditBill[] = [];
  let start = '2014-07-01';
  for (let i = 0; i < 12; i++) {
    const end = i === 11 ? '2015-07-01' : addDays(start, 30);
    const days = datesBetween(start, end).map((d) => temperatures.get(d) ?? Number.NaN);
    const electric = sumOf(
      days.map((t) => 300 + 40 * coolingDegreeDays(t, 68) + 5 * heatingDegreeDays(t, 50)),
    );
    const gas = sumOf(days.map((t) => 2 + 0.8 * heatingDegreeDays(t, 60)));
    bills.push({
      id: `bill-${i}`,
      billMonth: addDays(end, -1).slice(0, 7),
      invoiceDate: end,
      readDateFrom: start,
      readDateTo: addDays(end, -1),
      totalNewCharges: 0,
      lateFee: 0,
      isInvoiceMissing: false,
      services: [
        {
          serviceType: 'electric',
          charges: electric * 0.1,
          usage: electric,
          unit: 'kWh',
          demandKw: null,
          taxesFees: 0,
        },
        {
          serviceType: 'natural_gas',
          charges: gas * 0.9,
          usage: gas,
          unit: 'therms',
          demandKw: null,
          taxesFees: 0,
        },
        { serviceType: 'water', charges: 50, usage: 1000, unit: 'gallons', demandKw: null, taxesFees: 0 },
      ],
    });
    start = end;
  }
  return bills;
}

const withinFraction = (actual: number, expected: number, fraction: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * fraction);

describe('account weather on real temperatures with known loads', () => {
  const temperatures = bundledTemperatures('USW00014819');
  const normalYear = normalYearOf(temperatures)?.dailyMeanF ?? [];
  const bills = chicagoBills();

  it('chooses the baseline the bills and temperatures allow, and models electricity and gas only', () => {
    const report = weatherReport(bills, temperatures, null);
    // The earliest end whose 365 days are 90 % covered (CalTRACK 2.2.1.2): eleven 30-day bills, 330 days.
    expect(report.baselineEnd).toBe('2015-05-27');
    expect(report.baselineEnds.at(-1)).toBe('2015-07-01');
    expect(report.services.map((s) => s.serviceType).sort()).toEqual(['electric', 'natural_gas']);
    expect(report.normalYear?.minimumYears).toBe(1);
  });

  it('recovers the generating balance points and annual loads of gas', () => {
    const gas = accountWeather(bills, temperatures, '2015-07-01').services.find(
      (s) => s.serviceType === 'natural_gas',
    );
    expect(gas?.sufficiency.sufficient).toBe(true);
    const model = gas?.model;
    expect(model?.type).toBe('hdd_only');
    expect(Math.abs((model?.heatingBalancePointF ?? 0) - 60)).toBeLessThanOrEqual(3);
    withinFraction(gas?.normalized?.base ?? 0, 2 * 365, 0.05);
    withinFraction(
      gas?.normalized?.heating ?? 0,
      0.8 * sumOf(normalYear.map((t) => heatingDegreeDays(t, 60))),
      0.05,
    );
    expect(model?.cvRmse).toBeLessThan(0.05);
  });

  it('recovers the generating balance points and annual loads of electricity', () => {
    const electric = accountWeather(bills, temperatures, '2015-07-01').services.find(
      (s) => s.serviceType === 'electric',
    );
    const model = electric?.model;
    expect(model?.type).toBe('cdd_hdd');
    expect(Math.abs((model?.coolingBalancePointF ?? 0) - 68)).toBeLessThanOrEqual(3);
    expect(Math.abs((model?.heatingBalancePointF ?? 0) - 50)).toBeLessThanOrEqual(3);
    withinFraction(electric?.normalized?.base ?? 0, 300 * 365, 0.05);
    withinFraction(
      electric?.normalized?.cooling ?? 0,
      40 * sumOf(normalYear.map((t) => coolingDegreeDays(t, 68))),
      0.05,
    );
    withinFraction(
      electric?.normalized?.heating ?? 0,
      5 * sumOf(normalYear.map((t) => heatingDegreeDays(t, 50))),
      0.05,
    );
  });

  it('compares the bills after the baseline with the baseline model, pricing the avoided use', () => {
    // A second year made of the first one's temperatures, billed at 85 % of its use: 15 % avoided.
    const twoYears = new Map(temperatures);
    for (const [date, value] of temperatures) twoYears.set(addDays(date, 365), value);
    const reporting = bills.map((bill) => ({
      ...bill,
      id: `${bill.id}-again`,
      readDateFrom: addDays(bill.readDateFrom ?? '', 365),
      readDateTo: addDays(bill.readDateTo ?? '', 365),
      services: bill.services.map((s) => ({
        ...s,
        usage: (s.usage ?? 0) * 0.85,
        charges: (s.usage ?? 0) * 0.85 * 0.9,
      })),
    }));
    const gas = accountWeather([...bills, ...reporting], twoYears, '2015-07-01').services.find(
      (s) => s.serviceType === 'natural_gas',
    );
    const avoided = gas?.avoided;
    expect(avoided?.periods).toBe(12);
    expect(Math.abs((avoided?.savingsFraction ?? 0) - 0.15)).toBeLessThanOrEqual(0.01);
    // Priced at the reporting bills' own cost per therm, 0.90 $.
    expect(avoided?.avoidedCost).toBeCloseTo((avoided?.avoided ?? 0) * 0.9, 6);
  });
});

describe('billing periods of a service', () => {
  it('run from the first read day to the day after the last, in the service’s common unit only', () => {
    const bills = chicagoBills();
    const [first] = bills;
    if (first === undefined) throw new Error('no bill');
    const inMwh = {
      ...first,
      id: 'mwh',
      services: first.services.map((s) =>
        s.serviceType === 'electric' ? { ...s, unit: 'MWh', usage: 1 } : s,
      ),
    };
    const periods = weatherPeriodsOf([...bills, inMwh], 'electric');
    expect(periods).toHaveLength(12);
    expect(periods.every((p) => p.unit === 'kWh')).toBe(true);
    expect(periods[0]).toMatchObject({ start: '2014-07-01', end: '2014-07-31', billId: 'bill-0' });
  });
});

// The reports' weather-normalised option (src/domain/reports/weatherNormalized.ts) on generated bills of a known
// load: an electric account uses 300 kWh/day and 40 kWh per CDD at 65 °F over a station whose 2023 is 5 °F hotter
// than its other years. Its normalised use per bill period is the known load on the normal year (the mean of each
// calendar day over 2021–2024, worked out here), so year over year the actual use rises and the normalised use does
// not. A gas account with too few bills has no model and is named in the notes.
import { describe, expect, it } from 'vitest';
import type { BillServiceSummary } from '../../../src/domain/billFigures';
import type { ReportBill, ReportData } from '../../../src/domain/reports/data';
import { runReport } from '../../../src/domain/reports/run';
import { addMonths } from '../../../src/domain/totals';
import { addDays, datesBetween } from '../../../src/domain/weather/degreeDays';
import { stationForState } from '../../../src/domain/weather/stations';

const HOUSTON = stationForState('TX')?.station.ghcnId ?? '';
const YEARS = [2021, 2022, 2023, 2024];

/** The station's daily mean on a calendar day ('MM-DD') of a year: a seasonal wave, 2023 5 °F hotter. */
function meanF(year: number, calendarDay: string): number {
  const dayOfYear = datesBetween('2001-01-01', `2001-${calendarDay}`).length;
  return 70 - 18 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365) + (year === 2023 ? 5 : 0);
}

const temperatures = new Map(
  datesBetween('2021-01-01', '2025-01-01')
    .filter((date) => date.slice(5) !== '02-29')
    .map((date) => [date, meanF(Number(date.slice(0, 4)), date.slice(5))]),
);

const knownLoad = (t: number) => 300 + 40 * Math.max(t - 65, 0);

const service = (serviceType: string, usage: number, unit: string): BillServiceSummary => ({
  serviceType,
  charges: Math.round(usage * 12) / 100,
  usage,
  unit,
  demandKw: null,
  taxesFees: 0,
});

function monthBill(id: string, accountId: string, month: string, summary: BillServiceSummary): ReportBill {
  const end = `${addMonths(month, 1)}-01`;
  return {
    id,
    companyId: 1,
    accountId,
    locationId: 'L1',
    vendorId: accountId,
    vendorName: accountId === 'A1' ? 'Power Co' : 'Gas Co',
    billMonth: `${month}-01`,
    invoiceDate: end,
    readDateFrom: `${month}-01`,
    readDateTo: addDays(end, -1),
    totalNewCharges: summary.charges,
    lateFee: 0,
    isInvoiceMissing: false,
    services: [summary],
  };
}

/** Electric bills of the known load for 2022 and 2023, calendar months. */
const months = Array.from({ length: 24 }, (_, i) => addMonths('2022-01', i));
const electric = months.map((month) => {
  const days = datesBetween(`${month}-01`, `${addMonths(month, 1)}-01`);
  const use = days.reduce((sum, date) => sum + knownLoad(temperatures.get(date) ?? 0), 0);
  return monthBill(`E-${month}`, 'A1', month, service('electric', Math.round(use * 1000) / 1000, 'kWh'));
});
const gas = ['2023-10', '2023-11', '2023-12'].map((month) =>
  monthBill(`G-${month}`, 'A2', month, service('natural_gas', 500, 'therms')),
);

const DATA: ReportData = {
  companies: [{ id: 1, name: 'Test Co' }],
  locations: [
    {
      id: 'L1',
      companyId: 1,
      name: 'Alpha',
      siteNumber: 'S-1',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      sqft: 10_000,
      siteType: 'Store',
    },
  ],
  accounts: [
    {
      id: 'A1',
      companyId: 1,
      locationId: 'L1',
      vendorId: 'A1',
      vendorName: 'Power Co',
      accountNumber: '100',
      serviceZip: null,
      services: 'electric',
    },
    {
      id: 'A2',
      companyId: 1,
      locationId: 'L1',
      vendorId: 'A2',
      vendorName: 'Gas Co',
      accountNumber: '200',
      serviceZip: null,
      services: 'natural_gas',
    },
  ],
  meters: [],
  bills: [...electric, ...gas],
  attributes: [],
  attributeValues: [],
  contracts: [],
  contractLinks: [],
  budgets: [],
  budgetItems: [],
};

/** The known load of a month on the normal year: each day's mean over the four years. */
function normalUse(month: string): number {
  return datesBetween(`${month}-01`, `${addMonths(month, 1)}-01`).reduce((sum, date) => {
    const normal = YEARS.reduce((s, year) => s + meanF(year, date.slice(5)), 0) / YEARS.length;
    return sum + knownLoad(normal);
  }, 0);
}

const context = {
  today: '2024-06-01',
  stationTemperatures: (stationId: string) => (stationId === HOUSTON ? temperatures : new Map()),
};
const filter = { fromMonth: '2023-01', toMonth: '2023-12', weatherNormalized: true };

describe('weather-normalised reports', () => {
  it('usage by month: each month’s normalised use is the known load on the normal year', () => {
    const result = runReport('usageByMonth', filter, DATA, context);
    expect(result.columns.map((column) => column.key)).toContain('usage_weather_normalized');
    const rows = result.rows.filter((row) => row.service === 'Electricity');
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const expected = normalUse(String(row.bill_month));
      expect(Math.abs(Number(row.usage_weather_normalized) / expected - 1)).toBeLessThan(0.005);
    }
    // July 2023, 5 °F hotter than normal, used more than its normalised figure.
    const july = rows.find((row) => row.bill_month === '2023-07');
    expect(Number(july?.usage_total)).toBeGreaterThan(Number(july?.usage_weather_normalized) * 1.05);
    // The gas account's months have no normalised figure, and the notes say why, as the file does.
    expect(
      result.rows.filter((row) => row.service === 'Natural Gas').map((row) => row.usage_weather_normalized),
    ).toEqual([null, null, null]);
    expect(result.notes?.[1]).toBe(
      'No adequate weather model (no normalised usage): Gas Co 200 (Natural Gas).',
    );
  });

  it('year over year: actual use rises with the hotter summer, normalised use does not', () => {
    const result = runReport('yearOverYear', filter, DATA, context);
    const july = result.rows.find((row) => row.bill_month === '2023-07' && row.service === 'Electricity');
    expect(Number(july?.usage_change_pct)).toBeGreaterThan(10);
    expect(Math.abs(Number(july?.usage_weather_normalized_change_pct))).toBeLessThan(0.5);
    expect(Number(july?.usage_weather_normalized_prior_year)).toBeCloseTo(
      Number(july?.usage_weather_normalized),
      0,
    );
  });

  it('without temperatures to normalise with (a company without weather normalisation), nothing changes', () => {
    const plain = runReport('yearOverYear', { fromMonth: '2023-01', toMonth: '2023-12' }, DATA, {
      today: '2024-06-01',
    });
    const asked = runReport('yearOverYear', filter, DATA, { today: '2024-06-01' });
    expect(asked).toEqual(plain);
    expect(plain.notes).toBeUndefined();
    expect(plain.columns.map((column) => column.key)).not.toContain('usage_weather_normalized');
  });
});

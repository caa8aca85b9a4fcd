// A company whose electric account has a known weather load (300 kWh/day and 40 kWh per CDD at 65 °F) over a station
// whose 2023 is 5 °F hotter than its other years (2021–2024), billed by calendar month in 2022 and 2023, and a gas
// account with too few bills for a weather model: the weather-normalised reports' and answers' test data.
import type { BillServiceSummary } from '../../../src/domain/billFigures';
import type { ReportBill, ReportData } from '../../../src/domain/reports/data';
import { bill, service } from './fixture';
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

/** A service's summary at 12 cents a unit. */
const usageOf = (serviceType: string, usage: number, unit: string): BillServiceSummary =>
  service(serviceType, Math.round(usage * 12) / 100, usage, unit);

/** A bill of a whole calendar month of site L1, invoiced the day after. */
function monthBill(id: string, accountId: string, month: string, summary: BillServiceSummary): ReportBill {
  const end = `${addMonths(month, 1)}-01`;
  return bill(id, accountId, 'L1', month, summary.charges, [summary], false, {
    vendorId: accountId,
    invoiceDate: end,
    readDateTo: addDays(end, -1),
  });
}

/** Electric bills of the known load for 2022 and 2023, calendar months. */
const months = Array.from({ length: 24 }, (_, i) => addMonths('2022-01', i));
const electric = months.map((month) => {
  const days = datesBetween(`${month}-01`, `${addMonths(month, 1)}-01`);
  const use = days.reduce((sum, date) => sum + knownLoad(temperatures.get(date) ?? 0), 0);
  return monthBill(`E-${month}`, 'A1', month, usageOf('electric', Math.round(use * 1000) / 1000, 'kWh'));
});
const gas = ['2023-10', '2023-11', '2023-12'].map((month) =>
  monthBill(`G-${month}`, 'A2', month, usageOf('natural_gas', 500, 'therms')),
);

export const DATA: ReportData = {
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
export function normalUse(month: string): number {
  return datesBetween(`${month}-01`, `${addMonths(month, 1)}-01`).reduce((sum, date) => {
    const normal = YEARS.reduce((s, year) => s + meanF(year, date.slice(5)), 0) / YEARS.length;
    return sum + knownLoad(normal);
  }, 0);
}

export const context = {
  today: '2024-06-01',
  stationTemperatures: (stationId: string) => (stationId === HOUSTON ? temperatures : new Map()),
};

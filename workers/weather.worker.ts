// The weather worker (docs/architecture.md §14 Weather): fits the CalTRACK billing model of an account off the main
// thread, on the bundled station temperatures and any the server sent, with the same domain function the server
// runs. Only pages of companies with weatherNormalizationAccess start it.
import { expose } from 'comlink';
import type { AuditBill } from '../src/domain/billAudits';
import { weatherReport, type WeatherReport } from '../src/domain/weather/accountWeather';
import { datesBetween } from '../src/domain/weather/degreeDays';
import {
  bundledTemperatures,
  temperatureCoverage,
  type TemperatureCoverage,
} from '../src/domain/weather/stations';

/** The report with the coverage of the temperatures it was computed on, overall and over the bills' days. */
export interface DeviceWeatherReport {
  report: WeatherReport;
  coverage: TemperatureCoverage;
  /** Share of the days from the first bill's start to the last bill's end that have a temperature; null without bills. */
  billDaysCompleteness: number | null;
}

function billDaysCompleteness(
  report: WeatherReport,
  temperatures: ReadonlyMap<string, number>,
): number | null {
  const periods = report.services.flatMap((service) => service.periods);
  const start = periods.map((p) => p.start).sort()[0];
  const end = periods
    .map((p) => p.end)
    .sort()
    .at(-1);
  if (start === undefined || end === undefined) return null;
  const days = datesBetween(start, end);
  return days.length === 0 ? null : days.filter((day) => temperatures.has(day)).length / days.length;
}

const api = {
  /** The report of an account's bills on a station's bundled days plus `extraDays` (e.g. NOAA's, from the server). */
  report(
    bills: readonly AuditBill[],
    ghcnId: string,
    extraDays: readonly (readonly [string, number])[],
    baselineEnd: string | null,
  ): DeviceWeatherReport {
    const temperatures = bundledTemperatures(ghcnId);
    for (const [day, value] of extraDays) temperatures.set(day, value);
    const report = weatherReport(bills, temperatures, baselineEnd);
    return {
      report,
      coverage: temperatureCoverage(temperatures),
      billDaysCompleteness: billDaysCompleteness(report, temperatures),
    };
  },
};

export type WeatherApi = typeof api;

expose(api);

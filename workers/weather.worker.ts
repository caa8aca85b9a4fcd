// The weather worker (docs/architecture.md §14 Weather): fits the CalTRACK billing model of an account off the main
// thread, on the bundled station temperatures and any the server sent, with the same domain function the server
// runs. Only pages of companies with weatherNormalizationAccess start it.
import { expose } from 'comlink';
import type { AuditBill } from '../src/domain/billAudits';
import { weatherReport, type WeatherReport } from '../src/domain/weather/accountWeather';
import {
  bundledTemperatures,
  temperatureCoverage,
  type TemperatureCoverage,
} from '../src/domain/weather/stations';

/** The report with the coverage of the temperatures it was computed on. */
export interface DeviceWeatherReport {
  report: WeatherReport;
  coverage: TemperatureCoverage;
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
    return {
      report: weatherReport(bills, temperatures, baselineEnd),
      coverage: temperatureCoverage(temperatures),
    };
  },
};

export type WeatherApi = typeof api;

expose(api);

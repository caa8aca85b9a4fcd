// Degree days beside usage (docs/architecture.md §14 Weather): a site's monthly HDD and CDD, on
// the bundled station temperatures plus NOAA's days the server sent. Loaded on demand, so only companies with
// weather normalisation load the stations' data.
import { monthlyDegreeDays, type MonthlyDegreeDays } from '../../domain/weather/accountWeather';
import { bundledTemperatures, stationForState } from '../../domain/weather/stations';

/** The GHCN-Daily id of the station serving a state's sites; null where none does. */
export function stationIdOf(state: string): string | null {
  return stationForState(state)?.station.ghcnId ?? null;
}

/** A site's monthly HDD and CDD for `months` ('YYYY-MM'); null when the temperatures cover none of them. */
export function stationMonthlyDegreeDays(
  ghcnId: string,
  extraDays: readonly (readonly [string, number])[],
  months: readonly string[],
): MonthlyDegreeDays | null {
  const temperatures = bundledTemperatures(ghcnId);
  for (const [day, value] of extraDays) temperatures.set(day, value);
  return monthlyDegreeDays(temperatures, months);
}

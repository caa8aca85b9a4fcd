// NOAA daily station temperatures from NCEI's Access Data Service v1, dataset `daily-summaries` (GHCN-Daily):
// https://www.ncei.noaa.gov/support/access-data-service-api-user-documentation. A request names the station, the
// inclusive date range, the data types and `units=standard` (°F); the CSV answer has a quoted header row
// ("STATION","DATE",…) and one row per day the station reported, numbers right-aligned in their quotes, and an
// empty field where a type is missing that day.
import type { TemperatureSource } from './temperatures';

/** The data types asked for: daily maximum, minimum and (where the station has it) average temperature. */
const DATA_TYPES = ['TMAX', 'TMIN', 'TAVG'] as const;

/** Splits one CSV line with quoted fields (NCEI quotes every field; quotes inside fields are doubled). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

const numberOrNull = (text: string | undefined): number | null => {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/**
 * Daily mean temperatures (°F) from an NCEI daily-summaries CSV: (TMAX + TMIN) / 2, the mean the National Weather
 * Service's degree days are computed from (NWS Climate Prediction Center, "Degree Day Statistics"), else TAVG where
 * one of the extremes is missing; a day with neither is left out. Rows of other stations are ignored.
 */
export function parseDailySummariesCsv(csv: string, stationId: string): Map<string, number> {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const [headerLine, ...rows] = lines;
  const temperatures = new Map<string, number>();
  if (headerLine === undefined) return temperatures;
  const header = csvFields(headerLine).map((name) => name.trim().toUpperCase());
  const column = (name: string) => header.indexOf(name);
  const [station, date, tmax, tmin, tavg] = ['STATION', 'DATE', 'TMAX', 'TMIN', 'TAVG'].map(column);
  if (station === undefined || date === undefined || station < 0 || date < 0)
    throw new Error('NCEI answer has no STATION and DATE columns');
  for (const line of rows) {
    const fields = csvFields(line);
    if (fields[station]?.trim() !== stationId) continue;
    const day = fields[date]?.trim() ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const high = tmax !== undefined && tmax >= 0 ? numberOrNull(fields[tmax]) : null;
    const low = tmin !== undefined && tmin >= 0 ? numberOrNull(fields[tmin]) : null;
    const average = tavg !== undefined && tavg >= 0 ? numberOrNull(fields[tavg]) : null;
    const mean = high !== null && low !== null ? (high + low) / 2 : average;
    if (mean !== null) temperatures.set(day, mean);
  }
  return temperatures;
}

/** The request URL for a station's days from `start` to `endInclusive`. */
export function dailySummariesUrl(
  baseUrl: string,
  stationId: string,
  start: string,
  endInclusive: string,
): string {
  const url = new URL(baseUrl);
  url.searchParams.set('dataset', 'daily-summaries');
  url.searchParams.set('stations', stationId);
  url.searchParams.set('startDate', start);
  url.searchParams.set('endDate', endInclusive);
  url.searchParams.set('dataTypes', DATA_TYPES.join(','));
  url.searchParams.set('units', 'standard');
  url.searchParams.set('format', 'csv');
  return url.toString();
}

/** NCEI as a temperature source: one request per call, failing (throwing) on a non-2xx answer or a timeout. */
export function nceiSource(config: { url: string; timeoutMs: number }): TemperatureSource {
  return {
    name: 'NOAA NCEI GHCN-Daily',
    async dailyMeans(stationId, start, endInclusive) {
      const response = await fetch(dailySummariesUrl(config.url, stationId, start, endInclusive), {
        headers: { accept: 'text/csv' },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new Error(`NCEI answered ${response.status}`);
      return parseDailySummariesCsv(await response.text(), stationId);
    },
  };
}

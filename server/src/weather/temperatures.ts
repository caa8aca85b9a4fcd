// Where the server's daily temperatures come from (docs/architecture.md §14 Weather): a TemperatureSource answers
// a station's daily means for a date range. The bundled stations' data always counts; NOAA's (nceiSource) is asked
// only when configured, and its answers are cached in the database per station-month so a month is fetched once.
import { and, between, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/tx';
import { weatherDailyTemperatures, weatherStationMonths } from '../db/schema';
import { bundledTemperatures } from '../../../src/domain/weather/stations';
import { addDays } from '../../../src/domain/weather/degreeDays';

export interface TemperatureSource {
  name: string;
  /** Daily mean °F by ISO date for the days from `start` to `endInclusive` the source has. */
  dailyMeans(stationId: string, start: string, endInclusive: string): Promise<Map<string, number>>;
}

/** NCEI publishes GHCN-Daily a few days behind; a month ended this long ago is not asked for again. */
const PUBLICATION_LAG_DAYS = 7;
/** A month still open is asked again after this long. */
const REFRESH_HOURS = 24;

/** The months 'YYYY-MM' from the month of `start` to the month of `endInclusive`. */
function monthsBetween(start: string, endInclusive: string): string[] {
  const months: string[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = endInclusive.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return months;
    months.push(key);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}

const monthEnd = (month: string): string => {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};

/** Contiguous runs of months, so a gap of several months is one request. */
function runsOf(months: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const month of months) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run !== undefined && previous !== undefined && addDays(monthEnd(previous), 1).slice(0, 7) === month)
      run.push(month);
    else runs.push([month]);
  }
  return runs;
}

/**
 * Fills the cache from `upstream` for the months of the range it does not hold yet (or holds as still open), then
 * reads the range from the cache. An upstream failure is logged by the caller and leaves the cache as it was.
 */
export async function cachedTemperatures(
  db: Db,
  upstream: TemperatureSource,
  stationId: string,
  start: string,
  endInclusive: string,
  now: Date,
): Promise<{ temperatures: Map<string, number>; error: string | null }> {
  const today = now.toISOString().slice(0, 10);
  const months = monthsBetween(start, endInclusive < today ? endInclusive : today);
  const known = months.length
    ? await db
        .select()
        .from(weatherStationMonths)
        .where(
          and(eq(weatherStationMonths.stationId, stationId), inArray(weatherStationMonths.month, months)),
        )
    : [];
  const fresh = new Set(
    known
      .filter((row) => row.complete || now.getTime() - Date.parse(row.fetchedAt) < REFRESH_HOURS * 3_600_000)
      .map((row) => row.month),
  );
  let error: string | null = null;
  for (const run of runsOf(months.filter((month) => !fresh.has(month)))) {
    const first = run[0];
    const last = run.at(-1);
    if (first === undefined || last === undefined) continue;
    try {
      const fetched = await upstream.dailyMeans(stationId, `${first}-01`, monthEnd(last));
      const rows = [...fetched].map(([day, meanF]) => ({ stationId, day, meanF }));
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 500)
          await tx
            .insert(weatherDailyTemperatures)
            .values(rows.slice(i, i + 500))
            .onConflictDoUpdate({
              target: [weatherDailyTemperatures.stationId, weatherDailyTemperatures.day],
              set: { meanF: weatherDailyTemperatures.meanF },
            });
        const fetchedAt = now.toISOString();
        for (const month of run) {
          const complete = addDays(monthEnd(month), PUBLICATION_LAG_DAYS) < today;
          await tx
            .insert(weatherStationMonths)
            .values({ stationId, month, fetchedAt, complete })
            .onConflictDoUpdate({
              target: [weatherStationMonths.stationId, weatherStationMonths.month],
              set: { fetchedAt, complete },
            });
        }
      });
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
  }
  const cached = await db
    .select()
    .from(weatherDailyTemperatures)
    .where(
      and(
        eq(weatherDailyTemperatures.stationId, stationId),
        between(weatherDailyTemperatures.day, start, endInclusive),
      ),
    );
  return { temperatures: new Map(cached.map((row) => [row.day, row.meanF])), error };
}

export interface StationTemperatures {
  temperatures: Map<string, number>;
  /** The sources that gave days, in order of precedence. */
  sources: string[];
  /** Why NOAA could not be asked, when it was configured and failed. */
  upstreamError: string | null;
}

/**
 * A station's daily means: NOAA's cached days of the range where configured, and every bundled day NOAA did not
 * give.
 */
export async function stationTemperatures(
  deps: { db: Db; upstream: TemperatureSource | null; now: Date },
  stationId: string,
  start: string,
  endInclusive: string,
): Promise<StationTemperatures> {
  const bundled = bundledTemperatures(stationId);
  const temperatures = new Map<string, number>();
  const sources: string[] = [];
  let upstreamError: string | null = null;
  if (deps.upstream !== null) {
    const cached = await cachedTemperatures(deps.db, deps.upstream, stationId, start, endInclusive, deps.now);
    upstreamError = cached.error;
    for (const [day, value] of cached.temperatures) temperatures.set(day, value);
    if (cached.temperatures.size > 0) sources.push(deps.upstream.name);
  }
  let bundledDays = 0;
  // Every bundled day counts, in the range or not: the normal year is made of all the years a station has.
  for (const [day, value] of bundled) {
    if (temperatures.has(day)) continue;
    temperatures.set(day, value);
    bundledDays++;
  }
  if (bundledDays > 0) sources.push('Bundled (FiveThirtyEight / NOAA airport observations)');
  return { temperatures, sources, upstreamError };
}

/**
 * A station's daily means the server holds without asking NOAA: the days cached from it and the bundled ones (for
 * work inside a transaction, such as the bill audits, which must not wait on the network).
 */
export async function heldTemperatures(db: Db | Tx, stationId: string): Promise<Map<string, number>> {
  const temperatures = bundledTemperatures(stationId);
  const cached = await db
    .select({ day: weatherDailyTemperatures.day, meanF: weatherDailyTemperatures.meanF })
    .from(weatherDailyTemperatures)
    .where(eq(weatherDailyTemperatures.stationId, stationId));
  for (const row of cached) temperatures.set(row.day, row.meanF);
  return temperatures;
}

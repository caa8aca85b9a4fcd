// Daily temperatures the server fetched from NOAA (server/src/weather/ncei.ts), cached so each station-month
// is asked for once. Public data of weather stations, not of a company: no company column, every company's sites
// read the same rows.
import { boolean, date, doublePrecision, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** A station's daily mean temperature (°F) on one day. */
export const weatherDailyTemperatures = pgTable(
  'weather_daily_temperatures',
  {
    // GHCN-Daily station id, e.g. 'USW00014819'.
    stationId: text('station_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    meanF: doublePrecision('mean_f').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.day] })],
);

/** A station-month asked of NOAA: `complete` once the month is past NCEI's publication lag, never asked again. */
export const weatherStationMonths = pgTable(
  'weather_station_months',
  {
    stationId: text('station_id').notNull(),
    // 'YYYY-MM'
    month: varchar('month', { length: 7 }).notNull(),
    fetchedAt: timestamptz('fetched_at').notNull(),
    complete: boolean('complete').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.month] })],
);

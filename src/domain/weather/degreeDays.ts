/**
 * Degree days from daily mean temperatures in °F, as CalTRACK computes them
 * (CalTRACK 3.3.1.2: degree days from daily means, `degree_day_method='daily'`;
 * eemeter 2.9.2 `eemeter/features.py`, `compute_temperature_features`).
 */

/** Daily mean temperature in °F by ISO date (yyyy-mm-dd); a missing day has no entry. */
export type DailyTemperatures = ReadonlyMap<string, number>;

export const heatingDegreeDays = (meanTemperatureF: number, balancePointF: number): number =>
  Math.max(balancePointF - meanTemperatureF, 0);

export const coolingDegreeDays = (meanTemperatureF: number, balancePointF: number): number =>
  Math.max(meanTemperatureF - balancePointF, 0);

const DAY_MS = 86_400_000;

const dayNumber = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

const isoDateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days from `start` up to, not including, `endExclusive`. */
export const daysBetween = (start: string, endExclusive: string): number =>
  dayNumber(endExclusive) - dayNumber(start);

export const addDays = (isoDate: string, days: number): string => isoDateOf(dayNumber(isoDate) + days);

/** The ISO dates of the days from `start` up to, not including, `endExclusive`. */
/** The longest range of days one request for a station's NOAA temperatures may ask for (five years, leap days included). */
export const MAXIMUM_STATION_RANGE_DAYS = 5 * 366;

/**
 * The part of a range of days (end exclusive) one station request asks for: all of it, or its most recent
 * {@link MAXIMUM_STATION_RANGE_DAYS} days when an account's bills reach further back (an imported history of
 * decades); the older days are computed on the bundled temperatures alone.
 */
export function stationRequestRange(start: string, endExclusive: string): { start: string; end: string } {
  const earliest = addDays(endExclusive, -MAXIMUM_STATION_RANGE_DAYS);
  return { start: start < earliest ? earliest : start, end: endExclusive };
}

export function datesBetween(start: string, endExclusive: string): string[] {
  const first = dayNumber(start);
  return Array.from({ length: Math.max(daysBetween(start, endExclusive), 0) }, (_, i) =>
    isoDateOf(first + i),
  );
}

/**
 * Each map's periods already read (start|end → values): the weather outlier audit fits a model per bill on a
 * baseline year that shares eleven of its twelve periods with the next bill's, over decades of imported bills.
 * A temperatures map is built whole before the domain reads it (a `ReadonlyMap`), so what was read from it holds
 * for as long as the map lives.
 */
const periodsRead = new WeakMap<DailyTemperatures, Map<string, readonly number[]>>();

/** The daily mean temperatures of a period's days that have data, in date order. */
export function periodTemperatures(
  temperatures: DailyTemperatures,
  start: string,
  endExclusive: string,
): readonly number[] {
  let read = periodsRead.get(temperatures);
  if (read === undefined) {
    read = new Map();
    periodsRead.set(temperatures, read);
  }
  const key = `${start}|${endExclusive}`;
  let values = read.get(key);
  if (values === undefined) {
    values = datesBetween(start, endExclusive).flatMap((date) => {
      const value = temperatures.get(date);
      return value === undefined ? [] : [value];
    });
    read.set(key, values);
  }
  return values;
}

export interface PeriodDegreeDays {
  /** Calendar days in the period. */
  days: number;
  /** Days with a temperature (CalTRACK's `n_days_kept`). */
  daysWithData: number;
  /** `daysWithData / days`; CalTRACK 2.2.3.2 keeps a billing period at 0.9 or more. */
  completeness: number;
  heatingDegreeDays: number;
  coolingDegreeDays: number;
  /** Means over the days with data (CalTRACK 3.3.1.1, `use_mean_daily_values=True`). */
  heatingDegreeDaysPerDay: number;
  coolingDegreeDaysPerDay: number;
}

/** HDD and CDD of a period at the given balance points, summed and per day with data. */
export function periodDegreeDays(
  temperatures: DailyTemperatures,
  start: string,
  endExclusive: string,
  heatingBalancePointF: number,
  coolingBalancePointF: number,
): PeriodDegreeDays {
  const days = daysBetween(start, endExclusive);
  const values = periodTemperatures(temperatures, start, endExclusive);
  const hdd = sumOf(values.map((t) => heatingDegreeDays(t, heatingBalancePointF)));
  const cdd = sumOf(values.map((t) => coolingDegreeDays(t, coolingBalancePointF)));
  const perDay = (total: number) => (values.length === 0 ? 0 : total / values.length);
  return {
    days,
    daysWithData: values.length,
    completeness: days > 0 ? values.length / days : 0,
    heatingDegreeDays: hdd,
    coolingDegreeDays: cdd,
    heatingDegreeDaysPerDay: perDay(hdd),
    coolingDegreeDaysPerDay: perDay(cdd),
  };
}

export const sumOf = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0);

export const meanOf = (values: readonly number[]): number =>
  values.length === 0 ? 0 : sumOf(values) / values.length;

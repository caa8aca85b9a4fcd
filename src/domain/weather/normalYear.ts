/**
 * A "normal year" of daily mean temperatures from the data at hand. NOAA's
 * climate normals are 30-year means (1991–2020); a station with fewer years
 * can only offer the mean of the years it has, and says how many those are.
 * Each calendar day (Feb 29 left out, as NOAA's daily normals do) gets the
 * mean of that day over the available years.
 */
import { addDays, type DailyTemperatures, datesBetween, meanOf } from './degreeDays';

export interface NormalYear {
  /** 365 daily means, Jan 1 to Dec 31. */
  dailyMeanF: number[];
  /** The fewest years any calendar day is averaged over. */
  minimumYears: number;
  /** The most years any calendar day is averaged over. */
  maximumYears: number;
  firstDate: string;
  lastDate: string;
}

/** Month-day keys ('01-01' … '12-31') of a non-leap year. */
const CALENDAR_DAYS = Array.from({ length: 365 }, (_, day) => addDays('2001-01-01', day).slice(5));

/** The normal year of a station's temperatures; null unless every calendar day has at least one value. */
export function normalYearOf(temperatures: DailyTemperatures): NormalYear | null {
  const byCalendarDay = new Map<string, number[]>();
  const dates = [...temperatures.keys()].sort();
  for (const date of dates) {
    const key = date.slice(5);
    if (key === '02-29') continue;
    const value = temperatures.get(date);
    if (value === undefined) continue;
    const list = byCalendarDay.get(key) ?? [];
    list.push(value);
    byCalendarDay.set(key, list);
  }
  const perDay = CALENDAR_DAYS.map((key) => byCalendarDay.get(key) ?? []);
  const firstDate = dates[0];
  const lastDate = dates.at(-1);
  if (perDay.some((values) => values.length === 0) || firstDate === undefined || lastDate === undefined)
    return null;
  const counts = perDay.map((values) => values.length);
  return {
    dailyMeanF: perDay.map((values) => meanOf(values)),
    minimumYears: Math.min(...counts),
    maximumYears: Math.max(...counts),
    firstDate,
    lastDate,
  };
}

/**
 * The normal year's daily means for the calendar days of a period (from `start` up to, not including,
 * `endExclusive`): each day gets its calendar day's normal, Feb 29 that of Feb 28 (the normal year has no Feb 29).
 */
export function normalYearPeriodTemperatures(
  normalYear: NormalYear,
  start: string,
  endExclusive: string,
): number[] {
  const indexOf = new Map(CALENDAR_DAYS.map((key, index) => [key, index]));
  return datesBetween(start, endExclusive).map((date) => {
    const key = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
    return normalYear.dailyMeanF[indexOf.get(key) ?? 0] ?? 0;
  });
}

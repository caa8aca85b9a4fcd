// Interval data kept as it came (docs/architecture.md §14 Imports): a Green Button meter reading of hourly or finer
// readings, cut into local calendar months, each month a run of values at a fixed step from the month's local
// midnight, so a chart of an account can draw a day's load shape and not only the monthly sums bills hold.
import { localDate, localMidnightUtc } from './localTime';
import type { LocalTimeParameters } from './localTime';
import type { GreenButtonMeterReading } from './parseGreenButton';

/** The longest step kept as interval data: hourly (a daily or monthly reading is a bill's kind of figure). */
export const INTERVAL_MAX_SECONDS = 3600;

/** One local month of interval readings. */
export interface IntervalMonth {
  /** `YYYY-MM`, local. */
  month: string;
  intervalSeconds: number;
  /** UTC seconds of the month's first slot (its local midnight on the 1st). */
  startsAt: number;
  /** Usage per slot, in the reading's unit; null where the file has no reading. */
  values: (number | null)[];
}

function nextMonth(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/**
 * The readings of one meter reading as local months of slots, when they are interval data: every reading of one
 * length, hourly or finer. Answers [] for daily or monthly readings, which the bills already hold.
 */
export function intervalsByMonth(
  meterReading: GreenButtonMeterReading,
  zone: LocalTimeParameters,
): IntervalMonth[] {
  const readings = meterReading.readings;
  const step = readings[0]?.durationS ?? 0;
  if (step <= 0 || step > INTERVAL_MAX_SECONDS || readings.some((reading) => reading.durationS !== step))
    return [];
  const months = new Map<string, IntervalMonth>();
  for (const reading of readings) {
    const { month } = localDate(zone, reading.start);
    let kept = months.get(month);
    if (!kept) {
      const startsAt = localMidnightUtc(zone, `${month}-01`);
      const endsAt = localMidnightUtc(zone, `${nextMonth(month)}-01`);
      kept = {
        month,
        intervalSeconds: step,
        startsAt,
        values: Array.from({ length: Math.ceil((endsAt - startsAt) / step) }, () => null),
      };
      months.set(month, kept);
    }
    const slot = Math.floor((reading.start - kept.startsAt) / step);
    if (slot >= 0 && slot < kept.values.length) kept.values[slot] = (kept.values[slot] ?? 0) + reading.value;
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Usage per day of a month of intervals, in days of 24 hours from the month's local midnight (after a daylight-saving
 * change the days are an hour off local midnight); a day without any reading is null.
 */
export function dailyTotals(
  month: Pick<IntervalMonth, 'intervalSeconds' | 'values'>,
): { day: number; usage: number | null }[] {
  const perDay = Math.round(86_400 / month.intervalSeconds);
  const days: { day: number; usage: number | null }[] = [];
  for (let start = 0, day = 1; start < month.values.length; start += perDay, day += 1) {
    const slots = month.values.slice(start, start + perDay);
    const present = slots.filter((value): value is number => value !== null);
    days.push({
      day,
      usage:
        present.length === 0
          ? null
          : Math.round(present.reduce((sum, value) => sum + value, 0) * 1000) / 1000,
    });
  }
  return days;
}

/**
 * The month's average load by hour of the day (24 values, the usage of an hour averaged over the days that have it),
 * the load shape a bill analyst reads base load and occupancy from; null for an hour no day has.
 */
export function averageHourlyProfile(
  month: Pick<IntervalMonth, 'intervalSeconds' | 'values'>,
): (number | null)[] {
  const perHour = Math.max(1, Math.round(3600 / month.intervalSeconds));
  const sums = Array.from({ length: 24 }, () => ({ usage: 0, hours: 0 }));
  const slotsPerDay = 24 * perHour;
  for (let start = 0; start < month.values.length; start += perHour) {
    const slots = month.values.slice(start, start + perHour);
    if (slots.some((value) => value === null)) continue;
    const hour = Math.floor((start % slotsPerDay) / perHour);
    const bucket = sums[hour];
    if (!bucket) continue;
    bucket.usage += slots.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    bucket.hours += 1;
  }
  return sums.map(({ usage, hours }) => (hours === 0 ? null : Math.round((usage / hours) * 1000) / 1000));
}

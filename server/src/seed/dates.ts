// Calendar helpers of the seed. Everything works on UTC date texts ('YYYY-MM-DD') and bill months ('YYYY-MM')
// so no local time zone or clock can change the generated data.

const DAY_MS = 86_400_000;

/** The first day of the current UTC month: the default "as of" date, so the demo's bills end last month. */
export function currentMonthStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** 'YYYY-MM-DD' of a Date, in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' text as a UTC midnight Date. */
export function parseDate(text: string): Date {
  return new Date(`${text}T00:00:00.000Z`);
}

// The seed does millions of date steps; caching day numbers and texts (a few thousand distinct dates) avoids
// allocating a Date for each, which otherwise dominates the garbage collector's work in scale mode.
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();

function dayNumber(text: string): number {
  let n = dayNumbers.get(text);
  if (n === undefined) {
    n = Math.round(parseDate(text).getTime() / DAY_MS);
    dayNumbers.set(text, n);
  }
  return n;
}

function dayText(n: number): string {
  let text = dayTexts.get(n);
  if (text === undefined) {
    text = isoDate(new Date(n * DAY_MS));
    dayTexts.set(n, text);
  }
  return text;
}

/** Adds whole days to a 'YYYY-MM-DD' text. */
export function addDays(text: string, days: number): string {
  return dayText(dayNumber(text) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Bill month 'YYYY-MM' of a year and a 1-based month. */
export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Year and 1-based month of a bill month. */
export function splitMonth(key: string): { year: number; month: number } {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) };
}

/** Moves a bill month by `n` months (negative goes back). */
export function addMonths(key: string, n: number): string {
  const { year, month } = splitMonth(key);
  const index = year * 12 + (month - 1) + n;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

/** Moves a 'YYYY-MM-DD' date by `n` months, keeping the day (clamped to the target month's length). */
export function shiftMonths(date: string, n: number): string {
  return dayOfMonth(addMonths(date.slice(0, 7), n), Number(date.slice(8, 10)));
}

/** The bill month a date falls in. */
export function monthOf(text: string): string {
  return text.slice(0, 7);
}

/** Day `day` of a bill month as 'YYYY-MM-DD', clamped to the month's last day. */
export function dayOfMonth(key: string, day: number): string {
  const { year, month } = splitMonth(key);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${key}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** Number of days in a bill month. */
export function daysInMonthKey(key: string): number {
  const { year, month } = splitMonth(key);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The `count` bill months that end with the month before `asOf`, oldest first. */
export function monthsBefore(asOf: string, count: number): string[] {
  const last = addMonths(monthOf(asOf), -1);
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

/** An ISO timestamp at a fixed hour of a date, so seeded timestamps never read the clock. */
export function stamp(date: string, hour = 12, minute = 0): string {
  return `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}

/** MMDDYY, the way accounts-payable files date themselves. */
export function mmddyy(date: string): string {
  return `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(2, 4)}`;
}

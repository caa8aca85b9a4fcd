/**
 * Local time from ESPI LocalTimeParameters: tzOffset (seconds from UTC to standard time), dstOffset (seconds added
 * while daylight saving time is on) and dstStartRule / dstEndRule (DstRuleType, 32 bits as 8 hex digits):
 * bits 28–31 month (1–12), 25–27 operator, 20–24 day of month, 17–19 day of week (1 Monday … 7 Sunday),
 * 12–16 hour, 0–11 seconds after the hour. Operators: 0 on the day of month; 1 the weekday on or after it;
 * 2–5 the first to fourth weekday of the month; 6 the last weekday of the month; 7 the weekday on or before it.
 * North America is 360E2000 (second Sunday of March, 02:00) to B40E2000 (first Sunday of November, 02:00).
 */
export interface DstRule {
  readonly month: number;
  readonly operator: number;
  readonly dayOfMonth: number;
  readonly dayOfWeek: number;
  readonly secondsOfDay: number;
}

export interface LocalTimeParameters {
  readonly tzOffsetS: number;
  readonly dstOffsetS: number;
  /** Null when the file has no rule, or one that is not a DstRuleType: then standard time applies all year. */
  readonly dstStart: DstRule | null;
  readonly dstEnd: DstRule | null;
}

/** UTC, for a file without LocalTimeParameters (the import may replace it with the site's own zone). */
export const UTC_TIME: LocalTimeParameters = { tzOffsetS: 0, dstOffsetS: 0, dstStart: null, dstEnd: null };

/** A DstRuleType read from its hex text, or null when it is not 8 hex digits naming a real date rule. */
export function parseDstRule(hex: string | undefined): DstRule | null {
  if (hex === undefined || !/^[0-9A-Fa-f]{8}$/.test(hex.trim())) return null;
  const bits = parseInt(hex.trim(), 16);
  const rule: DstRule = {
    month: bits >>> 28,
    operator: (bits >>> 25) & 0x7,
    dayOfMonth: (bits >>> 20) & 0x1f,
    dayOfWeek: (bits >>> 17) & 0x7,
    secondsOfDay: ((bits >>> 12) & 0x1f) * 3600 + (bits & 0xfff),
  };
  if (rule.month < 1 || rule.month > 12) return null;
  if (rule.operator === 0 || rule.operator === 1 || rule.operator === 7) {
    if (rule.dayOfMonth < 1) return null;
  }
  if (rule.operator !== 0 && rule.dayOfWeek < 1) return null;
  return rule;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day of month a rule names in a year. */
function ruleDay(rule: DstRule, year: number): number {
  const last = daysInMonth(year, rule.month);
  if (rule.operator === 0) return Math.min(rule.dayOfMonth, last);
  // ESPI weekdays run 1 Monday … 7 Sunday; Date's run 0 Sunday … 6 Saturday.
  const weekday = rule.dayOfWeek % 7;
  const weekdayOf = (day: number) => new Date(Date.UTC(year, rule.month - 1, day)).getUTCDay();
  if (rule.operator === 1) return rule.dayOfMonth + ((weekday - weekdayOf(rule.dayOfMonth) + 7) % 7);
  if (rule.operator === 7) return rule.dayOfMonth - ((weekdayOf(rule.dayOfMonth) - weekday + 7) % 7);
  if (rule.operator === 6) return last - ((weekdayOf(last) - weekday + 7) % 7);
  const first = 1 + ((weekday - weekdayOf(1) + 7) % 7);
  return first + 7 * (rule.operator - 2);
}

/** Seconds from 1970 of a rule's moment in a year, in the clock time it is stated in (before the offset). */
function ruleClockSeconds(rule: DstRule, year: number): number {
  return Date.UTC(year, rule.month - 1, ruleDay(rule, year)) / 1000 + rule.secondsOfDay;
}

const transitionsByYear = new WeakMap<LocalTimeParameters, Map<number, readonly [number, number]>>();

/**
 * The UTC instants daylight time starts and ends in a year. The start is stated in standard time and the end in
 * daylight time, as clocks show them (North America: 02:00 standard springs to 03:00; 02:00 daylight falls to 01:00).
 */
function transitions(zone: LocalTimeParameters, year: number): readonly [number, number] | null {
  if (zone.dstStart === null || zone.dstEnd === null || zone.dstOffsetS === 0) return null;
  let years = transitionsByYear.get(zone);
  if (years === undefined) {
    years = new Map();
    transitionsByYear.set(zone, years);
  }
  let pair = years.get(year);
  if (pair === undefined) {
    pair = [
      ruleClockSeconds(zone.dstStart, year) - zone.tzOffsetS,
      ruleClockSeconds(zone.dstEnd, year) - zone.tzOffsetS - zone.dstOffsetS,
    ];
    years.set(year, pair);
  }
  return pair;
}

/** Seconds to add to a UTC instant to read it on the local clock (standard offset, plus DST when it is on). */
export function utcOffsetAt(zone: LocalTimeParameters, utcSeconds: number): number {
  const standard = utcSeconds + zone.tzOffsetS;
  const pair = transitions(zone, new Date(standard * 1000).getUTCFullYear());
  if (pair === null) return zone.tzOffsetS;
  const [start, end] = pair;
  // Southern hemisphere rules end before they start within a calendar year.
  const isDst =
    start < end ? utcSeconds >= start && utcSeconds < end : utcSeconds >= start || utcSeconds < end;
  return isDst ? zone.tzOffsetS + zone.dstOffsetS : zone.tzOffsetS;
}

/** The local calendar date ('2026-03-14') and month ('2026-03') of a UTC instant. */
export function localDate(zone: LocalTimeParameters, utcSeconds: number): { date: string; month: string } {
  const date = new Date((utcSeconds + utcOffsetAt(zone, utcSeconds)) * 1000).toISOString().slice(0, 10);
  return { date, month: date.slice(0, 7) };
}

/** The UTC instant of local midnight starting a calendar date ('2026-03-14'). */
export function localMidnightUtc(zone: LocalTimeParameters, date: string): number {
  const clock = Date.parse(`${date}T00:00:00Z`) / 1000;
  if (!Number.isFinite(clock)) throw new RangeError(`localMidnightUtc: ${date} is not a date`);
  // The offset is read at midnight standard time, an hour off at most: rules move clocks at night, not at midnight.
  return clock - utcOffsetAt(zone, clock - zone.tzOffsetS);
}

// Periods in an utterance ("last quarter", "since March", "2025"): a month range `YYYY-MM`..`YYYY-MM`
// as the report filter takes it (src/domain/reports/filter.ts). Calendar words ("this year", "last quarter",
// "since March") count from today's month; rolling windows ("last 12 months") end at the latest billed month,
// as the Reports page's default does, because the newest bills arrive weeks after their month ends.
import { FULL_MONTH_NAMES } from '../dates';
import { addMonths } from '../totals';
import { numberOf } from './numbers';

/** A month range, both ends included, and how the bot says it back. */
export interface Period {
  fromMonth: string;
  toMonth: string;
  label: string;
}

/** Month names and their short forms, for parsing and for the spelling vocabulary. */
export const MONTH_WORDS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

function month(year: number, value: number): string {
  return `${year}-${String(value).padStart(2, '0')}`;
}

function yearOf(word: string | undefined): number | undefined {
  if (word === undefined || !/^(19|20)[0-9]{2}$/.test(word)) return undefined;
  return Number(word);
}

/** 'March 2025' for `2025-03`. */
export function monthLabel(key: string): string {
  return `${FULL_MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
}

function range(fromMonth: string, toMonth: string, label?: string): Period {
  const text =
    label ??
    (fromMonth === toMonth ? monthLabel(fromMonth) : `${monthLabel(fromMonth)} to ${monthLabel(toMonth)}`);
  return { fromMonth, toMonth, label: text };
}

/** The latest month with this month number at or before `now` ("March" in May 2026 is March 2026). */
function latestOfMonth(value: number, now: string): string {
  const year = Number(now.slice(0, 4));
  const candidate = month(year, value);
  return candidate <= now ? candidate : month(year - 1, value);
}

/** A month named at `i` (with its year after it, when given): the month key and how many words it took. */
function monthAt(
  words: readonly string[],
  i: number,
  now: string,
): { key: string; used: number } | undefined {
  const value = MONTH_WORDS[words[i] ?? ''];
  if (value === undefined) return undefined;
  // "may" is also a verb ("may I see"): only a month when a year follows or a period word leads in.
  if (
    words[i] === 'may' &&
    yearOf(words[i + 1]) === undefined &&
    !['in', 'since', 'from', 'of', 'for', 'to', 'through', 'until'].includes(words[i - 1] ?? '')
  )
    return undefined;
  const year = yearOf(words[i + 1]);
  return year === undefined
    ? { key: latestOfMonth(value, now), used: 1 }
    : { key: month(year, value), used: 2 };
}

function quarterOf(word: string | undefined): number | undefined {
  const match = /^q([1-4])$/.exec(word ?? '');
  return match ? Number(match[1]) : undefined;
}

function quarterRange(year: number, quarter: number): Period {
  const from = month(year, quarter * 3 - 2);
  return range(from, addMonths(from, 2), `Q${quarter} ${year}`);
}

function rolling(words: readonly string[], i: number, latest: string): Period | undefined {
  // "last 12 months", "past two years", "last month", "previous 3 months", "trailing twelve months"
  const count = numberOf(words[i + 1], true);
  const unit = count === undefined ? words[i + 1] : words[i + 2];
  const n = count ?? 1;
  if (n < 1 || n > 120) return undefined;
  if (unit === 'months' || unit === 'month') {
    if (count === undefined) return undefined; // "last month" is a calendar month, handled apart
    return range(addMonths(latest, -(n - 1)), latest, `the last ${n} months`);
  }
  if ((unit === 'years' || unit === 'year') && count !== undefined)
    return range(addMonths(latest, -(12 * n - 1)), latest, `the last ${n * 12} months`);
  return undefined;
}

/** The period an utterance names, or undefined when it names none. */
export function parsePeriod(
  words: readonly string[],
  today: string,
  latestMonth: string,
): Period | undefined {
  const now = today.slice(0, 7);
  const year = Number(now.slice(0, 4));
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const next = words[i + 1];
    if (['last', 'past', 'previous', 'trailing', 'prior'].includes(word)) {
      const window = rolling(words, i, latestMonth);
      if (window) return window;
      if (next === 'month') return range(addMonths(now, -1), addMonths(now, -1), 'last month');
      if (next === 'year') return range(month(year - 1, 1), month(year - 1, 12), String(year - 1));
      if (next === 'quarter') {
        const current = Math.ceil(Number(now.slice(5, 7)) / 3);
        return current === 1 ? quarterRange(year - 1, 4) : quarterRange(year, current - 1);
      }
    }
    if (word === 'this' || word === 'current') {
      if (next === 'month') return range(now, now, 'this month');
      if (next === 'year') return range(month(year, 1), now, `${year} so far`);
      if (next === 'quarter') return quarterRange(year, Math.ceil(Number(now.slice(5, 7)) / 3));
    }
    if (word === 'ytd' || (word === 'year' && next === 'to' && words[i + 2] === 'date'))
      return range(month(year, 1), now, `${year} so far`);
    if (word === 'ttm' || word === 'ltm')
      return range(addMonths(latestMonth, -11), latestMonth, 'the last 12 months');
    const quarter = quarterOf(word);
    if (quarter !== undefined) {
      const quarterYear = yearOf(next) ?? (quarterRange(year, quarter).fromMonth <= now ? year : year - 1);
      return quarterRange(quarterYear, quarter);
    }
    if (word === 'since' || word === 'from' || word === 'between') {
      const start = monthAt(words, i + 1, now);
      const startYear = yearOf(next);
      const from = start?.key ?? (startYear === undefined ? undefined : month(startYear, 1));
      if (from === undefined) continue;
      const after = i + 1 + (start?.used ?? 1);
      if (['to', 'through', 'until', 'till', 'and', 'thru'].includes(words[after] ?? '')) {
        const end = monthAt(words, after + 1, now);
        const endYear = yearOf(words[after + 1]);
        let to = end?.key ?? (endYear === undefined ? undefined : month(endYear, 12));
        // "from January to June 2025": the year after the end month belongs to the start too.
        if (to !== undefined && start !== undefined && start.used === 1 && end?.used === 2)
          return range(`${to.slice(0, 4)}-${from.slice(5, 7)}`, to);
        if (to !== undefined && to < from && end?.used === 1)
          to = month(Number(from.slice(0, 4)) + 1, Number(to.slice(5, 7)));
        if (to !== undefined && to >= from) return range(from, to);
      }
      if (word === 'since' || word === 'from') return range(from, now, `since ${monthLabel(from)}`);
    }
  }
  // A month on its own ("in March", "March 2025"), then a year on its own ("in 2025", "for 2024").
  for (let i = 0; i < words.length; i += 1) {
    const single = monthAt(words, i, now);
    if (single) return range(single.key, single.key);
  }
  const years = words.map(yearOf).filter((value): value is number => value !== undefined);
  if (years.length > 0) {
    const first = Math.min(...years);
    const last = Math.max(...years);
    return first === last
      ? range(month(first, 1), month(first, 12), String(first))
      : range(month(first, 1), month(last, 12), `${first} to ${last}`);
  }
  return undefined;
}

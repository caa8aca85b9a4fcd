// Date texts of spec 000 §5 and 001 §5: month-year inputs, accounts-payable file dates and bill-month labels.

const MONTH_YEAR =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t|tember)?|oct(ober)?|nov(ember)?|dec(ember)?) \d{4}$/i;

const AP_FILE_DATE = /^(\d{2})(\d{2})(\d{2})$/;

/** Month-year inputs ('March 2025', 'sep 2024', 'Sept 2024') must name a month before a four-digit year. */
export function isMonthYear(text: string): boolean {
  return MONTH_YEAR.test(text);
}

/** Days in a month of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** AP files date themselves MMDDYY in the 2000s; anything that is not a real date of that form is shown as given. */
export function parseApFileDate(text: string): string {
  const match = AP_FILE_DATE.exec(text);
  if (!match) return text;
  const [, mm = '', dd = '', yy = ''] = match;
  const month = Number(mm);
  const day = Number(dd);
  const year = 2000 + Number(yy);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return text;
  return `${year}-${mm}-${dd}`;
}

/** Short month names, as monthLabel writes them. */
export const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** Full month names, January first: what the assistant's answers and the budget wizard's start month say. */
export const FULL_MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'Mar 2026' for the bill month '2026-03' (a full date gives its month): what tables, chart axes, windows and
 * attention items call a month. Built from the text, so no time zone can move it to a neighbouring month.
 */
export function monthLabel(billMonth: string): string {
  return `${MONTH_NAMES[Number(billMonth.slice(5, 7)) - 1] ?? billMonth.slice(5, 7)} ${billMonth.slice(0, 4)}`;
}

/** The last day of a month (1–12), `YYYY-MM-DD`. */
export function monthEnd(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(daysInMonth(year, month)).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

/** The `YYYY-MM-DD` `days` calendar days after (or before) a `YYYY-MM-DD` date, in UTC so no time zone moves it. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  );
}

/** Days of a bill month `YYYY-MM`. */
export function daysOfMonth(billMonth: string): number {
  return daysInMonth(Number(billMonth.slice(0, 4)), Number(billMonth.slice(5, 7)));
}

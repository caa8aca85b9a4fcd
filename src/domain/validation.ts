// Input rules of spec 000 §5 shared by registration, reset and chat.

/** Shortest password the rule allows. */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest password the rule allows. */
export const PASSWORD_MAX_LENGTH = 15;

/** Tooltip text next to password fields, worded as the spec gives it. */
export const PASSWORD_RULE_TEXT =
  'Password must be between 8 and 15 characters and contain at least one number, letter, and special character';

const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*#?&])[A-Za-z\d@$!%*#?&]{8,15}$/;

/** The same rule on client and server: 8–15 of letters, digits and @$!%*#?&, one of each kind. */
export function isValidPassword(pw: string): boolean {
  return PASSWORD.test(pw);
}

/** Empty or whitespace-only chat messages are never sent. */
export function isBlankMessage(text: string): boolean {
  return text.trim() === '';
}

// Values the API takes and the database stores (docs/architecture.md §5, §6): one rule for dates and one for the range
// of numbers, so no route can accept a value its column would refuse.

/** A day written `YYYY-MM-DD` (docs/architecture.md §6); isCalendarDate says whether it exists. */
export const ISO_DATE_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

/** A month written `YYYY-MM`. */
export const ISO_MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

const ISO_DATE = new RegExp(ISO_DATE_PATTERN);
const ISO_MONTH = new RegExp(ISO_MONTH_PATTERN);

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Whether text is a day of the calendar written `YYYY-MM-DD`: `2026-02-29`, `2026-02-30` and `2026-04-31` are not. */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= days;
}

/** Whether text is a month written `YYYY-MM`. */
export function isCalendarMonth(text: string): boolean {
  return ISO_MONTH.test(text);
}

/** A month filter: `YYYY-MM`, or a calendar day read as its month. */
export function isCalendarMonthOrDate(text: string): boolean {
  return isCalendarMonth(text) || isCalendarDate(text);
}

/** The range of a value both sides accept. */
export interface NumberBounds {
  minimum: number;
  maximum: number;
}

/** A PostgreSQL `integer` column: 32-bit signed. */
export const INTEGER_BOUNDS: NumberBounds = { minimum: -2_147_483_648, maximum: 2_147_483_647 };

/**
 * The values a PostgreSQL `numeric(precision, scale)` column stores: at most precision − scale digits before the point
 * (the magnitude stays under 10^(precision − scale)), so the largest is 99…9.99…9. Anything past it overflows.
 */
export function numericBounds(precision: number, scale: number): NumberBounds {
  if (
    !Number.isInteger(precision) ||
    !Number.isInteger(scale) ||
    precision < 1 ||
    scale < 0 ||
    scale > precision
  )
    throw new RangeError(`numeric(${precision}, ${scale}) is not a column type`);
  const whole = '9'.repeat(precision - scale) || '0';
  let maximum = Number(scale > 0 ? `${whole}.${'9'.repeat(scale)}` : whole);
  // Past 15 digits the nearest double may be 10^(precision − scale) itself (numeric(16,0): 9999999999999999 is 1e16).
  const limit = 10 ** (precision - scale);
  while (maximum >= limit) maximum = nextDown(maximum);
  return { minimum: -maximum, maximum };
}

/** The largest double below a positive one. */
function nextDown(value: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

/** Bounds narrowed to a rule's own range (a score of 1–100 in an integer column); the column's range always holds. */
export function narrowBounds(column: NumberBounds, rule: Partial<NumberBounds> = {}): NumberBounds {
  return {
    minimum: Math.max(column.minimum, rule.minimum ?? column.minimum),
    maximum: Math.min(column.maximum, rule.maximum ?? column.maximum),
  };
}

// Cells of a bill spreadsheet read into typed values: text from a CSV, numbers, booleans and dates from an XLSX (as a
// spreadsheet library hands them over), so the same rows read alike from either. Every reader answers null for an empty
// cell and undefined for one it cannot read, which the row reader words as an error.
import { isMonthYear, MONTH_NAMES } from '../../dates';
import { parseMoney } from '../../money';
import { isCalendarDate } from '../../validation';

/** One cell as a CSV parser or a spreadsheet library gives it. */
export type Cell = string | number | boolean | Date | null | undefined;

/** Whether a cell holds nothing (blank text counts as nothing). */
export function isEmptyCell(cell: Cell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** A cell as trimmed text ('' stays null); numbers as written, so account 00123 read as 123 is the file's doing. */
export function readText(cell: Cell): string | null {
  if (isEmptyCell(cell)) return null;
  if (cell instanceof Date) return readDate(cell) ?? null;
  return String(cell).trim();
}

/**
 * A number from a number cell or text ('1,234.5', '$1,234.50', '(12.00)' for an accounting negative, read by the
 * domain's money rule, src/domain/money.ts); undefined when unreadable or not finite.
 */
export function readNumber(cell: Cell): number | null | undefined {
  if (isEmptyCell(cell)) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  const value = parseMoney(cell);
  return Number.isFinite(value) ? value : undefined;
}

// Excel's day 0 in its 1900 date system is 1899-12-30 (its serial 60 is the 29 February 1900 that never was, so
// serials from 61 on count from here). The largest serial Excel shows is 9999-12-31.
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const EXCEL_MAX_SERIAL = 2_958_465;
const DAY_MS = 86_400_000;

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/;
const US = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:[ T].*)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const MONTH_NAME_DAY_YEAR = /^([a-z]+)\.? (\d{1,2}),? (\d{4})$/i;
const DAY_MONTH_NAME_YEAR = /^(\d{1,2})[- ]([a-z]+)\.?[- ](\d{2}|\d{4})$/i;

const MONTH_OF_NAME: ReadonlyMap<string, number> = new Map(
  MONTH_NAMES.map((name, i) => [name.toLowerCase(), i + 1]),
);

function monthOfName(name: string): number | undefined {
  return isMonthYear(`${name} 2000`) ? MONTH_OF_NAME.get(name.slice(0, 3).toLowerCase()) : undefined;
}

// Two-digit years as Excel reads them: 00–29 are 2000–2029, 30–99 are 1930–1999.
function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 30 ? 2000 + year : 1900 + year;
}

function isoDay(year: number, month: number, day: number): string | undefined {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(text) ? text : undefined;
}

/** An Excel date serial (1900 system; the time of day dropped) as `YYYY-MM-DD`; undefined outside Excel's dates. */
export function excelSerialDate(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > EXCEL_MAX_SERIAL) return undefined;
  // Serials up to 60 count from 1899-12-31; the leap day Excel invents (60) is not a date.
  const whole = Math.floor(serial);
  if (whole === 60) return undefined;
  const days = whole < 60 ? whole + 1 : whole;
  return new Date(EXCEL_EPOCH_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A date cell as `YYYY-MM-DD` (docs/architecture.md §6): ISO text ('2025-03-14', with a time after it as Portfolio
 * Manager writes it), US 'MM/DD/YYYY' or 'M/D/YY', 'YYYYMMDD' text or number (EnergyCAP's flat files), 'Mar 14, 2025',
 * '14-Mar-2025', an Excel serial, or a Date. Day-first text ('14/03/2025') is read only where the US reading is no
 * date. Undefined when none of these.
 */
export function readDate(cell: Cell): string | null | undefined {
  if (isEmptyCell(cell)) return null;
  if (cell instanceof Date) {
    // A library makes a date cell the day's midnight in the device's zone, which in UTC is late on the day before or
    // early on the day itself: the nearest UTC midnight is the day.
    const time = cell.getTime();
    if (!Number.isFinite(time)) return undefined;
    return new Date(Math.round(time / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  }
  if (typeof cell === 'number') {
    const compact = COMPACT.exec(String(cell));
    if (compact) return isoDay(Number(compact[1]), Number(compact[2]), Number(compact[3]));
    return excelSerialDate(cell);
  }
  if (typeof cell !== 'string') return undefined;
  return readDateText(cell.trim());
}

function readDateText(text: string): string | undefined {
  let match = ISO.exec(text) ?? COMPACT.exec(text);
  if (match) return isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match = US.exec(text);
  if (match) {
    const year = fullYear(match[3] ?? '');
    const first = Number(match[1]);
    const second = Number(match[2]);
    return isoDay(year, first, second) ?? isoDay(year, second, first);
  }
  match = MONTH_NAME_DAY_YEAR.exec(text);
  if (match) {
    const month = monthOfName(match[1] ?? '');
    return month === undefined ? undefined : isoDay(Number(match[3]), month, Number(match[2]));
  }
  match = DAY_MONTH_NAME_YEAR.exec(text);
  if (match) {
    const month = monthOfName(match[2] ?? '');
    return month === undefined ? undefined : isoDay(fullYear(match[3] ?? ''), month, Number(match[1]));
  }
  return undefined;
}

const MONTH_ISO = /^(\d{4})[-/.](\d{1,2})$/;
const MONTH_US = /^(\d{1,2})[-/.](\d{4})$/;
const MONTH_COMPACT = /^(\d{4})(\d{2})$/;
const MONTH_WORD = /^([a-z]+)\.?[- ,]+(\d{2}|\d{4})$/i;

function isoMonth(year: number, month: number): string | undefined {
  return month >= 1 && month <= 12
    ? `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
    : undefined;
}

/**
 * A bill month cell as `YYYY-MM`: '2025-03', '03/2025', '202503', 'March 2025', 'Mar-25', or any date readDate reads
 * (its month). Undefined when none of these.
 */
export function readMonth(cell: Cell): string | null | undefined {
  if (isEmptyCell(cell)) return null;
  if (typeof cell === 'string') {
    const text = cell.trim();
    let match = MONTH_ISO.exec(text) ?? MONTH_COMPACT.exec(text);
    if (match) return isoMonth(Number(match[1]), Number(match[2]));
    match = MONTH_US.exec(text);
    if (match) return isoMonth(Number(match[2]), Number(match[1]));
    match = MONTH_WORD.exec(text);
    if (match) {
      const month = monthOfName(match[1] ?? '');
      if (month !== undefined) return isoMonth(fullYear(match[2] ?? ''), month);
    }
  } else if (typeof cell === 'number') {
    const match = MONTH_COMPACT.exec(String(cell));
    if (match) return isoMonth(Number(match[1]), Number(match[2]));
  }
  return readDate(cell)?.slice(0, 7);
}

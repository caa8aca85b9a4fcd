// Pure conversions from posted values to what a cell holds. No DOM: runs in the export worker and in Node.
import { EMPTY_CELL_TEXT, joinServices } from '../../src/domain/format';
import { parseMoney } from '../../src/domain/money';
import type { ExportValue } from './types';

const DAY_MS = 86_400_000;
/** Excel's serial for 1970-01-01 (its 1900 system, leap-year bug included, holds from March 1900). */
const UNIX_EPOCH_SERIAL = 25_569;
// A day, alone or at the start of a timestamp ('2025-03-04T10:00:00Z').
const ISO_DAY_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const SAFE_URL = /^(https?:|mailto:)/i;

/** Excel day serial of a calendar day. */
function serialOf(year: number, monthIndex: number, day: number): number | null {
  const ms = Date.UTC(year, monthIndex, day);
  const check = new Date(ms);
  // Rejects '2025-02-30' rather than rolling it into March.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== monthIndex || check.getUTCDate() !== day)
    return null;
  return ms / DAY_MS + UNIX_EPOCH_SERIAL;
}

/**
 * Excel date serial (whole days) of a date value, or null when it is not a date. The rule is the grid's
 * (src/ui/grid/columns.ts formatDate), so a sheet shows the days the grid showed: ISO text counts by the
 * day written in it ('2025-03-04', '2025-03-04T23:30:00-05:00'), 'YYYY-MM' by the first of the month,
 * a Date or epoch milliseconds by its UTC day.
 */
export function excelDateSerial(value: ExportValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? excelDateSerial(new Date(value)) : null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return serialOf(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate());
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const day = ISO_DAY_PREFIX.exec(text);
  if (day) return serialOf(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const month = ISO_MONTH.exec(text);
  return month ? serialOf(Number(month[1]), Number(month[2]) - 1, 1) : null;
}

/** A number cell value from a number or numeric text ('1,234.5', '$12.00', '(3.10)'), else null. */
export function numericValue(value: ExportValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  const parsed = parseMoney(text);
  return Number.isFinite(parsed) ? parsed + 0 : null;
}

/** The text of a value written as text: arrays joined with ', ', blanks as 'N/A'. */
export function textValue(value: ExportValue): string {
  if (value === null || value === undefined) return EMPTY_CELL_TEXT;
  if (typeof value === 'string') return value.trim() === '' ? EMPTY_CELL_TEXT : value;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? EMPTY_CELL_TEXT : value.toISOString().slice(0, 10);
  }
  if (Array.isArray(value)) {
    const joined = joinServices(value as readonly (string | null | undefined)[]);
    return joined === '' ? EMPTY_CELL_TEXT : joined;
  }
  return String(value);
}

/** True for values that show as 'N/A'. */
export function isBlank(value: ExportValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && joinServices(value as readonly (string | null | undefined)[]) === '';
}

/**
 * The absolute http(s)/mailto URL of a link value, or null: other schemes never become live links, and
 * only a path from the root ('/api/bills/1') is resolved against `base`, so plain words stay text.
 */
export function linkUrl(value: ExportValue, base: string | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  try {
    const url =
      base !== undefined && text.startsWith('/') && !text.startsWith('//')
        ? new URL(text, base)
        : new URL(text);
    return SAFE_URL.test(url.href) ? url.href : null;
  } catch {
    return null;
  }
}

/** Shown in grid and export cells that have no value (spec 000 §9). */
export const EMPTY_CELL_TEXT = 'N/A';

/**
 * Most hyperlinks Excel keeps on one worksheet (it drops the rest of a sheet's links when opening it). The export
 * writes link cells past it as their address in plain text, so a large export stays whole.
 */
export const MAX_SHEET_HYPERLINKS = 65_530;

/** Cell text: blanks become 'N/A' so an empty cell is never mistaken for a loading one. */
export function displayValue(v: unknown): string {
  if (v === null || v === undefined) return EMPTY_CELL_TEXT;
  if (typeof v === 'string') return v.trim() === '' ? EMPTY_CELL_TEXT : v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  // Objects reach a cell only by mistake; JSON shows their content rather than '[object Object]',
  // and what JSON cannot show (functions, symbols, cycles) counts as empty.
  try {
    return JSON.stringify(v) ?? EMPTY_CELL_TEXT;
  } catch {
    return EMPTY_CELL_TEXT;
  }
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * Export file name `{title}_{YYYY-MM-DD}.xlsx`; the day is the user's local calendar day, because
 * users match a downloaded file to the day they exported it, not to the UTC day.
 */
export function exportFileName(title: string, date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('exportFileName: invalid date');
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
  return `${title}_${day}.xlsx`;
}

/** Service lists as one cell text; blank entries are dropped so no stray ', ,' appears. */
export function joinServices(list: readonly (string | null | undefined)[]): string {
  return list
    .map((service) => service?.trim() ?? '')
    .filter((service) => service !== '')
    .join(', ');
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const upToTwoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Counts and usage on cards, without decimals: '165,912,771'. */
export function formatWhole(value: number): string {
  return wholeNumber.format(value);
}

/** Usage and plain numbers in tables, charts and grids, with up to 2 decimals: '1,234.5'. */
/** A whole count with its noun, singular for one: "1 row", "1,204 rows" (`plural` for irregular nouns). */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatWhole(count)} ${count === 1 ? noun : plural}`;
}

export function formatAmount(value: number): string {
  return upToTwoDecimals.format(value);
}

/** MM/DD/YYYY for ISO date text, keeping its calendar day (no time zone moves it); null when not a date. */
export function formatDay(iso: string | null | undefined): string | null {
  const match = iso ? ISO_DAY.exec(iso.trim()) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : null;
}

/** 'Mar 3, 2026, 9:15 AM' of a timestamp, in the reader's time zone, for notes, history and sends. */
export function localMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return EMPTY_CELL_TEXT;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

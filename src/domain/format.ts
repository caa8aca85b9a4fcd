/** Shown in grid and export cells that have no value (spec 000 §9). */
export const EMPTY_CELL_TEXT = 'N/A';

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

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Usage and counts without decimals, en-US (cards): '12,346'. */
export function formatWhole(value: number): string {
  return wholeNumber.format(value);
}

/** Usage with up to 2 decimals, en-US (tables): '1,234.5'. */
export function formatAmount(value: number): string {
  return twoDecimals.format(value);
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

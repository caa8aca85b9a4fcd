// Display helpers shared by the location pages.

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 'Mar 2026' for '2026-03' (UTC, so no time zone moves the month). */
export function monthLabel(month: string): string {
  const [year, mm] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (mm ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Usage and counts without decimals (cards). */
export function formatWhole(value: number): string {
  return wholeNumber.format(value);
}

/** Usage with up to 2 decimals (tables). */
export function formatAmount(value: number): string {
  return twoDecimals.format(value);
}

/** MM/DD/YYYY for an ISO date, keeping its calendar day. */
export function formatDay(iso: string | null): string | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : null;
}

// Display helpers of the location pages (numbers and days: src/domain/format.ts).

/** 'Mar 2026' for '2026-03' (UTC, so no time zone moves the month). */
export function monthLabel(month: string): string {
  const [year, mm] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (mm ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

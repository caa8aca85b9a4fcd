// Money arrives as JSON numbers in dollars; sums run in integer cents so
// binary fractions (0.1 + 0.2) never leak into totals shown to users.

const currencyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars to whole cents, the unit every money sum is computed in. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Whole cents back to dollars; `+ 0` turns a negative zero into a plain zero. */
export function fromCents(cents: number): number {
  return cents / 100 + 0;
}

/** Reads user or export money text ('$1,234.50', '(12.00)' for accounting negatives); NaN when unreadable. */
export function parseMoney(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  const accounting = /^\((.+)\)$/.exec(cleaned);
  const body = accounting?.[1] ?? cleaned;
  if (body === '') return Number.NaN;
  const value = Number(body);
  return accounting ? -value : value;
}

/** en-US dollars with 2 decimals; rounds to cents first so -0.001 shows as $0.00, not -$0.00. */
export function formatCurrency(n: number): string {
  return currencyFormat.format(fromCents(toCents(n)));
}

/** Sums dollar amounts exactly to the cent. */
export function sumMoney(values: readonly number[]): number {
  let cents = 0;
  for (const value of values) cents += toCents(value);
  return fromCents(cents);
}

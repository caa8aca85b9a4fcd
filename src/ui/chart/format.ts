// Chart number texts: en-US currency with 2 decimals (spec 000 §9, 001 §9), plain numbers with a unit.
import { formatAmount } from '../../domain/format';
import { formatCurrency } from '../../domain/money';

/** What the chart's values are. */
export type ChartValueKind = 'currency' | 'number';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** A value as tooltips and the data table show it: '$1,234.50', '1,234.5 kWh'; blanks as 'N/A'. */
export function formatChartValue(
  value: number | null | undefined,
  kind: ChartValueKind,
  unit?: string,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'N/A';
  if (kind === 'currency') return formatCurrency(value);
  const text = formatAmount(value);
  return unit ? `${text} ${unit}` : text;
}

/**
 * An axis tick: currency ticks drop the cents when the tick step is a whole dollar ('$12,000'), so the
 * axis stays narrow; a step below a dollar keeps 2 decimals.
 */
export function formatTick(value: number, kind: ChartValueKind, step: number): string {
  if (kind === 'currency') return Math.abs(step) >= 1 ? wholeDollars.format(value) : formatCurrency(value);
  return formatAmount(value);
}

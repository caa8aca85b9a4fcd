import { formatCurrency } from '../domain/money';

/** Props of a variance: actual minus plan, and its percentage of the plan (null when nothing was planned). */
export type VarianceFigureProps = {
  value: number | null;
  pct: number | null;
  /** How the amount reads (currency by default). */
  format?: (value: number) => string;
};

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** The signed amount of a variance as VarianceFigure writes it (the line a card sizes the figure by). */
export function varianceAmountText(
  value: number | null,
  format: (value: number) => string = formatCurrency,
): string {
  if (value === null) return '—';
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${format(Math.abs(value))}`;
}

/**
 * A variance against a plan: the signed amount and percentage, red when over the plan and green when under (the
 * tone is also in words for screen readers, so colour is never the only sign).
 */
export function VarianceFigure({ value, pct, format = formatCurrency }: VarianceFigureProps) {
  if (value === null) return <span className="variance">—</span>;
  const tone = value > 0 ? 'over' : value < 0 ? 'under' : 'even';
  return (
    <span className="variance" data-tone={tone}>
      {varianceAmountText(value, format)}
      {pct === null ? null : (
        <>
          {/* The space outside the percentage, so a short frame breaks the line there. */}{' '}
          <span className="variance__pct">({percentFormat.format(pct)} %)</span>
        </>
      )}
      <span className="visually-hidden">{tone === 'over' ? ' over' : tone === 'under' ? ' under' : ''}</span>
    </span>
  );
}

import { formatCurrency } from '../domain/money';

/** Props of a variance: actual minus plan, and its percentage of the plan (null when nothing was planned). */
export type VarianceFigureProps = {
  value: number | null;
  pct: number | null;
  /** How the amount reads (currency by default). */
  format?: (value: number) => string;
};

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/**
 * A variance against a plan: the signed amount and percentage, red when over the plan and green when under (the
 * tone is also in words for screen readers, so colour is never the only sign).
 */
export function VarianceFigure({ value, pct, format = formatCurrency }: VarianceFigureProps) {
  if (value === null) return <span className="variance">—</span>;
  const tone = value > 0 ? 'over' : value < 0 ? 'under' : 'even';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return (
    <span className="variance" data-tone={tone}>
      {sign}
      {format(Math.abs(value))}
      {pct === null ? null : <span className="variance__pct"> ({percentFormat.format(pct)} %)</span>}
      <span className="visually-hidden">{tone === 'over' ? ' over' : tone === 'under' ? ' under' : ''}</span>
    </span>
  );
}

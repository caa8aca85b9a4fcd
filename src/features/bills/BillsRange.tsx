import { BILL_RANGE_PRESETS, billRangeProblem } from '../../domain/bills';
import type { BillMonthRange, BillRangePreset } from '../../domain/bills';

/** The range the page shows: a preset, or months the user typed. */
export type RangeChoice = { preset: BillRangePreset } | { preset: 'custom'; range: BillMonthRange };

/** Props of the range bar. */
export type BillsRangeProps = {
  choice: RangeChoice;
  /** The range in force (the preset's, or the typed one); null while the latest month loads. */
  range: BillMonthRange | null;
  onChange: (choice: RangeChoice) => void;
};

/** The range's two ends, each a month field. */
const RANGE_ENDS = [
  { side: 'from', label: 'From' },
  { side: 'to', label: 'To' },
] as const;

/**
 * Bill month from and to, with the presets of the page (last 12 months of the company by default, this year, last
 * year, all); typing a month switches to a custom range.
 */
export function BillsRange({ choice, range, onChange }: BillsRangeProps) {
  const typed = (side: 'from' | 'to', value: string) => {
    const base = range ?? { from: null, to: null };
    onChange({ preset: 'custom', range: { ...base, [side]: value === '' ? null : value } });
  };
  const problem = choice.preset === 'custom' ? billRangeProblem(choice.range) : null;
  return (
    <div className="bills-range" role="group" aria-label="Bill month range">
      <div className="bills-range__presets" role="radiogroup" aria-label="Range presets">
        {BILL_RANGE_PRESETS.map((preset) => (
          <button
            key={preset.value}
            type="button"
            role="radio"
            aria-checked={choice.preset === preset.value}
            className={choice.preset === preset.value ? 'btn btn--primary btn--sm' : 'btn btn--ghost btn--sm'}
            onClick={() => onChange({ preset: preset.value })}
          >
            {preset.label}
          </button>
        ))}
      </div>
      {RANGE_ENDS.map(({ side, label }) => (
        <label key={side} className="inline-field">
          <span>{label}</span>
          <input
            type="month"
            className="input input--sm"
            value={range?.[side] ?? ''}
            // Neither end can pass the other: From stops at To, To starts at From.
            min={side === 'to' ? (range?.from ?? undefined) : undefined}
            max={side === 'from' ? (range?.to ?? undefined) : undefined}
            onChange={(event) => typed(side, event.target.value)}
          />
        </label>
      ))}
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

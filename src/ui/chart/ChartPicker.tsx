import { ChoiceOptions } from '../fields/ChoiceOptions';
import type { Choice } from '../fields/choices';

/** Props of a chart card's picker. */
export type ChartPickerProps<Value extends string> = {
  /** The select's accessible name ('Figure', 'Usage service'); the card's title says what it picks for. */
  label: string;
  value: Value;
  choices: readonly (Choice & { readonly value: Value })[];
  onChange: (value: Value) => void;
};

/**
 * A small select in a chart card's header (a Chart's `actions`): which figure, view or service the chart draws.
 * Unlike a list's filter it has no 'all' choice: a chart always draws one of them.
 */
export function ChartPicker<Value extends string>({
  label,
  value,
  choices,
  onChange,
}: ChartPickerProps<Value>) {
  return (
    <select
      className="select select--sm"
      aria-label={label}
      value={value}
      onChange={(event) => {
        const picked = choices.find((choice) => choice.value === event.target.value);
        if (picked) onChange(picked.value);
      }}
    >
      <ChoiceOptions choices={choices} />
    </select>
  );
}

import { useId, useMemo, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { SHOWN_CHOICES, matchingChoices, moreChoicesText } from '../../ui/fields/choices';
import type { Choice } from '../../ui/fields/choices';
import '../../ui/fields/fields.css';

/** Props of a multiple choice. */
export type ChoiceSelectProps = {
  label: string;
  choices: readonly Choice[];
  /** The chosen values; none chosen means no narrowing ("All"). */
  value: readonly string[];
  onChange: (value: string[]) => void;
};

/** What the closed control says: All, or the first choices and how many more. */
function summaryText(choices: readonly Choice[], value: readonly string[]): string {
  if (value.length === 0) return 'All';
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  const first = value.slice(0, 2).map((item) => labels.get(item) ?? item);
  return value.length > 2 ? `${first.join(', ')} +${value.length - 2}` : first.join(', ');
}

/**
 * A filter of several values: a disclosure showing the choice, opening to a searchable checkbox list with Clear.
 * Native <details>, so the keyboard and screen readers know it without help.
 */
export function ChoiceSelect({ label, choices, value, onChange }: ChoiceSelectProps) {
  const listId = useId();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(value), [value]);
  const matching = useMemo(() => matchingChoices(choices, search), [choices, search]);
  const shown = matching.slice(0, SHOWN_CHOICES);
  const toggle = (item: string) =>
    onChange(chosen.has(item) ? value.filter((other) => other !== item) : [...value, item]);
  return (
    <details className="reports-choice">
      <summary className="reports-choice__summary">
        <span className="reports-choice__label">{label}</span>
        <span className="reports-choice__value">{summaryText(choices, value)}</span>
        <ChevronDown aria-hidden="true" size={16} />
      </summary>
      <div className="popup-panel reports-choice__panel">
        {choices.length > 8 && (
          <input
            type="search"
            className="input input--sm"
            aria-label={`Search ${label}`}
            placeholder="Search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
        <fieldset id={listId} className="reports-choice__list">
          <legend className="muted">{label}</legend>
          {shown.map((choice) => (
            <label key={choice.value} className="check">
              <input
                type="checkbox"
                checked={chosen.has(choice.value)}
                onChange={() => toggle(choice.value)}
              />
              {choice.label}
            </label>
          ))}
          {shown.length === 0 && <p className="muted">Nothing matches.</p>}
          {matching.length > shown.length && (
            <p className="muted">{moreChoicesText(matching.length, shown.length)}</p>
          )}
        </fieldset>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={value.length === 0}
          onClick={() => onChange([])}
        >
          Clear
        </button>
      </div>
    </details>
  );
}

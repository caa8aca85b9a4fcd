import type { Choice } from './choices';

/** A record the user picks by its name (a site, a request type, a client company): its id is the choice's value. */
type NamedRecord = { readonly id: string | number; readonly name: string };

/** The choices of a list of named records, in the list's order. */
export function namedChoices(records: readonly NamedRecord[]): Choice[] {
  return records.map((record) => ({ value: String(record.id), label: record.name }));
}

/** Props of a select's options. */
export type ChoiceOptionsProps = {
  choices: readonly Choice[];
  /** The text of a first option with the empty value ('Choose a request type', 'All locations'). */
  emptyLabel?: string;
};

/** The <option>s of a select over `choices`, after the empty value's when it has a label. */
export function ChoiceOptions({ choices, emptyLabel }: ChoiceOptionsProps) {
  return (
    <>
      {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}

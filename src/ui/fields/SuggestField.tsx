import { useId } from 'react';
import { TextField } from './TextField';
import type { TextFieldProps } from './TextField';

/** Props of a text field with suggestions: a text field's, less its list, plus the values it suggests. */
export type SuggestFieldProps = Omit<TextFieldProps, 'list' | 'autoComplete'> & {
  suggestions: readonly string[];
};

/**
 * A text field that suggests known values (a datalist, so any other text is still taken); the browser's own
 * remembered entries stay off so only the suggestions show.
 */
export function SuggestField({ suggestions, ...field }: SuggestFieldProps) {
  const listId = useId();
  return (
    <>
      <TextField {...field} list={listId} autoComplete="off" />
      <datalist id={listId}>
        {suggestions.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
    </>
  );
}

import { useState } from 'react';

/**
 * A field's text and the problem its form's check or save found with it. The problem shows on the field until the
 * user changes the text; `field` spreads onto a TextField or TextAreaField (value, onChange, error).
 */
export function useCheckedField(initial: string) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const field = {
    value,
    onChange: (next: string) => {
      setValue(next);
      setProblem(null);
    },
    error: problem,
  };
  return { value, setValue, setProblem, field };
}

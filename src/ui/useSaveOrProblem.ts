import { useState } from 'react';

/**
 * The save of a form dialog whose write answers with the problem it found in the fields, or null when it went
 * through: a problem stays in the form (its fields show it) and the dialog stays open; a save that went through
 * runs `onSaved` (closes the dialog). `run` is the dialog's onSave.
 */
export function useSaveOrProblem<Problem>(onSaved: () => void) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const run = async (save: () => Promise<Problem | null> | Problem | null): Promise<void> => {
    const found = await save();
    setProblem(found);
    if (found === null) onSaved();
  };
  return { problem, setProblem, run };
}

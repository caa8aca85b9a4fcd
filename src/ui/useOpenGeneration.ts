import { useState } from 'react';

/**
 * A number that grows each time `isOpen` turns true. Keying a dialog's form by it starts the form afresh on every
 * opening, while the dialog stays mounted to fade out with what it showed.
 */
export function useOpenGeneration(isOpen: boolean): number {
  const [state, setState] = useState({ isOpen, generation: 0 });
  if (state.isOpen === isOpen) return state.generation;
  const next = { isOpen, generation: isOpen ? state.generation + 1 : state.generation };
  // Adjusting state while rendering (React's pattern for state derived from a prop change): no extra commit.
  setState(next);
  return next.generation;
}

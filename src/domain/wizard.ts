/** A wizard's position and which steps have been reached (and so may be jumped back to). */
export type WizardState = { readonly current: number; readonly checked: readonly boolean[] };

/** A fresh wizard on its first step, which counts as reached. */
export function createWizard(stepCount: number): WizardState {
  if (!Number.isInteger(stepCount) || stepCount < 1) {
    throw new RangeError(`createWizard: stepCount must be a positive integer, got ${stepCount}`);
  }
  return { current: 0, checked: Array.from({ length: stepCount }, (_, i) => i === 0) };
}

/** True on the first step, where Previous is hidden. */
export function isFirst(state: WizardState): boolean {
  return state.current === 0;
}

/** True on the last step, where Next becomes Finish. */
export function isLast(state: WizardState): boolean {
  return state.current === state.checked.length - 1;
}

/** Moves one step on when the step's before-change check passed; the state is returned as is otherwise. */
export function next(state: WizardState, canAdvance: boolean): WizardState {
  if (!canAdvance || isLast(state)) return state;
  const current = state.current + 1;
  return { current, checked: state.checked.map((isChecked, i) => isChecked || i === current) };
}

/** Moves one step back; going back never needs validation, and reached steps stay reached. */
export function previous(state: WizardState): WizardState {
  return isFirst(state) ? state : { ...state, current: state.current - 1 };
}

/** Jumps to a step already reached, so skipping ahead cannot bypass a step's check. */
export function jumpTo(state: WizardState, index: number): WizardState {
  if (index === state.current || state.checked[index] !== true) return state;
  return { ...state, current: index };
}

import { describe, it, expect } from 'vitest';
import { createWizard, isFirst, isLast, jumpTo, next, previous } from '../../src/domain/wizard';
import type { WizardState } from '../../src/domain/wizard';

const at = (current: number, checked: boolean[]): WizardState => ({ current, checked });

describe('createWizard', () => {
  it.each<[number, WizardState]>([
    [1, at(0, [true])],
    [3, at(0, [true, false, false])],
  ])('starts %i steps on the first, checked', (steps, expected) => {
    expect(createWizard(steps)).toEqual(expected);
  });

  it.each([0, -1, 2.5, Number.NaN])('rejects %s steps', (steps) => {
    expect(() => createWizard(steps)).toThrow(RangeError);
  });
});

describe('isFirst and isLast', () => {
  it.each<[WizardState, boolean, boolean]>([
    [at(0, [true]), true, true],
    [at(0, [true, false, false]), true, false],
    [at(1, [true, true, false]), false, false],
    [at(2, [true, true, true]), false, true],
  ])('reads %j as first %s and last %s', (state, first, last) => {
    expect([isFirst(state), isLast(state)]).toEqual([first, last]);
  });
});

describe('next', () => {
  it.each<[string, WizardState, boolean, WizardState]>([
    ['moves on and checks the new step', at(0, [true, false, false]), true, at(1, [true, true, false])],
    ['stays when the check fails', at(0, [true, false, false]), false, at(0, [true, false, false])],
    ['stays on the last step', at(2, [true, true, true]), true, at(2, [true, true, true])],
    [
      'keeps later checked steps after a jump back',
      at(0, [true, true, true]),
      true,
      at(1, [true, true, true]),
    ],
  ])('%s', (_name, state, canAdvance, expected) => {
    expect(next(state, canAdvance)).toEqual(expected);
  });

  it('returns the same state when it cannot move, and never mutates', () => {
    const state = createWizard(2);
    expect(next(state, false)).toBe(state);
    next(state, true);
    expect(state).toEqual(at(0, [true, false]));
  });
});

describe('previous', () => {
  it.each<[string, WizardState, WizardState]>([
    ['moves back keeping checked steps', at(2, [true, true, true]), at(1, [true, true, true])],
    ['stays on the first step', at(0, [true, false]), at(0, [true, false])],
  ])('%s', (_name, state, expected) => {
    expect(previous(state)).toEqual(expected);
  });
});

describe('jumpTo', () => {
  const reached = at(2, [true, true, true, false]);

  it.each<[string, number, number]>([
    ['jumps back to a checked step', 0, 0],
    ['jumps to another checked step', 1, 1],
    ['stays on the current step', 2, 2],
    ['refuses an unchecked step', 3, 2],
    ['refuses a step past the end', 4, 2],
    ['refuses a negative step', -1, 2],
    ['refuses a fractional step', 0.5, 2],
  ])('%s', (_name, index, current) => {
    expect(jumpTo(reached, index)).toEqual({ ...reached, current });
  });

  it('goes forward again to a step checked before jumping back', () => {
    expect(jumpTo(at(0, [true, true, true, false]), 2).current).toBe(2);
  });
});

describe('a wizard walk', () => {
  it('visits steps in order and jumps only back to reached ones', () => {
    let state = createWizard(3);
    state = jumpTo(state, 2);
    expect(state.current).toBe(0);
    state = next(state, true);
    state = next(state, false);
    expect(state).toEqual(at(1, [true, true, false]));
    state = next(state, true);
    expect(isLast(state)).toBe(true);
    state = jumpTo(state, 0);
    state = jumpTo(state, 2);
    expect(state).toEqual(at(2, [true, true, true]));
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useSaveOrProblem } from '../../src/ui/useSaveOrProblem';

afterEach(cleanup);

describe('useSaveOrProblem', () => {
  it('keeps the problem a save found and runs onSaved only once a save goes through', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useSaveOrProblem<string>(onSaved));
    await act(() => result.current.run(() => Promise.resolve('name is taken')));
    expect(result.current.problem).toBe('name is taken');
    expect(onSaved).not.toHaveBeenCalled();
    await act(() => result.current.run(() => null));
    expect(result.current.problem).toBeNull();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('lets a thrown error through for the dialog to show', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useSaveOrProblem<string>(onSaved));
    await expect(result.current.run(() => Promise.reject(new Error('No room left')))).rejects.toThrow(
      'No room left',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});

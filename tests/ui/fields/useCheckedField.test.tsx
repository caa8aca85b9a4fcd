// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useCheckedField } from '../../../src/ui/fields/useCheckedField';

afterEach(cleanup);

describe('useCheckedField', () => {
  it('shows a problem on the field until the text changes', () => {
    const { result } = renderHook(() => useCheckedField('draft'));
    expect(result.current.field).toMatchObject({ value: 'draft', error: null });
    act(() => result.current.setProblem('is too long'));
    expect(result.current.field.error).toBe('is too long');
    act(() => result.current.field.onChange('shorter'));
    expect(result.current.field).toMatchObject({ value: 'shorter', error: null });
    expect(result.current.value).toBe('shorter');
    act(() => result.current.setValue(''));
    expect(result.current.value).toBe('');
  });
});

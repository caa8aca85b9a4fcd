// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { useAfterPaint } from '../../src/ui/useAfterPaint';

afterEach(cleanup);

describe('useAfterPaint', () => {
  it('turns true after a frame once ready, and stays true', async () => {
    const { result, rerender } = renderHook(({ isReady }) => useAfterPaint(isReady), {
      initialProps: { isReady: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    rerender({ isReady: true });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ isReady: false });
    expect(result.current).toBe(true);
  });
});

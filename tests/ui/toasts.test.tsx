// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { ToastProvider } from '../../src/ui/ToastProvider';
import { useToasts } from '../../src/ui/useToasts';
import type { ToastApi } from '../../src/ui/toastContext';

let api: ToastApi | undefined;
function Grab() {
  api = useToasts();
  return null;
}
function toasts(): ToastApi {
  if (!api) throw new Error('ToastProvider not rendered');
  return api;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
const region = (politeness: 'polite' | 'assertive') => document.querySelector(`[aria-live="${politeness}"]`);

describe('toasts', () => {
  it('shows a toast in the polite region and removes it after 5000 ms', () => {
    act(
      () =>
        void toasts().toast('Tags associated successfully!', 'Three locations tagged.', { kind: 'success' }),
    );
    expect(region('polite')?.textContent).toContain('Tags associated successfully!');
    expect(screen.getByText('Three locations tagged.')).toBeTruthy();
    advance(4999);
    expect(screen.queryByText('Tags associated successfully!')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Tags associated successfully!')).toBeNull();
  });

  it('shows the error toast with an error icon in the assertive region for 1 s', () => {
    act(() => void toasts().errorToast('Could not save'));
    const error = region('assertive');
    expect(error?.textContent).toBe('Could not save');
    expect(error?.querySelector('svg.tone-icon--error')).not.toBeNull();
    expect(region('polite')?.textContent).toBe('');
    advance(999);
    expect(screen.queryByText('Could not save')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Could not save')).toBeNull();
  });

  it('honours a custom timeout, stacks several and closes one by its button', () => {
    act(() => {
      toasts().toast('First', undefined, { timeout: 8000 });
      toasts().toast('Second');
    });
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(2);
    advance(5000);
    expect(screen.queryByText('Second')).toBeNull();
    expect(screen.queryByText('First')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('First')).toBeNull();
  });

  it('pauses its countdown while hovered', () => {
    act(() => void toasts().toast('Report ready'));
    const toast = screen.getByText('Report ready').closest('.toast');
    if (!toast) throw new Error('no toast');
    advance(3000);
    fireEvent.mouseEnter(toast);
    advance(10_000);
    expect(screen.queryByText('Report ready')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    advance(1999);
    expect(screen.queryByText('Report ready')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Report ready')).toBeNull();
  });

  it('keeps a toast with timeout 0 until closed', () => {
    act(() => void toasts().toast('Sync paused', 'You are offline.', { kind: 'warning', timeout: 0 }));
    advance(60_000);
    expect(screen.queryByText('Sync paused')).not.toBeNull();
  });

  it('refuses to work without a provider', () => {
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToasts())).toThrow('useToasts must be used inside a ToastProvider');
    vi.restoreAllMocks();
  });
});

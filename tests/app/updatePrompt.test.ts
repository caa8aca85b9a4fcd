// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '../../src/app/pwa/UpdatePrompt';
import {
  UPDATE_RELOAD_FALLBACK_MS,
  announceUpdate,
  confirmUpdate,
  getUpdateState,
  isUpdatePromptSuppressed,
  resetUpdateState,
} from '../../src/app/pwa/updateState';

function renderAt(path: string) {
  return render(createElement(MemoryRouter, { initialEntries: [path] }, createElement(UpdatePrompt)));
}

describe('isUpdatePromptSuppressed', () => {
  it('hides the prompt on the single sign-on pages only', () => {
    expect(isUpdatePromptSuppressed('/ssologin/acme')).toBe(true);
    expect(isUpdatePromptSuppressed('/ssoacs/acme')).toBe(true);
    expect(isUpdatePromptSuppressed('/ssologin')).toBe(true);
    expect(isUpdatePromptSuppressed('/login')).toBe(false);
    expect(isUpdatePromptSuppressed('/')).toBe(false);
    expect(isUpdatePromptSuppressed('/locations')).toBe(false);
    expect(isUpdatePromptSuppressed('/companies/4/ssologin')).toBe(false);
  });
});

describe('UpdatePrompt', () => {
  afterEach(() => {
    cleanup();
    resetUpdateState();
    vi.useRealTimers();
  });

  it('shows nothing while no update waits', () => {
    renderAt('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("reads 'A New Update is Available!' with a 'Great!' button once a new worker waits", () => {
    renderAt('/home');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => announceUpdate(() => Promise.resolve()));
    const dialog = screen.getByRole('dialog', { name: 'A New Update is Available!' });
    expect(dialog.textContent).toContain('A New Update is Available!');
    expect(screen.getByRole('button', { name: 'Great!' })).toBeTruthy();
  });

  it('is suppressed on /ssologin/* and /ssoacs/*', () => {
    announceUpdate(() => Promise.resolve());
    renderAt('/ssologin/acme');
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderAt('/ssoacs/acme');
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderAt('/login');
    expect(screen.getByRole('dialog', { name: 'A New Update is Available!' })).toBeTruthy();
  });

  it("'Great!' activates the waiting worker once", () => {
    vi.useFakeTimers();
    const apply = vi.fn(() => Promise.resolve());
    announceUpdate(apply);
    renderAt('/home');
    const button = screen.getByRole('button', { name: 'Great!' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(getUpdateState()).toEqual({ needRefresh: true, updating: true });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Great!' }).disabled).toBe(true);
  });
});

describe('confirmUpdate', () => {
  afterEach(() => {
    resetUpdateState();
    vi.useRealTimers();
  });

  it('reloads anyway when the new worker never takes control', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    announceUpdate(() => Promise.resolve());
    await confirmUpdate(reload);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(UPDATE_RELOAD_FALLBACK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when activating the worker fails', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    announceUpdate(() => Promise.reject(new Error('gone')));
    await confirmUpdate(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_RELOAD_FALLBACK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

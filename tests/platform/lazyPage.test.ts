// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, CHUNK_RELOAD_KEY, lazyPage } from '../../src/platform/area/lazyPage';
import { ChunkLoadErrorPage } from '../../src/platform/area/ChunkLoadErrorPage';

function Page() {
  return createElement('p', null, 'the page');
}

/** Resolves true when the promise settles within a few microtask turns, false when it is still pending. */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return settled;
}

function componentOf(route: object): ComponentType {
  expect(route).toHaveProperty('Component');
  return (route as { Component: ComponentType }).Component;
}

describe('lazyPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('passes the route module through and forgets an earlier reload', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const reload = vi.fn();
    const module = { Component: Page };
    await expect(lazyPage(() => Promise.resolve(module), { reload })()).resolves.toBe(module);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('reloads the page once on the first failure and stays pending until the reload', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reload = vi.fn();
    const pending = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      { reload },
    )();
    expect(await settles(pending)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
  });

  it("shows 'Loading chunk failed' with a Retry that reloads when it fails again after the reload", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    const load = () => Promise.reject(new Error('chunk gone'));
    void lazyPage(load, { reload })();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    // After the reload the same import fails again: the error page, no second automatic reload.
    const route = await lazyPage(load, { reload })();
    expect(reload).toHaveBeenCalledTimes(1);
    const ErrorPage = componentOf(route);
    expect(ErrorPage).toBe(ChunkLoadErrorPage);
    render(createElement(ErrorPage));
    expect(screen.getByRole('heading', { name: 'Loading chunk failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('Retry reloads the page', () => {
    const onRetry = vi.fn();
    render(createElement(ChunkLoadErrorPage, { onRetry }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('treats an import still pending after 120 s as a failure', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reload = vi.fn();
    void lazyPage(() => new Promise<never>(() => undefined), { reload })();
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('a slow import that arrives in time is used and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const module = { Component: Page };
    const route = lazyPage(
      () => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 60_000)),
      { reload },
    )();
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(route).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('without session storage it never loops: the error page straight away', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    const failing = lazyPage(() => Promise.reject(new Error('x')), { reload, storage: undefined });
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const route = await failing();
    expect(componentOf(route)).toBe(ChunkLoadErrorPage);
    expect(reload).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaModuleOf } from '../../src/app/areas';
import { CHUNK_RELOAD_KEY, lazyPage, warmLazyPage } from '../../src/platform/area/lazyPage';
import { WARM_DELAY_MS, areaPagesToWarm, useWarmAreaPages } from '../../src/app/warmPages';
import type { SidebarKey } from '../../src/domain/nav';

/** Makes the page look controlled by a service worker (or not). */
function setController(controller: object | null): void {
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
}

function Warmer({
  keys,
  pagesOf,
}: {
  keys: SidebarKey[];
  pagesOf: (keys: readonly SidebarKey[]) => object[];
}) {
  useWarmAreaPages(keys, pagesOf);
  return null;
}

describe('warming area pages', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("loads a lazy page's module without the failure rule: no reload, nothing remembered", async () => {
    const reload = vi.fn();
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(warmLazyPage(lazyPage(load, { reload }))).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('warms the first page of each area in the sidebar, not Home', () => {
    const pages = areaPagesToWarm(['home', 'locations', 'accounts']);
    expect(pages).toEqual([
      areaModuleOf('locations')?.pages[0]?.page,
      areaModuleOf('accounts')?.pages[0]?.page,
    ]);
    expect(pages.every((page) => page !== undefined)).toBe(true);
  });

  it('loads each page once, only after the delay and only when the service worker serves the files', async () => {
    const loads = { locations: vi.fn(() => Promise.resolve({})), accounts: vi.fn(() => Promise.resolve({})) };
    const pages = { locations: lazyPage(loads.locations), accounts: lazyPage(loads.accounts) };
    const pagesOf = (keys: readonly SidebarKey[]) =>
      keys.flatMap((key) => (key === 'locations' || key === 'accounts' ? [pages[key]] : []));

    setController(null);
    render(createElement(Warmer, { keys: ['locations', 'accounts'], pagesOf }));
    await vi.advanceTimersByTimeAsync(WARM_DELAY_MS * 4);
    expect(loads.locations).not.toHaveBeenCalled();
    cleanup();

    setController({});
    render(createElement(Warmer, { keys: ['locations', 'accounts'], pagesOf }));
    await vi.advanceTimersByTimeAsync(WARM_DELAY_MS - 100);
    expect(loads.locations).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loads.locations).toHaveBeenCalledTimes(1);
    expect(loads.accounts).toHaveBeenCalledTimes(1);
    cleanup();

    render(createElement(Warmer, { keys: ['accounts', 'locations'], pagesOf }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loads.locations).toHaveBeenCalledTimes(1);
    expect(loads.accounts).toHaveBeenCalledTimes(1);
  });
});

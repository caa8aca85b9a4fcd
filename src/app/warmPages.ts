import { useEffect } from 'react';
import type { SidebarKey } from '../domain/nav';
import { whenIdle } from '../platform/whenIdle';
import { areaModuleOf } from './areas';
import { warmLazyPage } from '../platform/area/lazyPage';

/** Time after the shell shows before any page's code is loaded ahead: the start and the first page go first. */
export const WARM_DELAY_MS = 500;

/** Pages whose code is loaded already (or being loaded) in this tab. */
const warmed = new WeakSet<object>();

function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, 5_000));
}

/**
 * The main page of each area shown in the sidebar (its first page), whose code a first visit would otherwise load,
 * parse and run after the click (docs/architecture.md §9 Cold start).
 */
export function areaPagesToWarm(keys: readonly SidebarKey[]): object[] {
  return keys.flatMap((key) => {
    const page = key === 'home' ? undefined : areaModuleOf(key)?.pages[0]?.page;
    return page ? [page] : [];
  });
}

/**
 * Loads the code of the sidebar's area pages ahead of their first visit, one page per idle period, once the shell has
 * shown for a while. Only when the service worker serves the app's files: they come from the device then, and a
 * chunk that fails while loaded ahead is never left for a page to stumble on.
 */
export function useWarmAreaPages(
  keys: readonly SidebarKey[],
  pagesOf: (keys: readonly SidebarKey[]) => object[] = areaPagesToWarm,
): void {
  const list = keys.join(',');
  useEffect(() => {
    if (list === '' || !navigator.serviceWorker?.controller) return undefined;
    let isCurrent = true;
    const timer = setTimeout(() => {
      void (async () => {
        for (const page of pagesOf(list.split(',') as SidebarKey[])) {
          if (warmed.has(page)) continue;
          await idle();
          if (!isCurrent) return;
          warmed.add(page);
          await warmLazyPage(page);
        }
      })();
    }, WARM_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [list, pagesOf]);
}

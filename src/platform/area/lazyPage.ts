import type { ComponentType } from 'react';
import { ChunkLoadErrorPage } from './ChunkLoadErrorPage';

/** The spec's chunk-load timeout (§8): an import still pending after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** sessionStorage key: set when a chunk failure already reloaded the page once. */
export const CHUNK_RELOAD_KEY = 'get.chunkReloaded';

/** Hooks for tests; the defaults reload the window and use sessionStorage. */
export interface LazyPageOptions {
  reload?: () => void;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  timeoutMs?: number;
}

/** The route module shown when a chunk still fails after the one reload. */
export interface ChunkErrorRoute {
  Component: ComponentType;
}

function sessionStore(): LazyPageOptions['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function withTimeout<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading chunk failed')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('Loading chunk failed'));
      },
    );
  });
}

/**
 * Wraps a react-router `lazy` loader (`lazyPage(() => import('./Page'))`): when the chunk fails to load
 * (rejects, or is not there within 120 s) the page reloads once; a second failure renders 'Loading chunk failed'.
 */
export function lazyPage<T extends object>(
  load: () => Promise<T>,
  options: LazyPageOptions = {},
): () => Promise<T | ChunkErrorRoute> {
  const timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  const reload = options.reload ?? (() => window.location.reload());
  const lazy = async () => {
    const storage = options.storage ?? sessionStore();
    try {
      const module = await withTimeout(load, timeoutMs);
      storage?.removeItem(CHUNK_RELOAD_KEY);
      return module;
    } catch (error) {
      if (storage && storage.getItem(CHUNK_RELOAD_KEY) === null) {
        storage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
        console.warn('Loading chunk failed; reloading once', error);
        reload();
        // The page is going away: keep the router on the current page until it does.
        return new Promise<never>(() => undefined);
      }
      console.error('Loading chunk failed', error);
      return { Component: ChunkLoadErrorPage };
    }
  };
  loaders.set(lazy, load);
  return lazy;
}

/** The module loader behind each `lazyPage`, for loading a page's code ahead of its first visit. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * Loads the code of a `lazyPage` page ahead of its first visit (src/app/warmPages.ts), so that visit finds the module
 * evaluated. Without the failure rule: a page whose code fails here is loaded again, with the rule, when it opens.
 */
export async function warmLazyPage(lazy: object): Promise<void> {
  try {
    await loaders.get(lazy)?.();
  } catch {
    // Opening the page tries again and says so.
  }
}

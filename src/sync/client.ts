// The main thread's handle on the sync worker (docs/architecture.md §7): Comlink over a module worker, typed by a
// type-only import of the worker's API so the engine never lands in the page's bundle.
import { proxy, releaseProxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { StartOptions, SyncApi, SyncEvent, TokenSource } from '../../workers/sync/api';

/** A running sync worker. */
export interface SyncWorker {
  api: Remote<SyncApi>;
  /** Stops the engine and ends the worker. */
  close(): Promise<void>;
}

/** Spawns the sync worker. */
export function spawnSyncWorker(): SyncWorker {
  const worker = new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sync',
  });
  const api = wrap<SyncApi>(worker);
  return {
    api,
    async close() {
      try {
        await api.stop();
      } finally {
        api[releaseProxy]();
        worker.terminate();
      }
    },
  };
}

/** Starts the engine in a worker; tokens and events cross as Comlink proxies (the token is never stored). */
export async function startSyncWorker(
  worker: SyncWorker,
  options: StartOptions,
  tokens: TokenSource,
  onEvent: (event: SyncEvent) => void,
): Promise<void> {
  await worker.api.start(options, proxy(tokens), proxy(onEvent));
}

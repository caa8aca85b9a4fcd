// The sync engine with another page size. The real worker (workers/sync/api.ts) always uses the engine's
// default page size, so this worker starts the same engine the same way, changing only `pageSize`.
import { expose } from 'comlink';
import { openAppDb } from '../../src/db/schema';
import type { AppDb } from '../../src/db/schema';
import { createSyncEngine } from '../../workers/sync/engine';
import type { SyncEngine } from '../../workers/sync/engine';
import type { StartOptions } from '../../workers/sync/api';
import type { EngineStatus, SyncEvent, TokenSource } from '../../workers/sync/types';

let engine: SyncEngine | null = null;
let db: AppDb | null = null;

function running(): SyncEngine {
  if (!engine) throw new Error('The bench engine worker has not been started');
  return engine;
}

const api = {
  /** As workers/sync/api.ts `start`, plus the page size. */
  async start(
    options: StartOptions & { pageSize: number },
    tokens: TokenSource,
    onEvent: (event: SyncEvent) => unknown,
  ): Promise<void> {
    db = openAppDb(options.userId);
    engine = createSyncEngine({
      db,
      fetch: (input, init) => globalThis.fetch(input, init),
      baseUrl: options.baseUrl,
      getToken: () => tokens.getToken(),
      refreshToken: () => tokens.refresh(),
      onEvent: (event) => void Promise.resolve(onEvent(event)).catch(() => undefined),
      storage: self.navigator.storage,
      isOnline: options.isOnline,
      watchOutbox: true,
      pageSize: options.pageSize,
    });
    await engine.start(options.companyIds);
  },
  syncNow(companyId?: number): Promise<void> {
    return running().syncNow(companyId);
  },
  status(): Promise<EngineStatus> {
    return running().status();
  },
  async stop(): Promise<void> {
    await engine?.stop();
    db?.close();
    engine = null;
    db = null;
  },
};

/** The bench engine worker's API, for `Comlink.wrap`. */
export type BenchEngineApi = typeof api;

expose(api);

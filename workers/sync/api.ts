// The sync worker's API, the one source of truth for the UI (docs/architecture.md §7): the client wraps it with
// `Comlink.wrap<SyncApi>()` through a type-only import, so UI code never bundles the engine.
import { openAppDb } from '../../src/db/schema';
import type { AppDb } from '../../src/db/schema';
import { createSyncEngine } from './engine';
import type { SyncEngine } from './engine';
import type { EngineStatus, EvictResult, SyncEvent, TokenSource } from './types';

export type {
  CompanyStatus,
  EngineStatus,
  EvictResult,
  PauseReason,
  StorageInfo,
  SyncErrorCode,
  SyncEvent,
  TokenSource,
} from './types';

/** Who and what to sync. */
export interface StartOptions {
  userId: number;
  /** Origin of the API, e.g. `https://portal.example` (paths start with `/api`). */
  baseUrl: string;
  /** The companies the user works in now; companies kept offline are added from the local database. */
  companyIds: number[];
  /** The page's `navigator.onLine` when it asked the worker to start (the page then tells it of a change). */
  isOnline: boolean;
}

let engine: SyncEngine | null = null;
let db: AppDb | null = null;

function running(): SyncEngine {
  if (!engine) throw new Error('The sync worker has not been started');
  return engine;
}

async function shutDown(): Promise<void> {
  await engine?.stop();
  db?.close();
  engine = null;
  db = null;
}

/** The object the worker exposes; `tokens` and `onEvent` arrive as Comlink proxies. */
export const api = {
  /** Starts (or restarts, for another user) the engine. */
  async start(
    options: StartOptions,
    tokens: TokenSource,
    onEvent: (event: SyncEvent) => unknown,
  ): Promise<void> {
    await shutDown();
    db = openAppDb(options.userId);
    engine = createSyncEngine({
      db,
      fetch: (input, init) => globalThis.fetch(input, init),
      baseUrl: options.baseUrl,
      getToken: () => tokens.getToken(),
      refreshToken: () => tokens.refresh(),
      // The page may be gone (tab closing): a lost event must not reject anywhere.
      onEvent: (event) => void Promise.resolve(onEvent(event)).catch(() => undefined),
      storage: self.navigator.storage,
      isOnline: options.isOnline,
      watchOutbox: true,
    });
    await engine.start(options.companyIds);
  },
  /** The main thread refreshed the session: use this token from now on. */
  setToken(token: string | null): void {
    engine?.setToken(token);
  },
  /** Syncs one company or all now (the `Sync now` button), whatever the backoff or pause. */
  syncNow(companyId?: number): Promise<void> {
    return running().syncNow(companyId);
  },
  /** The consultant switched company. */
  setCurrentCompanies(companyIds: number[]): Promise<void> {
    return running().setCurrentCompanies(companyIds);
  },
  /** `Make available offline`. */
  preloadCompanies(companyIds: number[]): Promise<void> {
    return running().preload(companyIds);
  },
  /** `Remove offline copy`. */
  evictCompany(companyId: number): Promise<EvictResult> {
    return running().evict(companyId);
  },
  /** The engine's state (per company rows, backoff, pause, storage). */
  status(): Promise<EngineStatus> {
    return running().status();
  },
  /** The page's `online` / `offline` events. */
  notifyOnline(isOnline: boolean): void {
    engine?.setOnline(isOnline);
  },
  /** The page's window got focus. */
  notifyFocus(): void {
    engine?.notifyFocus();
  },
  /** Stops syncing and closes the database (logout deletes it next). */
  stop(): Promise<void> {
    return shutDown();
  },
};

/** The worker's API type, for `Comlink.wrap<SyncApi>()`. */
export type SyncApi = typeof api;

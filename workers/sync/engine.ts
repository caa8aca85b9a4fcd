// The sync engine: push then pull per company, on the scheduler's triggers, with pauses for a full device
// and an expired session. Every dependency is injected, so Node tests drive it against the real server.
import { ACTIVE_STATUSES, DEFAULT_BACKOFF, totalRows } from '../../src/domain/sync';
import type { BackoffOptions } from '../../src/domain/sync';
import { evictKeptFilesOf } from '../../src/db/keptFiles';
import { resetSending } from '../../src/db/outboxReplay';
import type { AppDb } from '../../src/db/schema';
import type { SyncStateRow } from '../../src/db/syncRows';
import { clearCompany } from './apply';
import { SyncFailure, verdictOf } from './errors';
import type { FailureVerdict } from './errors';
import { createRecordFetcher } from './companyRecord';
import { createHttpClient } from './http';
import { syncCompany, updateSyncState } from './job';
import { newSyncState } from './pull';
import { createScheduler, realTimers } from './schedule';
import type { JobOutcome, Timers } from './schedule';
import { readStorage, requestPersistence } from './storage';
import type { StorageManagerLike } from './storage';
import type { CompanyStatus, EngineStatus, EvictResult, PauseReason, StorageInfo, SyncEvent } from './types';
import { watchOutbox } from './watch';

/**
 * Rows per change-feed page: the feed's maximum. Fewer, larger pages halve the pull time of a big company
 * (bench/README.md); a 5,000-row page is a few MB of JSON, which a worker parses without harm.
 */
const DEFAULT_PAGE_SIZE = 5000;

/** What the engine is built from. */
export interface SyncEngineOptions {
  db: AppDb;
  fetch: typeof fetch;
  baseUrl: string;
  getToken: () => Promise<string | null> | string | null;
  refreshToken: () => Promise<string | null>;
  onEvent: (event: SyncEvent) => void;
  now?: () => number;
  random?: () => number;
  timers?: Timers;
  storage?: StorageManagerLike;
  isOnline?: boolean;
  pageSize?: number;
  timeoutMs?: number;
  backoff?: BackoffOptions;
  intervalMs?: number;
  focusMinIntervalMs?: number;
  /** Push writes queued in any tab as they appear (the worker sets it; tests drive pushes themselves). */
  watchOutbox?: boolean;
}

/** The engine. */
export interface SyncEngine {
  /** Starts syncing the given (current) companies and every company kept offline. */
  start(companyIds: readonly number[]): Promise<void>;
  /** The companies the user works in now (a consultant switched); offline companies stay synced too. */
  setCurrentCompanies(companyIds: readonly number[]): Promise<void>;
  /** Syncs one company (tracking it as current if new) or all, now, whatever the backoff or pause. */
  syncNow(companyId?: number): Promise<void>;
  /** Keeps companies available offline and syncs them. */
  preload(companyIds: readonly number[]): Promise<void>;
  /** Removes a company's offline copy, unless it has queued writes or is a current company. */
  evict(companyId: number): Promise<EvictResult>;
  status(): Promise<EngineStatus>;
  setToken(token: string | null): void;
  setOnline(isOnline: boolean): void;
  notifyFocus(): void;
  stop(): Promise<void>;
}

/** Creates an engine; nothing happens before `start`. */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const now = options.now ?? Date.now;
  const current = new Set<number>();
  const offline = new Set<number>();
  // Companies neither current nor offline that still have queued writes: pushed, not pulled.
  const withWrites = new Set<number>();
  const verdicts = new Map<number, FailureVerdict>();
  let isOnline = options.isOnline ?? true;
  let isRunning = false;
  let paused: { reason: PauseReason; message: string } | null = null;
  let storage: StorageInfo | null = null;
  let persisted: boolean | null = null;
  let unwatch: (() => void) | null = null;

  const emit = (event: SyncEvent) => {
    try {
      options.onEvent(event);
    } catch {
      // A listener that went away (closed tab) must not break sync.
    }
  };
  const http = createHttpClient({
    fetch: options.fetch,
    baseUrl: options.baseUrl,
    getToken: options.getToken,
    refreshToken: options.refreshToken,
    timeoutMs: options.timeoutMs ?? 30_000,
  });
  const isKept = (companyId: number) => current.has(companyId) || offline.has(companyId);
  const tracked = () => [...new Set([...current, ...offline])];
  const updateState = (companyId: number, patch: Partial<SyncStateRow>) =>
    updateSyncState(db, companyId, patch);
  const activeWrites = (companyId: number) =>
    db.outbox
      .where('[companyId+status]')
      .anyOf(ACTIVE_STATUSES.map((status) => [companyId, status]))
      .count();

  const pause = (reason: PauseReason, message: string) => {
    if (paused?.reason === reason) return;
    paused = { reason, message };
    emit({ type: 'paused', reason, message });
  };
  const resume = () => {
    if (!paused) return;
    paused = null;
    emit({ type: 'resumed' });
  };

  const refreshStorage = async () => {
    storage = await readStorage(options.storage, persisted);
    if (storage) emit({ type: 'storage', storage });
  };

  // One job at a time (the scheduler's loop); evictions take the same turn so they never race a pull.
  let turn: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work, work);
    turn = result.catch(() => undefined);
    return result;
  };

  const runJob = (companyId: number): Promise<JobOutcome> =>
    serially(async () => {
      if (paused) return 'paused';
      const isPushOnly = !isKept(companyId);
      if (isPushOnly && !withWrites.has(companyId)) return 'done';
      if (!isPushOnly) await updateState(companyId, { status: 'syncing' });
      try {
        // A company whose record the server just refused (not this user's) has no feed to ask either.
        if (!isPushOnly && (await records.outcomeOf(companyId)) === 'unreachable')
          throw new SyncFailure('unreachable', `Company ${companyId} is not available to this user`, false);
        await syncCompany(
          { db, http, emit, now, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE },
          companyId,
          !isPushOnly,
        );
        verdicts.delete(companyId);
        if (isPushOnly && (await activeWrites(companyId)) === 0) withWrites.delete(companyId);
        await refreshStorage();
        return 'done';
      } catch (error) {
        const verdict = verdictOf(error);
        verdicts.set(companyId, verdict);
        if (!isPushOnly)
          await updateState(companyId, {
            status: verdict.pause ? 'paused' : 'error',
            error: verdict.message,
            errorCode: verdict.code,
          });
        if (verdict.pause) {
          pause(verdict.pause, verdict.message);
          emit({ type: 'error', companyId, code: verdict.code, message: verdict.message, retryInMs: null });
          return 'paused';
        }
        // Retryable failures are reported once the scheduler has picked the delay.
        if (!verdict.isRetryable)
          emit({ type: 'error', companyId, code: verdict.code, message: verdict.message, retryInMs: null });
        return verdict.isRetryable ? 'retry' : 'failed';
      }
    });

  const scheduler = createScheduler({
    run: runJob,
    companies: () => [...new Set([...tracked(), ...withWrites])],
    isOnline: () => isOnline,
    isPaused: () => paused !== null,
    now,
    random: options.random ?? Math.random,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    timers: options.timers ?? realTimers,
    intervalMs: options.intervalMs ?? 5 * 60_000,
    focusMinIntervalMs: options.focusMinIntervalMs ?? 30_000,
    onRetryScheduled: (companyId, delayMs) => {
      const verdict = verdicts.get(companyId);
      if (verdict)
        emit({ type: 'error', companyId, code: verdict.code, message: verdict.message, retryInMs: delayMs });
    },
  });

  // A company the user opens needs its record now, not when its pull reaches it: fetched beside the job queue.
  const records = createRecordFetcher(db, http);
  const ensureRecords = (companyIds: Iterable<number>) => {
    if (isOnline && isRunning) records.ensure(companyIds);
  };

  const track = async (companyIds: readonly number[], isOfflineCopy: boolean) => {
    await db.transaction('rw', db.syncState, async () => {
      for (const id of companyIds) {
        const state = await db.syncState.get(id);
        if (!state) await db.syncState.put(newSyncState(id, isOfflineCopy));
        else if (isOfflineCopy && !state.isOffline) await db.syncState.put({ ...state, isOffline: true });
      }
    });
    for (const id of companyIds) (isOfflineCopy ? offline : current).add(id);
  };

  const companyStatus = (state: SyncStateRow): CompanyStatus => ({
    companyId: state.companyId,
    status: state.status,
    isOffline: state.isOffline,
    isCurrent: current.has(state.companyId),
    lastSyncAt: state.lastSyncAt,
    error: state.error,
    rows: totalRows(state.rowCounts),
    bytes: state.bytes,
    ...scheduler.info(state.companyId),
  });

  return {
    async start(companyIds) {
      isRunning = true;
      await resetSending(db);
      for (const state of await db.syncState.toArray()) if (state.isOffline) offline.add(state.companyId);
      const queued = await db.outbox
        .where('status')
        .anyOf([...ACTIVE_STATUSES])
        .toArray();
      for (const entry of queued) withWrites.add(entry.companyId);
      await track(companyIds, false);
      ensureRecords(companyIds);
      persisted = await requestPersistence(options.storage);
      await refreshStorage();
      scheduler.start();
      void scheduler.requestAll('start');
      if (options.watchOutbox) {
        unwatch = watchOutbox(db, (companyIds) => {
          for (const id of companyIds) {
            withWrites.add(id);
            void scheduler.request(id, 'write');
          }
        });
      }
    },
    async setCurrentCompanies(companyIds) {
      current.clear();
      await track(companyIds, false);
      ensureRecords(companyIds);
      await Promise.all(companyIds.map((id) => scheduler.request(id, 'start')));
    },
    async syncNow(companyId) {
      resume();
      if (companyId === undefined) return scheduler.requestAll('manual');
      if (!current.has(companyId) && !offline.has(companyId)) await track([companyId], false);
      ensureRecords([companyId]);
      await scheduler.request(companyId, 'manual');
    },
    async preload(companyIds) {
      await track(companyIds, true);
      await Promise.all(companyIds.map((id) => scheduler.request(id, 'preload')));
    },
    evict: (companyId) =>
      serially(async (): Promise<EvictResult> => {
        const active = await activeWrites(companyId);
        const isCurrent = current.has(companyId);
        // Queued writes must still go out: the copy stays, offline flag and all, until they are sent.
        if (active > 0) return { evicted: false, pendingWrites: active, isCurrent };
        offline.delete(companyId);
        if (isCurrent) {
          await updateState(companyId, { isOffline: false });
          return { evicted: false, pendingWrites: 0, isCurrent };
        }
        scheduler.forget(companyId);
        await clearCompany(db, companyId);
        // Files kept from this company go with its copy (docs/architecture.md §15).
        await evictKeptFilesOf(db, companyId);
        await db.syncState.delete(companyId);
        // Space was freed: a sync paused on a full disk may go on.
        if (paused?.reason === 'quota') {
          resume();
          void scheduler.requestAll('resume');
        }
        await refreshStorage();
        return { evicted: true, pendingWrites: 0, isCurrent };
      }),
    async status() {
      const ids = tracked();
      const states = await db.syncState.bulkGet(ids);
      const companies = ids.map((id, i) => companyStatus(states[i] ?? newSyncState(id)));
      return { isRunning, isOnline, paused, storage, companies };
    },
    setToken(token) {
      http.setToken(token);
      if (token && paused?.reason === 'auth') {
        resume();
        void scheduler.requestAll('resume');
      }
    },
    setOnline(next) {
      isOnline = next;
      if (!next) return;
      ensureRecords(current);
      void scheduler.requestAll('online');
    },
    notifyFocus() {
      void scheduler.requestAll('focus');
    },
    async stop() {
      isRunning = false;
      unwatch?.();
      unwatch = null;
      await scheduler.stop();
      await Promise.all([turn, records.settled()]);
    },
  };
}

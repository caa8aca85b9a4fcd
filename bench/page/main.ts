// The bench page: served by the real server (SPA_DIR) so it shares the API's origin, driven by
// bench/sync.bench.ts through `window.bench`. The sync runs in the app's own worker; the page only waits,
// watches its main thread and reports.
import { proxy, releaseProxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import { spawnSyncWorker, startSyncWorker } from '../../src/sync/client';
import type { EngineStatus, SyncEvent, TokenSource } from '../../workers/sync/api';
import type { BenchEngineApi } from './engine.worker';
import type { RawWorkerApi } from './raw.worker';
import { calibrateLongTasks, watchMainThread } from './mainThread';
import type { BenchPageApi, MainThreadFigures, PullOptions, SyncRunResult } from './protocol';

const PROGRESS_EVERY_MS = 2000;

let accessToken: string | null = null;

async function postJson(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

function tokenOf(answer: unknown): string {
  if (
    typeof answer === 'object' &&
    answer !== null &&
    'accessToken' in answer &&
    typeof answer.accessToken === 'string'
  )
    return answer.accessToken;
  throw new Error('The sign-in answered no access token (two-factor user?)');
}

function currentToken(): string {
  if (!accessToken) throw new Error('Not signed in');
  return accessToken;
}

/** The main thread owns the session, as in the app: the worker asks for tokens and refreshes. */
const tokens: TokenSource = {
  getToken: () => Promise.resolve(accessToken),
  async refresh() {
    accessToken = tokenOf(await postJson('/api/refresh'));
    return accessToken;
  },
};

function report(phase: string, rows: number, bytes: number, elapsedMs: number): void {
  void window.benchProgress?.({ phase, rows, bytes, elapsedMs }).catch(() => undefined);
}

/** The worker a pull runs in: the app's real sync worker, or the bench worker with another page size. */
interface SyncHandle {
  kind: string;
  pageSize: number | null;
  dbName: string;
  syncNow(companyId: number): Promise<void>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}

/** Waits for one company's `synced` event; sync errors fail the bench instead of retrying behind its back. */
interface RunWatch {
  done: Promise<void>;
  onEvent(event: SyncEvent): void;
  last: { rows: number; bytes: number; pages: number; elapsedMs: number };
  synced: { pulledRows: number; bytes: number } | null;
}

function watchRun(companyId: number, phase: string): RunWatch {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const done = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  let reportedAt = 0;
  const watch: RunWatch = {
    done,
    last: { rows: 0, bytes: 0, pages: 0, elapsedMs: 0 },
    synced: null,
    onEvent(event) {
      if (event.type === 'progress' && event.companyId === companyId) {
        watch.last = { rows: event.rows, bytes: event.bytes, pages: event.pages, elapsedMs: event.elapsedMs };
        if (event.elapsedMs - reportedAt >= PROGRESS_EVERY_MS) {
          reportedAt = event.elapsedMs;
          report(phase, event.rows, event.bytes, event.elapsedMs);
        }
      } else if (event.type === 'synced' && event.companyId === companyId) {
        watch.synced = { pulledRows: event.pulledRows, bytes: event.bytes };
        resolve();
      } else if (event.type === 'error' || event.type === 'paused') {
        reject(new Error(`Sync ${event.type}: ${event.message}`));
      }
    },
  };
  return watch;
}

let sync: SyncHandle | null = null;
let watch: RunWatch | null = null;

async function startSync(options: PullOptions, onEvent: (event: SyncEvent) => void): Promise<SyncHandle> {
  const start = {
    userId: options.localUserId,
    baseUrl: location.origin,
    companyIds: [options.companyId],
    isOnline: navigator.onLine,
  };
  const dbName = `get-portal-u${options.localUserId}`;
  if (options.pageSize === null) {
    const worker = spawnSyncWorker();
    await startSyncWorker(worker, start, tokens, onEvent);
    return {
      kind: 'real worker',
      pageSize: null,
      dbName,
      syncNow: (companyId) => worker.api.syncNow(companyId),
      status: () => worker.api.status(),
      close: () => worker.close(),
    };
  }
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'bench-sync',
  });
  const api = wrap<BenchEngineApi>(worker);
  await api.start({ ...start, pageSize: options.pageSize }, proxy(tokens), proxy(onEvent));
  return {
    kind: 'bench worker',
    pageSize: options.pageSize,
    dbName,
    syncNow: (companyId) => api.syncNow(companyId),
    status: () => api.status(),
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

async function finishRun(
  handle: SyncHandle,
  run: RunWatch,
  companyId: number,
  started: number,
  mainThread: { stop(): Promise<MainThreadFigures> },
): Promise<SyncRunResult> {
  await run.done;
  const wallMs = performance.now() - started;
  const figures = await mainThread.stop();
  const status = await handle.status();
  const rows = run.synced?.pulledRows ?? run.last.rows;
  return {
    worker: handle.kind,
    pageSize: handle.pageSize,
    rows,
    bytes: run.synced?.bytes ?? run.last.bytes,
    pages: run.last.pages,
    wallMs: Math.round(wallMs),
    pullMs: Math.round(run.last.elapsedMs),
    rowsPerSec: Math.round(rows / (wallMs / 1000)),
    localRows: status.companies.find((company) => company.companyId === companyId)?.rows ?? 0,
    mainThread: figures,
  };
}

let rawWorker: Remote<RawWorkerApi> | null = null;

function raw() {
  rawWorker ??= wrap<RawWorkerApi>(
    new Worker(new URL('./raw.worker.ts', import.meta.url), { type: 'module', name: 'bench-raw' }),
  );
  return rawWorker;
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`));
    request.onblocked = () => resolve();
  });
}

const bench: BenchPageApi = {
  async login(email, password) {
    accessToken = tokenOf(await postJson('/api/login', { email, password }));
  },

  calibrateLongTasks,

  async raw(companyId, rows, batchRows, withIndexes) {
    const mainThread = watchMainThread();
    const result = await raw().raw(companyId, currentToken(), rows, batchRows, withIndexes);
    return { ...result, mainThread: await mainThread.stop() };
  },

  feedOnly(companyId, pageSize) {
    return raw().feedOnly(companyId, currentToken(), pageSize);
  },

  async pull(options) {
    if (sync) throw new Error('closeSync() the previous pull first');
    await deleteDatabase(`get-portal-u${options.localUserId}`);
    const run = watchRun(options.companyId, 'pull');
    watch = run;
    const mainThread = watchMainThread();
    const started = performance.now();
    // Events may arrive before start() returns; `watch` is set first so none is missed.
    sync = await startSync(options, (event) => watch?.onEvent(event));
    return finishRun(sync, run, options.companyId, started, mainThread);
  },

  async resync(companyId) {
    if (!sync) throw new Error('pull() first');
    const run = watchRun(companyId, 're-sync');
    watch = run;
    const mainThread = watchMainThread();
    const started = performance.now();
    await sync.syncNow(companyId);
    return finishRun(sync, run, companyId, started, mainThread);
  },

  async closeSync() {
    if (!sync) return;
    const { dbName } = sync;
    await sync.close();
    sync = null;
    watch = null;
    await deleteDatabase(dbName);
  },
};

window.bench = bench;
document.body.dataset.ready = 'true';

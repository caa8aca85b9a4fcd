// What the bench page and the orchestrator (bench/sync.bench.ts) exchange. Types only: the orchestrator
// imports this file into its Node program, so nothing here may touch the DOM at run time.

/** Main-thread responsiveness during one phase. */
export interface MainThreadFigures {
  /** Longest 'longtask' entry (≥ 50 ms by definition), 0 when there was none. */
  longestTaskMs: number;
  longTasks: number;
  /** Worst lateness of a 20 ms interval timer: sees stalls below the 50 ms long-task threshold too. */
  maxTimerLagMs: number;
}

/** Plain IndexedDB writes of bill-shaped rows from a worker (the reference of docs/architecture.md §9). */
export interface RawWriteResult {
  rows: number;
  batchRows: number;
  batches: number;
  ms: number;
  rowsPerSec: number;
  /** Average JSON size of the template rows (the feed's bill rows, as served). */
  rowJsonBytes: number;
  /** Indexes of the object store: the same as the app's `bills` table, so both pay the same index upkeep. */
  indexes: string[];
  mainThread: MainThreadFigures;
}

/** Fetching and parsing the whole feed in a worker without storing anything: what the network and server allow. */
export interface FeedOnlyResult {
  pageSize: number;
  rows: number;
  bytes: number;
  pages: number;
  ms: number;
  rowsPerSec: number;
}

/** One sync run of the engine (a full pull or a re-sync), timed from the page. */
export interface SyncRunResult {
  /** `real worker` (workers/sync.worker.ts as the app spawns it) or `bench worker` (same engine, other page size). */
  worker: string;
  /** Null: the engine's default (the real worker takes no page size); the orchestrator logs the `limit` sent. */
  pageSize: number | null;
  rows: number;
  bytes: number;
  pages: number;
  /** From the request to the `synced` event, as the user waits for it. */
  wallMs: number;
  /** The pull loop alone, from the engine's last progress event (excludes opening the database and the push). */
  pullMs: number;
  rowsPerSec: number;
  /** Rows the engine counts locally after the run. */
  localRows: number;
  mainThread: MainThreadFigures;
}

/** Options of a full pull. */
export interface PullOptions {
  companyId: number;
  /** Names the fresh local database (`get-portal-u{id}`); the server identifies the user by the token. */
  localUserId: number;
  /** Null: the real sync worker with the engine's default page size. */
  pageSize: number | null;
}

/** Progress lines the page forwards to the orchestrator's console. */
export interface BenchProgress {
  phase: string;
  rows: number;
  bytes: number;
  elapsedMs: number;
}

/** What the page exposes on `window.bench` once loaded. */
export interface BenchPageApi {
  /** Signs in (the orchestrator passes the demo credentials). */
  login(email: string, password: string): Promise<void>;
  /** Checks that 'longtask' entries are observed at all (a deliberate 80 ms busy loop). */
  calibrateLongTasks(): Promise<number>;
  raw(companyId: number, rows: number, batchRows: number, withIndexes: boolean): Promise<RawWriteResult>;
  feedOnly(companyId: number, pageSize: number): Promise<FeedOnlyResult>;
  /** Starts a sync worker on a fresh database and waits for the first full pull to finish. */
  pull(options: PullOptions): Promise<SyncRunResult>;
  /** `Sync now` on the worker of the last pull, waiting for its `synced` event. */
  resync(companyId: number): Promise<SyncRunResult>;
  /** Stops the worker of the last pull and deletes its database. */
  closeSync(): Promise<void>;
}

declare global {
  interface Window {
    bench?: BenchPageApi;
    /** Installed by the orchestrator with `page.exposeFunction`. */
    benchProgress?: (progress: BenchProgress) => Promise<void>;
  }
}

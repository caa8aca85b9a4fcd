// Types shared by the engine and its API. The UI sees them only through workers/sync/api.ts.
import type { CompanySyncStatus, SyncErrorCode } from '../../src/db/syncRows';

export type { SyncErrorCode };

/** Why a sync was asked for; automatic reasons respect backoff and the offline state, manual ones do not. */
export type SyncReason =
  'start' | 'resume' | 'manual' | 'online' | 'focus' | 'interval' | 'retry' | 'write' | 'preload';

/** Why the engine stopped syncing until something changes. */
export type PauseReason = 'quota' | 'auth';

/** Storage figures of the origin (navigator.storage.estimate), when the browser gives them. */
export interface StorageInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

/** Events the engine sends to the UI (through a Comlink.proxy callback). */
export type SyncEvent =
  | {
      type: 'progress';
      companyId: number;
      /** Rows applied and bytes received so far in this pull. */
      rows: number;
      bytes: number;
      pages: number;
      elapsedMs: number;
      /** Estimated time left; null when there is nothing to estimate from (first pull). */
      etaMs: number | null;
      isFullPull: boolean;
      /** The bills still to come in a full pull, as the feed said with this page (`ChangePage.pendingBills`). */
      pendingBills: string | null;
    }
  | { type: 'synced'; companyId: number; pushed: number; pulledRows: number; bytes: number; at: string }
  | { type: 'reset'; companyId: number }
  | { type: 'conflict'; companyId: number; seq: number; entity: string; entityId: string | number }
  | {
      type: 'rejected' | 'setAside';
      companyId: number;
      seq: number;
      entity: string;
      entityId: string | number;
      reason: string;
    }
  | {
      type: 'error';
      companyId: number | null;
      code: SyncErrorCode;
      message: string;
      retryInMs: number | null;
    }
  | { type: 'paused'; reason: PauseReason; message: string }
  | { type: 'resumed' }
  | { type: 'storage'; storage: StorageInfo };

/** One company as the engine sees it. */
export interface CompanyStatus {
  companyId: number;
  status: CompanySyncStatus;
  isOffline: boolean;
  isCurrent: boolean;
  lastSyncAt: string | null;
  error: string | null;
  rows: number;
  bytes: number;
  /** Consecutive failures behind the current backoff; 0 when healthy. */
  failures: number;
  nextRetryAt: number | null;
}

/** The engine's state for the UI. */
export interface EngineStatus {
  isRunning: boolean;
  isOnline: boolean;
  paused: { reason: PauseReason; message: string } | null;
  companies: CompanyStatus[];
  storage: StorageInfo | null;
}

/** What `evict` did: a company with queued writes keeps its copy (and stays synced) until they are sent. */
export interface EvictResult {
  evicted: boolean;
  pendingWrites: number;
  /** A current company keeps its data (the user works in it); only its offline flag is cleared. */
  isCurrent: boolean;
}

/** How the engine gets access tokens; the main thread owns the session, the worker only asks. */
export interface TokenSource {
  getToken(): Promise<string | null>;
  /** Refreshes the session and returns the new access token, or null when the user must log in again. */
  refresh(): Promise<string | null>;
}

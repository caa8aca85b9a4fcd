import { atom } from 'jotai';
import type { PauseReason, StorageInfo, SyncEvent } from '../../workers/sync/api';

/** A company's pull in progress, from the worker's progress events. */
export interface PullProgress {
  rows: number;
  bytes: number;
  etaMs: number | null;
  isFullPull: boolean;
}

/** What the top bar and the Sync panel show besides the local database's own bookkeeping. */
export interface SyncUiState {
  isLeader: boolean;
  progress: Record<number, PullProgress>;
  lastError: { companyId: number | null; message: string; retryInMs: number | null } | null;
  paused: { reason: PauseReason; message: string } | null;
  storage: StorageInfo | null;
}

/** Sync status of this tab (UI state only; rows stay in the database). */
export const syncUiAtom = atom<SyncUiState>({
  isLeader: false,
  progress: {},
  lastError: null,
  paused: null,
  storage: null,
});

/** Folds one worker event into the UI state. */
export function reduceSyncEvent(state: SyncUiState, event: SyncEvent): SyncUiState {
  switch (event.type) {
    case 'progress':
      return {
        ...state,
        progress: {
          ...state.progress,
          [event.companyId]: {
            rows: event.rows,
            bytes: event.bytes,
            etaMs: event.etaMs,
            isFullPull: event.isFullPull,
          },
        },
      };
    case 'synced': {
      const progress = { ...state.progress };
      delete progress[event.companyId];
      const lastError = state.lastError?.companyId === event.companyId ? null : state.lastError;
      return { ...state, progress, lastError };
    }
    case 'error': {
      const progress = { ...state.progress };
      if (event.companyId !== null) delete progress[event.companyId];
      return {
        ...state,
        progress,
        lastError: { companyId: event.companyId, message: event.message, retryInMs: event.retryInMs },
      };
    }
    case 'paused':
      return { ...state, paused: { reason: event.reason, message: event.message } };
    case 'resumed':
      return { ...state, paused: null };
    case 'storage':
      return { ...state, storage: event.storage };
    case 'reset':
    case 'conflict':
    case 'rejected':
    case 'setAside':
      return state;
  }
}

import { useSyncExternalStore } from 'react';
import type { AppFilesState } from '../domain/offlineReadiness';

let state: AppFilesState =
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? 'saving'
    : 'none';
const listeners = new Set<() => void>();

// `ready` resolves once a registration has an active worker, i.e. after its install stored every precached file
// (workbox-precaching fails the install otherwise); a worker already active from an earlier visit resolves at once.
if (state === 'saving')
  void navigator.serviceWorker.ready.then(() => {
    state = 'saved';
    for (const listener of listeners) listener();
  });

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Whether the app's own files are saved on this device for an offline start (src/domain/offlineReadiness.ts). */
export function useAppFiles(): AppFilesState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

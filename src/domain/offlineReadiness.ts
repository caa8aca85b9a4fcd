// When a company can be used without a network (docs/architecture.md §4): its data has arrived (a first sync has
// finished) and the app's own files are saved by the service worker. Either alone is not enough: with the data but not
// the files, a reload offline gets the browser's offline page; with the files but not the data, the pages are empty.

/**
 * The app's files on this device: `saved` once the service worker is active (Workbox activates it only after every
 * precached file is stored), `saving` while it installs, `none` where no service worker runs (development builds,
 * browsers without one) and so nothing is to wait for.
 */
export type AppFilesState = 'saved' | 'saving' | 'none';

/** What a company on this device still lacks to work offline: nothing, the app's files, or its data. */
export type OfflineReadiness = 'ready' | 'appFiles' | 'data';

/** Whether a company whose last finished sync is `lastSyncAt` works offline now, and if not what it waits for. */
export function offlineReadiness(appFiles: AppFilesState, lastSyncAt: string | null): OfflineReadiness {
  if (lastSyncAt === null) return 'data';
  return appFiles === 'saving' ? 'appFiles' : 'ready';
}

import { registerSW } from 'virtual:pwa-register';
import { announceUpdate } from './updateState';

/** How often an open tab asks the server whether a new build was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let registered = false;

/**
 * Registers the service worker (production builds only) from this bundled module, never an inline
 * script (CSP). Prompt mode: a new worker waits until the user confirms the update prompt.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || registered || !('serviceWorker' in navigator)) return;
  registered = true;
  // Registers after the window's load event, so precaching never competes with the first load.
  const updateSW = registerSW({
    onNeedRefresh() {
      // Sends SKIP_WAITING to the waiting worker; the page reloads when it takes control.
      announceUpdate(() => updateSW(true));
    },
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (!navigator.onLine || registration.installing) return;
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
}

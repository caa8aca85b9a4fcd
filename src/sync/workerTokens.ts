import type { RefreshOutcome } from '../session/flows';

/**
 * The worker's token refresh over the session's: a fresh token, null when the session is over (the worker pauses
 * sync until the next sign-in), and a thrown error when the server could not be reached — the worker retries that
 * like any network failure. Answering null offline would read as a logout: after a reload made offline, sync would
 * stay paused once the network returned, with queued writes never sent.
 */
export function workerTokenRefresh(
  refreshSession: () => Promise<RefreshOutcome>,
  currentToken: () => string | null,
): () => Promise<string | null> {
  return async () => {
    const outcome = await refreshSession();
    if (outcome === 'unauthorized') return null;
    if (outcome === 'offline') throw new Error('the server could not be reached to refresh the session');
    return currentToken();
  };
}

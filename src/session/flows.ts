import { appStore } from './store';
import { post, setAuthProvider } from '../api/http';
import type { ApiErrorBody } from '../api/http';
import {
  accessTokenAtom,
  isAuthorizedAtom,
  rememberSignedInAs,
  sessionAtom,
  TOKEN_LIFETIME_MS,
  tokenExpiryAtom,
} from './atoms';
import { decodeAccessToken } from './claims';

/** What a sign-in step ends with. */
export type SignInOutcome =
  | { kind: 'signedIn' }
  | { kind: 'twoFactor'; challenge: string }
  | { kind: 'error'; error: ApiErrorBody; status: number };

/** What a refresh ends with: a new token, a dead session, or no network (keep working offline). */
export type RefreshOutcome = 'ok' | 'unauthorized' | 'offline';

const REFRESH_LOCK = 'get-session-refresh';

/** Stores a new access token: memory for the token, claims for the shell, expiry 9 minutes out. */
export function applyAccessToken(token: string): boolean {
  const session = decodeAccessToken(token);
  if (!session) return false;
  appStore.set(accessTokenAtom, token);
  appStore.set(tokenExpiryAtom, Date.now() + TOKEN_LIFETIME_MS);
  appStore.set(sessionAtom, session);
  appStore.set(isAuthorizedAtom, true);
  return true;
}

/** Forgets the session in this tab (token, claims, authorized flag). */
export function clearSession(): void {
  appStore.set(accessTokenAtom, null);
  appStore.set(tokenExpiryAtom, null);
  appStore.set(isAuthorizedAtom, false);
}

function tokenOutcome(data: unknown): SignInOutcome {
  if (typeof data === 'object' && data !== null) {
    const body = data as { accessToken?: unknown; twoFactorRequired?: unknown; challenge?: unknown };
    if (body.twoFactorRequired === true && typeof body.challenge === 'string')
      return { kind: 'twoFactor', challenge: body.challenge };
    if (typeof body.accessToken === 'string' && applyAccessToken(body.accessToken))
      return { kind: 'signedIn' };
  }
  return {
    kind: 'error',
    status: 500,
    error: { code: 'bad_answer', message: 'The server sent an unexpected answer.' },
  };
}

/** `POST /api/login`: signs in, or asks for the two-factor code. */
export async function login(email: string, password: string): Promise<SignInOutcome> {
  const result = await post<unknown>('/login', { email, password }, { skipAuth: true });
  if (!result.ok) return { kind: 'error', error: result.error, status: result.status };
  // Remembered for a two-factor step too: the code completes this same sign-in.
  rememberSignedInAs(email.trim());
  return tokenOutcome(result.data);
}

/** `POST /api/verify2fa`: the second step, with the challenge and code as query parameters (spec). */
export async function verifyTwoFactor(challenge: string, code: string): Promise<SignInOutcome> {
  const result = await post<unknown>('/verify2fa', undefined, {
    skipAuth: true,
    params: { challenge, code },
  });
  return result.ok
    ? tokenOutcome(result.data)
    : { kind: 'error', error: result.error, status: result.status };
}

/** Signs in with an access token the SSO exchange returned. */
export function completeSsoSignIn(data: unknown): SignInOutcome {
  return tokenOutcome(data);
}

async function refreshOnce(): Promise<RefreshOutcome> {
  const result = await post<unknown>('/refresh', undefined, { skipAuth: true });
  if (result.ok) return tokenOutcome(result.data).kind === 'signedIn' ? 'ok' : 'unauthorized';
  if (result.status === 401 || result.status === 403) {
    clearSession();
    return 'unauthorized';
  }
  return 'offline';
}

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Refreshes the access token, one at a time across this tab, its worker and other tabs: the refresh
 * cookie rotates on every use, so two concurrent refreshes would look like token theft to the server.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  // Offline there is no server to ask: the call could only fail (and log a failed request on every page). The
  // session stays as it is and the next call online refreshes it (docs/architecture.md §5).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve('offline');
  refreshing ??= (async () => {
    try {
      const locks =
        typeof navigator !== 'undefined' ? (navigator.locks as LockManager | null | undefined) : undefined;
      if (locks) return await locks.request(REFRESH_LOCK, () => refreshOnce());
      return await refreshOnce();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** The spec's rule before a call: when authorized and the expiry passed, refresh first. */
export async function tokenForCall(): Promise<string | null> {
  if (appStore.get(isAuthorizedAtom)) {
    const expiry = appStore.get(tokenExpiryAtom);
    if (expiry === null || Date.now() >= expiry) await refreshSession();
  }
  return appStore.get(accessTokenAtom);
}

setAuthProvider({ tokenForCall });

/** `POST /api/logout`, then forget the session here. The caller reloads the page (spec). */
export async function logout(): Promise<void> {
  await post('/logout');
  clearSession();
  rememberSignedInAs(null);
  appStore.set(sessionAtom, null);
}

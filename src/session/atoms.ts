import { atom } from 'jotai';
import type { SessionInfo } from './claims';
import { sessionRoles } from './claims';

/** The spec counts an access token as valid for 9 minutes from issue (the server issues 10). */
export const TOKEN_LIFETIME_MS = 9 * 60 * 1000;

const AUTHORIZED_KEY = 'isAuthorized';
const SESSION_KEY = 'get-session';
const SSO_PATH_KEY = 'get-sso-login-path';

const SIGNED_IN_AS_KEY = 'get-signed-in-as';

/**
 * The email the user signed in with on this device, for forms that start with the signed-in user (a ticket's
 * "Requested by"); empty after an SSO sign-in, which names no email here. Not a claim: nothing is decided by it.
 */
export function signedInAs(): string {
  try {
    return localStorage.getItem(SIGNED_IN_AS_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Remembers (or, with null, forgets) the email of the signed-in user. */
export function rememberSignedInAs(email: string | null): void {
  try {
    if (email) localStorage.setItem(SIGNED_IN_AS_KEY, email);
    else localStorage.removeItem(SIGNED_IN_AS_KEY);
  } catch {
    // Storage full or blocked: the form starts empty.
  }
}

/** The access token: memory only, never written to storage (docs/architecture.md §5). */
export const accessTokenAtom = atom<string | null>(null);

/** When the current token stops counting as valid (ms since epoch). */
export const tokenExpiryAtom = atom<number | null>(null);

function readStoredSession(): SessionInfo | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionInfo>;
    if (
      typeof parsed.userId !== 'number' ||
      typeof parsed.companyId !== 'number' ||
      !Array.isArray(parsed.roleClaim)
    )
      return null;
    return { userId: parsed.userId, companyId: parsed.companyId, roleClaim: parsed.roleClaim };
  } catch {
    return null;
  }
}

const sessionBaseAtom = atom<SessionInfo | null>(readStoredSession());

/**
 * Who is signed in. Kept in localStorage (claims only, no token) so the app can open offline on
 * local data after a reload, before a refresh is possible.
 */
export const sessionAtom = atom(
  (get) => get(sessionBaseAtom),
  (_get, set, session: SessionInfo | null) => {
    set(sessionBaseAtom, session);
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  },
);

/** Roles of the signed-in user (null when signed out). */
export const rolesAtom = atom((get) => {
  const session = get(sessionAtom);
  return session ? sessionRoles(session) : null;
});

const authorizedBaseAtom = atom<boolean>(localStorage.getItem(AUTHORIZED_KEY) === 'true');

/** The spec's `isAuthorized` flag, kept in localStorage. */
export const isAuthorizedAtom = atom(
  (get) => get(authorizedBaseAtom),
  (_get, set, value: boolean) => {
    set(authorizedBaseAtom, value);
    if (value) localStorage.setItem(AUTHORIZED_KEY, 'true');
    else localStorage.removeItem(AUTHORIZED_KEY);
  },
);

/** The SSO login path a user came through, so a signed-out user returns there (spec 000 §4). */
export function storedSsoLoginPath(): string | null {
  return localStorage.getItem(SSO_PATH_KEY);
}

/** Remembers (or forgets) the SSO login path. */
export function storeSsoLoginPath(path: string | null): void {
  if (path) localStorage.setItem(SSO_PATH_KEY, path);
  else localStorage.removeItem(SSO_PATH_KEY);
}

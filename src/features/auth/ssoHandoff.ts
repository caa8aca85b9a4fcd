// The SSO round trip leaves the app (IdP pages), so the route the user wanted waits in sessionStorage.

const FROM_KEY = 'get-sso-from';

/** Remembers where to go once the SSO exchange finishes (this tab only). */
export function rememberSsoDestination(path: string): void {
  try {
    if (path === '/') sessionStorage.removeItem(FROM_KEY);
    else sessionStorage.setItem(FROM_KEY, path);
  } catch {
    // Storage can be unavailable (private modes); the root landing is a fine fallback.
  }
}

/** Takes (and forgets) the remembered destination; the root when there is none. */
export function takeSsoDestination(): string {
  try {
    const path = sessionStorage.getItem(FROM_KEY);
    sessionStorage.removeItem(FROM_KEY);
    return path ?? '/';
  } catch {
    return '/';
  }
}

/** The SAMLResponse an IdP handed the page, from the query or the hash; null when there is none. */
export function samlResponseOf(
  search: string,
  hash: string,
): { SAMLResponse: string; RelayState?: string } | null {
  for (const source of [search, hash.replace(/^#/, '')]) {
    const params = new URLSearchParams(source);
    const SAMLResponse = params.get('SAMLResponse');
    if (SAMLResponse) {
      const RelayState = params.get('RelayState');
      return RelayState ? { SAMLResponse, RelayState } : { SAMLResponse };
    }
  }
  return null;
}

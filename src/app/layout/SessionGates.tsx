import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isAuthorizedAtom, storedSsoLoginPath, tokenExpiryAtom } from '../../session/atoms';
import { refreshSession } from '../../session/flows';
import { intendedPath } from '../../platform/routeTable';

const LAST_ROUTE_KEY = 'get-last-route';

/** Remembers the route a signed-in user was on, so opening /login sends them back to it. */
export function rememberRoute(path: string): void {
  sessionStorage.setItem(LAST_ROUTE_KEY, path);
}

/**
 * Signed-in routes. Without a session the user goes to the stored SSO login path or /login, and the
 * intended route travels along. On every navigation with an expired token a refresh runs: 401 ends
 * the session (this gate then redirects); no network keeps the user working on local data.
 */
export function RequireSession() {
  const isAuthorized = useAtomValue(isAuthorizedAtom);
  const expiry = useAtomValue(tokenExpiryAtom);
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!isAuthorized) return;
    rememberRoute(path);
    if (expiry === null || Date.now() >= expiry) void refreshSession();
    // Only navigation triggers the check; expiry changes come from the refresh itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, isAuthorized]);

  if (!isAuthorized) return <Navigate to={storedSsoLoginPath() ?? '/login'} replace state={{ from: path }} />;
  return <Outlet />;
}

/**
 * Sign-in pages: a signed-in user goes to the route they meant to open (right after signing in) or
 * back to where they were.
 */
export function PublicOnly() {
  const isAuthorized = useAtomValue(isAuthorizedAtom);
  const location = useLocation();
  if (isAuthorized) {
    const intended = intendedPath(location.state);
    return (
      <Navigate to={intended !== '/' ? intended : (sessionStorage.getItem(LAST_ROUTE_KEY) ?? '/')} replace />
    );
  }
  return <Outlet />;
}

/** Public routes: reachable without a session. */
export const PUBLIC_PREFIXES = [
  '/login',
  '/register/',
  '/resetpassword/',
  '/forgotpassword',
  '/ssologin/',
  '/ssoacs/',
] as const;

/** Whether a path is one of the public sign-in routes. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}

/** The company id of a consultant twin path (`/companies/12/...`), or null. */
export function companyIdOfPath(pathname: string): number | null {
  const match = /^\/companies\/(\d+)(?:\/|$)/.exec(pathname);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * Where to go after signing in: the route the guard remembered in `location.state.from`, else the
 * root (which redirects by role). Only same-origin app paths are accepted, and never a sign-in page.
 */
export function intendedPath(state: unknown): string {
  const from: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'from') : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\'))
    return '/';
  const pathname = from.split(/[?#]/)[0] ?? '/';
  return isPublicPath(pathname) ? '/' : from;
}

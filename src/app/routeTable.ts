/** One client route of the spec (first document §2) and the crumb the breadcrumb shows for it. */
export interface AreaRoute {
  path: string;
  crumb: string;
  /** The area's name, used by pages of areas that are not built yet. */
  area: string;
}

/** Every client route; each also has a consultant twin under /companies/{compId}/. */
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: 'locations', crumb: 'Locations', area: 'Locations' },
  { path: 'locations/:id', crumb: 'Location', area: 'Locations' },
  { path: 'locations/:id/energystar', crumb: 'Energy Star', area: 'Location Energy Star' },
  { path: 'accounts', crumb: 'Accounts', area: 'Accounts' },
  { path: 'accounts/:id', crumb: 'Account', area: 'Accounts' },
  { path: 'alerts', crumb: 'Alerts', area: 'Alerts' },
  { path: 'alertsro', crumb: 'Alerts', area: 'Alerts' },
  { path: 'billpay', crumb: 'Bill Pay', area: 'Bill Pay' },
  { path: 'billdeliveries', crumb: 'AP', area: 'Accounts Payable' },
  { path: 'bills', crumb: 'Bills', area: 'Bills' },
  { path: 'bills/:id', crumb: 'Bill', area: 'Bills' },
  { path: 'contracts', crumb: 'Contracts', area: 'Contracts' },
  { path: 'budgets', crumb: 'Budgets', area: 'Budgets' },
  { path: 'reports', crumb: 'Reports', area: 'Reports' },
  { path: 'opencloseaccounts', crumb: 'Open/Close Accounts', area: 'Open/Close Accounts' },
  { path: 'companyEnergyStar', crumb: 'Company Energy Star', area: 'Company Energy Star' },
  { path: 'tickets', crumb: 'Company Support', area: 'Company Support' },
  { path: 'tickets/:jiraIssueId', crumb: 'Ticket', area: 'Company Support' },
  { path: 'contacts', crumb: 'Contacts', area: 'Contacts' },
  { path: 'inviteuser', crumb: 'Invite User', area: 'Invite User' },
  { path: 'archivedata', crumb: 'Archives', area: 'Archives' },
];

/** Routes that exist only under /companies/{compId} (first document §2). */
export const CONSULTANT_ONLY_ROUTES: readonly AreaRoute[] = [
  { path: 'users', crumb: 'Users', area: 'Users' },
];

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

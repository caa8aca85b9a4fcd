import type { Params } from 'react-router-dom';
import { isAreaKey } from '../../domain/nav';
import type { AreaKey, GuardTarget } from '../../domain/nav';

/** What a route's `handle` carries for the breadcrumb: every shell route has one. */
export interface RouteCrumb {
  crumb: string;
}

/** The handle of an area page (src/app/areaRoutes.tsx): its crumb, area, guarding area, pattern and title. */
export interface AreaHandle extends RouteCrumb {
  /** The area that owns the page. */
  area: AreaKey;
  /** The area whose rule guards it (its own, or another's, as for the site Energy Star page). */
  guardedBy: AreaKey;
  /** The page's path pattern relative to the app root. */
  page: string;
  /** The page's name (the area's label unless the page names itself). */
  title: string;
}

function field(handle: unknown, name: string): unknown {
  return typeof handle === 'object' && handle !== null ? Reflect.get(handle, name) : undefined;
}

/** Reads a route handle as a crumb, when it is one. */
export function crumbOf(handle: unknown): RouteCrumb | null {
  const crumb = field(handle, 'crumb');
  return typeof crumb === 'string' ? { crumb } : null;
}

/** Reads a route handle as an area page's handle, when it is one. */
export function areaHandleOf(handle: unknown): AreaHandle | null {
  const crumb = crumbOf(handle);
  const [area, guardedBy, page, title] = ['area', 'guardedBy', 'page', 'title'].map((name) =>
    field(handle, name),
  );
  if (!crumb || typeof area !== 'string' || typeof guardedBy !== 'string') return null;
  if (!isAreaKey(area) || !isAreaKey(guardedBy) || typeof page !== 'string' || typeof title !== 'string')
    return null;
  return { ...crumb, area, guardedBy, page, title };
}

/** One matched route, as `useMatches()` and `matchRoutes()` both describe it. */
export interface MatchedRoute {
  handle: unknown;
  params: Params;
}

/** The deepest matched area page with its handle and params, or null on landings and other pages. */
export function areaPageOf(matches: readonly MatchedRoute[]): { handle: AreaHandle; params: Params } | null {
  for (const match of [...matches].reverse()) {
    const handle = areaHandleOf(match.handle);
    if (handle) return { handle, params: match.params };
  }
  return null;
}

/** What the guard of the matched page checks (spec 000 §5): its guarding area, pattern and company. */
export function guardTargetOf(matches: readonly MatchedRoute[]): GuardTarget | null {
  const matched = areaPageOf(matches);
  if (!matched) return null;
  const { handle, params } = matched;
  return { area: handle.guardedBy, page: handle.page, companyId: params.compId ?? null };
}

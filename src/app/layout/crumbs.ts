/** What a route's `handle` carries for the breadcrumb and for pages of unbuilt areas. */
export interface RouteCrumb {
  crumb: string;
  area?: string;
}

/** Reads a route handle as a crumb, when it is one. */
export function crumbOf(handle: unknown): RouteCrumb | null {
  if (typeof handle !== 'object' || handle === null || !('crumb' in handle)) return null;
  const { crumb, area } = handle as { crumb: unknown; area?: unknown };
  if (typeof crumb !== 'string') return null;
  return { crumb, ...(typeof area === 'string' ? { area } : {}) };
}

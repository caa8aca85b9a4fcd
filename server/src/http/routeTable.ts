// The server's own list of its /api routes with their schemas and access rules, read by the tests that walk every
// route (the bad-input walk, docs/architecture.md §10).
import type { FastifySchema } from 'fastify';
import type { RouteAccess } from '../auth/access';
import type { App } from './types';

/** One registered `/api` route, one entry per method. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  access: RouteAccess | undefined;
}

const tables = new WeakMap<object, RouteEntry[]>();

/** Records every `/api` route registered on `app` from now on. */
export function recordRouteTable(app: App): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      table.push({
        method: String(method),
        url: route.url,
        schema: route.schema,
        access: route.config?.access,
      });
  });
}

/** The `/api` routes of a built app, in registration order. */
export function routeTable(app: App): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}

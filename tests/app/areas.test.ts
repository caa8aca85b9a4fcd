// @vitest-environment happy-dom
// Proof that an area is one folder: every route, consultant twin, sidebar entry, icon and guard of the app comes
// from an area module (src/features/<area>/area.ts) and the domain's area table (src/domain/nav.ts).
import { Home } from 'lucide-react';
import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AREA_KEYS, AREAS, HOME_LABEL, areaRule, guardRedirect } from '../../src/domain/nav';
import { AREA_MODULE_FILES, AREA_MODULES } from '../../src/app/areas';
import type { AreaModule, AreaPage } from '../../src/platform/area/areaModule';
import { areaHandleOf, guardTargetOf } from '../../src/platform/area/crumbs';
import { sidebarItems } from '../../src/app/layout/sidebarItems';
import { routes } from '../../src/app/router';
import { ON, ctx } from '../helpers/navContexts';

/** The client routes of first spec document §2, each also served under /companies/{compId}/. */
const SPEC_CLIENT_ROUTES = [
  '/locations',
  '/locations/{id}',
  '/locations/{id}/energystar',
  '/accounts',
  '/accounts/{id}',
  '/alerts',
  '/alertsro',
  '/billpay',
  '/billdeliveries',
  '/bills',
  '/bills/{id}',
  '/contracts',
  '/budgets',
  '/reports',
  '/opencloseaccounts',
  '/companyEnergyStar',
  '/tickets',
  '/tickets/{jiraIssueId}',
  '/contacts',
  '/inviteuser',
  '/archivedata',
];
/** "Only under /companies/{compId}: /users." */
const SPEC_CONSULTANT_ONLY_ROUTES = ['/users'];
/** Pages of ours under a spec area, each with its consultant twin: declared with their reason in their area module. */
const ADDED_CLIENT_ROUTES = AREA_MODULES.flatMap((module) =>
  module.pages.filter((page) => page.notInSpec !== undefined).map((page) => `/${page.path}`),
);

const asPattern = (specRoute: string): string => specRoute.replace(/\{(\w+)\}/g, ':$1');
const TWIN = '/companies/:compId';

/** Every route of the table with its full path pattern. */
function flatten(list: readonly RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const own =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const here = route.path === undefined ? [] : [{ path: own, route }];
    return [...here, ...flatten(route.children ?? [], own)];
  });
}

const served = flatten(routes).filter(({ route }) => areaHandleOf(route.handle) !== null);
const sorted = (paths: string[]): string[] => [...paths].sort();

function moduleOf(key: string): AreaModule {
  const module = AREA_MODULES.find((candidate) => candidate.key === key);
  if (!module) throw new Error(`no area module for ${key}`);
  return module;
}

describe('area modules', () => {
  it('are one per area of the domain table, in its order, each in the folder named by its key', () => {
    expect(AREA_MODULES.map((module) => module.key)).toEqual(AREA_KEYS);
    const files = Object.entries(AREA_MODULE_FILES).map(([file, module]) => [file, module.key]);
    expect(sorted(files.map(([file]) => file ?? ''))).toEqual(
      sorted(AREA_KEYS.map((key) => `../features/${key}/area.ts`)),
    );
    for (const [file, key] of files) expect(file).toBe(`../features/${key}/area.ts`);
  });

  it('serve the domain paths of their area (its entry page and read-only page)', () => {
    for (const key of AREA_KEYS) {
      const rule = areaRule(key);
      const paths = moduleOf(key).pages.map((page) => page.path);
      expect(paths, key).toContain(rule.path);
      if (rule.readOnlyPath) expect(paths, key).toContain(rule.readOnlyPath);
    }
  });
});

describe('the route table', () => {
  it('serves every client route of the spec (and our added pages) exactly once, and its consultant twin exactly once', () => {
    const client = [...SPEC_CLIENT_ROUTES, ...ADDED_CLIENT_ROUTES];
    const expected = [
      ...client.map(asPattern),
      ...[...client, ...SPEC_CONSULTANT_ONLY_ROUTES].map((route) => `${TWIN}${asPattern(route)}`),
    ];
    expect(sorted(served.map(({ path }) => path))).toEqual(sorted(expected));
  });

  it('takes each area route from its module: page, crumb, area and guard', () => {
    const pages: { path: string; module: AreaModule; page: AreaPage }[] = AREA_MODULES.flatMap((module) =>
      module.pages.flatMap((page) => {
        const twin = { path: `${TWIN}/${page.path}`, module, page };
        return areaRule(module.key).isConsultantOnly
          ? [twin]
          : [{ path: `/${page.path}`, module, page }, twin];
      }),
    );
    expect(pages).toHaveLength(served.length);
    for (const { path, module, page } of pages) {
      const route = served.find((candidate) => candidate.path === path)?.route;
      expect(route?.lazy, path).toBe(page.page);
      expect(areaHandleOf(route?.handle), path).toEqual({
        crumb: page.crumb,
        area: module.key,
        guardedBy: page.guardedBy ?? module.key,
        page: page.path,
        title: page.title ?? AREAS[module.key].label,
      });
    }
  });

  it('guards each area page with its area rule, the site Energy Star page with the Energy Star rule', () => {
    for (const { path, route } of served) {
      const handle = areaHandleOf(route.handle);
      const concrete = path.replace(/:(\w+)/g, (_all, name: string) => (name === 'compId' ? '9' : 'x1'));
      const matches = (matchRoutes(routes, concrete) ?? []).map((m) => ({
        handle: m.route.handle,
        params: m.params,
      }));
      expect(guardTargetOf(matches), path).toEqual({
        area: handle?.guardedBy,
        page: handle?.page,
        companyId: path.startsWith(TWIN) ? '9' : null,
      });
    }
    const siteEnergyStar = served.find(({ path }) => path === '/locations/:id/energystar');
    expect(areaHandleOf(siteEnergyStar?.route.handle)).toMatchObject({
      area: 'locations',
      guardedBy: 'companyEnergyStar',
    });
  });
});

describe('the sidebar', () => {
  const items = sidebarItems(ctx('superConsultant', ON));

  it('lists Home then every area, in the spec order, with the labels of the domain table', () => {
    expect(items.map((item) => item.key)).toEqual(['home', ...AREA_KEYS]);
    expect(items.map((item) => item.label)).toEqual([
      HOME_LABEL,
      ...AREA_KEYS.map((key) => AREAS[key].label),
    ]);
  });

  it("shows each area with its module's icon, and Home with the landing's", () => {
    expect(items[0]?.icon).toBe(Home);
    for (const item of items.slice(1)) expect(item.icon, item.key).toBe(moduleOf(item.key).icon);
  });

  it('links each entry to a page of its own area that lets the user in', () => {
    for (const role of ['superConsultant', 'client'] as const) {
      for (const item of sidebarItems(ctx(role, ON)).slice(1)) {
        const matches = (matchRoutes(routes, item.path) ?? []).map((m) => ({
          handle: m.route.handle,
          params: m.params,
        }));
        const handle = areaHandleOf(matches.at(-1)?.handle);
        expect(handle?.area, `${role} ${item.path}`).toBe(item.key);
        expect(guardRedirect(guardTargetOf(matches), ctx(role, ON)), `${role} ${item.path}`).toBeNull();
      }
    }
  });

  it('puts the contracts due badge on Contracts alone', () => {
    const badge = { count: 2, tooltip: '2 Contracts due in 30 days' };
    const withBadge = sidebarItems(ctx('admin', ON), badge).filter((item) => item.badge);
    expect(withBadge.map((item) => item.key)).toEqual(['contracts']);
  });

  it('puts the open alerts badge on Alerts alone, beside the contracts one', () => {
    const contracts = { count: 2, tooltip: '2 Contracts due in 30 days' };
    const alerts = { count: 5, tooltip: '5 open alerts' };
    const withBadge = sidebarItems(ctx('admin', ON), contracts, alerts).filter((item) => item.badge);
    expect(withBadge.map((item) => [item.key, item.badge?.count])).toEqual([
      ['alerts', 5],
      ['contracts', 2],
    ]);
  });
});

// The area part of the route table (first spec document §2), derived from the area modules: every client page
// at the root, and its consultant twin under /companies/:compId/ (where consultant-only areas live alone).
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { areaRule } from '../domain/nav';
import { AREA_MODULES } from './areas';
import type { AreaModule, AreaPage } from '../platform/area/areaModule';
import type { AreaHandle, RouteCrumb } from '../platform/area/crumbs';

function routeOf(module: AreaModule, page: AreaPage): RouteObject {
  const handle: AreaHandle = {
    crumb: page.crumb,
    area: module.key,
    guardedBy: page.guardedBy ?? module.key,
    page: page.path,
    title: page.title ?? areaRule(module.key).label,
  };
  return { path: page.path, handle, lazy: page.page };
}

/** The client routes (paths relative to the root) and the consultant twins of the given modules. */
export function areaRoutes(modules: readonly AreaModule[] = AREA_MODULES): RouteObject[] {
  const twins = modules.flatMap((module) => module.pages.map((page) => routeOf(module, page)));
  const client = modules
    .filter((module) => !areaRule(module.key).isConsultantOnly)
    .flatMap((module) => module.pages.map((page) => ({ ...routeOf(module, page), path: `/${page.path}` })));
  const company: RouteCrumb = { crumb: 'Company' };
  return [
    ...client,
    {
      path: '/companies/:compId',
      handle: company,
      children: [{ index: true, element: <Navigate to="locations" replace /> }, ...twins],
    },
  ];
}

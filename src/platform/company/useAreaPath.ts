import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { companyIdOfPath } from '../routeTable';

/** Builds an area path that keeps the consultant prefix: 'accounts/7' → '/companies/3/accounts/7' or '/accounts/7'. */
export function areaPath(pathname: string, path: string): string {
  const companyId = companyIdOfPath(pathname);
  const tail = path.replace(/^\/+/, '');
  return companyId === null ? `/${tail}` : `/companies/${companyId}/${tail}`;
}

/** A function giving area paths for the current page (see areaPath): links inside a consultant's company stay in it. */
export function useAreaPaths(): (path: string) => string {
  const { pathname } = useLocation();
  const companyId = companyIdOfPath(pathname);
  // Keyed on the company only, so callers' memos do not change with every navigation inside it.
  return useCallback(
    (path: string) => areaPath(companyId === null ? '/' : `/companies/${companyId}/`, path),
    [companyId],
  );
}

/** One area path for the current page, e.g. useAreaPath('accounts/ID'). */
export function useAreaPath(path: string): string {
  return useAreaPaths()(path);
}

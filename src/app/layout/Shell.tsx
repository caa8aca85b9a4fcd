import { useAtomValue } from 'jotai';
import { PanelLeft } from 'lucide-react';
import { Suspense, lazy, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { contractsDueBadge, openAlertsBadge } from '../../domain/counts';
import { guardRedirect, landingPath } from '../../domain/nav';
import type { NavContext, SidebarKey } from '../../domain/nav';
import { rolesAtom, sessionAtom } from '../../session/atoms';
import { NotFoundPage } from '../NotFoundPage';
import { companyIdOfPath } from '../../platform/routeTable';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCompanyContracts } from '../../platform/company/useCompanyContracts';
import { useOpenAlertCount } from '../../platform/company/useOpenAlertCount';
import { SyncStatus } from '../../features/sync/SyncStatus';
import { useSyncController } from '../../sync/useSyncController';
import { useLogout } from './useLogout';
import { guardTargetOf } from '../../platform/area/crumbs';
import { Sidebar } from './Sidebar';
import type { SidebarItem } from './Sidebar';
import { sidebarItems } from './sidebarItems';
import { useWarmAreaPages } from '../warmPages';
import { TopBar } from './TopBar';
import './layout.css';

const SCROLL_TOGGLE_AT = 50;

/** Below this width the sidebar lies over the page (layout.css), so it starts closed and closes after navigating. */
const OVERLAY_SIDEBAR_QUERY = '(max-width: 900px)';

function subscribeOverlay(onChange: () => void): () => void {
  const query = window.matchMedia(OVERLAY_SIDEBAR_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the sidebar lies over the page at the window's current width. */
function useIsOverlaySidebar(): boolean {
  return useSyncExternalStore(
    subscribeOverlay,
    () => window.matchMedia(OVERLAY_SIDEBAR_QUERY).matches,
    () => false,
  );
}

// GET AI loads apart from the shell: clients never download it (docs/architecture.md §9 bundle budget).
const Assistant = lazy(() =>
  import('../../features/assistant/Assistant').then((module) => ({ default: module.Assistant })),
);

function useScrolledPast(threshold: number): boolean {
  const [isPast, setPast] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return isPast;
}

/**
 * The signed-in frame: sidebar, top bar, breadcrumb and the page. Guards run here on every navigation (docs/architecture.md
 * §6): the matched page's area rule (src/domain/nav.ts), from the company record kept in the local database.
 */
export function Shell() {
  const session = useAtomValue(sessionAtom);
  const roles = useAtomValue(rolesAtom);
  const { pathname } = useLocation();
  const matches = useMatches();
  const companyId = companyIdOfPath(pathname) ?? session?.companyId ?? null;
  const company = useCompanyRecord(companyId);
  const contracts = useCompanyContracts(roles?.isAdmin ? companyId : null);
  const openAlerts = useOpenAlertCount(companyId);
  const isOverlay = useIsOverlaySidebar();
  const [isWideOpen, setWideOpen] = useState(true);
  // Over the page, the sidebar is open only on the page it was opened on: a link chosen in it closes it.
  const [overlayOpenAt, setOverlayOpenAt] = useState<string | null>(null);
  const isSidebarOpen = isOverlay ? overlayOpenAt === pathname : isWideOpen;
  const toggleSidebar = () =>
    isOverlay ? setOverlayOpenAt(isSidebarOpen ? null : pathname) : setWideOpen(!isWideOpen);
  const isScrolled = useScrolledPast(SCROLL_TOGGLE_AT);
  const logout = useLogout();
  useSyncController(pathname === '/consultant' ? null : companyId);

  const record = typeof company === 'object' && company !== null ? company : null;
  const nav: NavContext | null = useMemo(
    () => (roles && record ? { roles, company: record } : null),
    [roles, record],
  );
  const items: SidebarItem[] = useMemo(
    () =>
      nav
        ? sidebarItems(
            nav,
            contracts ? contractsDueBadge(contracts) : undefined,
            openAlerts === undefined ? undefined : openAlertsBadge(openAlerts),
          )
        : [],
    [nav, contracts, openAlerts],
  );

  useWarmAreaPages(items.flatMap((item) => [item.key, ...(item.children ?? []).map((child) => child.key)]));

  if (!roles || !session) return <Navigate to="/login" replace />;
  const isLanding = pathname === '/consultant';
  // The client list is the consultants' landing (spec 000 §2, §6): anyone else goes to their own.
  if (isLanding && !roles.isConsultant) return <Navigate to={landingPath(roles)} replace />;
  if (company === null && !isLanding) return <NotFoundPage />;
  const redirect = nav ? guardRedirect(guardTargetOf(matches), nav) : null;
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;

  // The top bar's support and contacts icons open the same pages as their sidebar entries, when those show.
  const linkOf = (key: SidebarKey) => items.find((item) => item.key === key)?.path ?? null;
  return (
    <div className="shell" data-sidebar={!isLanding && isSidebarOpen ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {isLanding ? null : <Sidebar items={items} isOpen={isSidebarOpen} />}
      {!isLanding && isScrolled ? (
        <button
          type="button"
          className="sidebar-toggle"
          aria-label={isSidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
          aria-pressed={isSidebarOpen}
          onClick={toggleSidebar}
        >
          <PanelLeft aria-hidden="true" size={20} />
        </button>
      ) : null}
      <div className="shell__body">
        <TopBar
          supportPath={isLanding ? null : linkOf('tickets')}
          contactsPath={isLanding ? null : linkOf('contacts')}
          companyName={record?.name}
          onToggleSidebar={isLanding ? undefined : toggleSidebar}
          onLogout={logout.request}
          status={<SyncStatus companyId={isLanding ? null : companyId} />}
        />
        <main id="main" className="shell__main" tabIndex={-1}>
          {isLanding || record ? (
            <Outlet />
          ) : company === 'offline' ? (
            <p className="shell__loading" role="status">
              This company is not available offline yet. Connect to the network once to load it.
            </p>
          ) : (
            <p className="shell__loading" role="status">
              Loading company…
            </p>
          )}
        </main>
      </div>
      {roles.isConsultant && !isLanding && record ? (
        <Suspense fallback={null}>
          <Assistant companyId={record.id} companyName={record.name} />
        </Suspense>
      ) : null}
      {logout.dialog}
    </div>
  );
}

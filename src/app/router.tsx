import { Navigate, createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AREA_ROUTES, CONSULTANT_ONLY_ROUTES } from './routeTable';
import type { AreaRoute } from './routeTable';
import { RootLayout } from './layout/RootLayout';
import { RequireSession, PublicOnly } from './layout/SessionGates';
import { RootRedirect } from './layout/RootRedirect';
import { Shell } from './layout/Shell';
import { NotFoundPage } from './NotFoundPage';
import { lazyPage } from './lazyPage';

/** Pages of areas not built yet: one honest page that names the area. */
const unavailable = lazyPage(() => import('../features/unavailable/AreaUnavailablePage'));

const locationsPage = lazyPage(() => import('../features/locations/LocationsPage'));
const locationPage = lazyPage(() => import('../features/locations/LocationPage'));
const accountsPage = lazyPage(() => import('../features/accounts/AccountsPage'));
const accountPage = lazyPage(() => import('../features/accounts/AccountPage'));

/** The page module of an area route; areas land here one by one as they are built. */
function pageOf(route: AreaRoute): RouteObject['lazy'] {
  switch (route.path) {
    case 'locations':
      return locationsPage;
    case 'locations/:id':
      return locationPage;
    case 'accounts':
      return accountsPage;
    case 'accounts/:id':
      return accountPage;
    default:
      return unavailable;
  }
}

function areaRoutes(routes: readonly AreaRoute[]): RouteObject[] {
  return routes.map((route) => ({
    path: route.path,
    handle: { crumb: route.crumb, area: route.area },
    lazy: pageOf(route),
  }));
}

/** The route table of first spec document §2: public pages, landings, client routes and consultant twins. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [{ path: '/login', lazy: lazyPage(() => import('../features/auth/LoginPage')) }],
      },
      { path: '/register/:id', lazy: lazyPage(() => import('../features/auth/RegisterPage')) },
      { path: '/resetpassword/:id', lazy: lazyPage(() => import('../features/auth/ResetPasswordPage')) },
      { path: '/forgotpassword', lazy: lazyPage(() => import('../features/auth/ForgotPasswordPage')) },
      { path: '/ssologin/:clientId', lazy: lazyPage(() => import('../features/auth/SsoLoginPage')) },
      { path: '/ssoacs/:clientId', lazy: lazyPage(() => import('../features/auth/SsoAcsPage')) },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <RootRedirect /> },
          {
            element: <Shell />,
            children: [
              {
                path: '/consultant',
                handle: { crumb: 'Clients' },
                lazy: lazyPage(() => import('../features/consultant/ConsultantLandingPage')),
              },
              {
                path: '/home',
                handle: { crumb: 'Home' },
                lazy: lazyPage(() => import('../features/home/HomePage')),
              },
              ...areaRoutes(AREA_ROUTES).map((route) => ({ ...route, path: `/${route.path ?? ''}` })),
              {
                path: '/companies/:compId',
                handle: { crumb: 'Company' },
                children: [
                  { index: true, element: <Navigate to="locations" replace /> },
                  ...areaRoutes(AREA_ROUTES),
                  ...areaRoutes(CONSULTANT_ONLY_ROUTES),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Creates the browser router (a function so tests can build their own). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

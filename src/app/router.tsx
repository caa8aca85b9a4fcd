import { createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { areaRoutes } from './areaRoutes';
import { RootLayout } from './layout/RootLayout';
import { RequireSession, PublicOnly } from './layout/SessionGates';
import { RootRedirect } from './layout/RootRedirect';
import { Shell } from './layout/Shell';
import { NotFoundPage } from './NotFoundPage';
import { lazyPage } from '../platform/area/lazyPage';
import { HOME_LABEL } from '../domain/nav';

/**
 * The route table of first spec document §2: public pages, the two landings (the client's Home and the consultant's
 * client list), then every area's pages and their consultant twins, from the area modules (src/app/areas.ts).
 */
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
                handle: { crumb: HOME_LABEL },
                lazy: lazyPage(() => import('../features/home/HomePage')),
              },
              ...areaRoutes(),
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

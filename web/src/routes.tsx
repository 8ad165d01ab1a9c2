import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { PageLoading, RouteError } from './layout/RouteError';
import InvitePage from './pages/invite';
import NotFoundPage from './pages/not-found';
import PinDetailPage from './pages/pin-detail';
import PinsPage from './pages/pins';
import SignInPage from './pages/sign-in';

/**
 * Every page of the dashboard. The server answers exactly these paths with index.html
 * (src/http/routes/web-app.ts, SPA_PATHS): a new top-level path needs adding there too.
 *
 * Pages inside AppLayout need a signed-in person (the layout sends everyone else to /sign-in).
 * Players, Overview, Keys, Webhooks and Settings are loaded on first visit (`lazy`), so the chart
 * library and the bigger pages stay out of the first download.
 */
export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
  { path: '/invite/:token', element: <InvitePage />, errorElement: <RouteError /> },
  // The operator's page: no account session, the operator token instead (docs/operations.md).
  {
    path: '/operator/scanner-clients',
    lazy: async () => ({ Component: (await import('./pages/operator-scanner-clients')).default }),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
  },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while a lazily loaded page's code arrives on the first load of its address.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <PinsPage /> },
      { path: 'pins/:code', element: <PinDetailPage /> },
      { path: 'players', lazy: async () => ({ Component: (await import('./pages/players')).default }) },
      {
        path: 'players/:discordId',
        lazy: async () => ({ Component: (await import('./pages/players')).default }),
      },
      { path: 'overview', lazy: async () => ({ Component: (await import('./pages/overview')).default }) },
      { path: 'keys', lazy: async () => ({ Component: (await import('./pages/keys')).default }) },
      { path: 'webhooks', lazy: async () => ({ Component: (await import('./pages/webhooks')).default }) },
      { path: 'settings', lazy: async () => ({ Component: (await import('./pages/settings')).default }) },
      { path: 'audit', lazy: async () => ({ Component: (await import('./pages/audit')).default }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

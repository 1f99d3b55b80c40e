import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ensureFullMessages } from '../i18n/messages';
import { registerNavigator } from '../lib/navigation';
import { CatchAll, GuestOnly, MemberOnly, RequireAuth, StaffOnly } from './guards';
import { LogoutRoute } from './logout-route';
import { Redirect } from './redirect';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * A lazy route: the page's chunk (and, beyond the auth screens, the full messages of the
 * language) load on navigation, under the top progress bar.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const [mod] = await Promise.all([load(), ensureFullMessages()]);
  return { Component: mod.default };
};
const authPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const authPages: RouteObject[] = [
  { index: true, lazy: authPage(() => import('../features/auth/pages/login-page')) },
  // Any login path ending in "admin" shows the staff heading.
  { path: 'login/*', lazy: authPage(() => import('../features/auth/pages/login-page')) },
  { path: 'registration', lazy: authPage(() => import('../features/auth/pages/registration-page')) },
  { path: 'forgot-password', lazy: authPage(() => import('../features/auth/pages/forgot-password-page')) },
  { path: 'reset-password', lazy: authPage(() => import('../features/auth/pages/reset-password-page')) },
  // The login's two-factor step, with the full messages it speaks in (loaded only when needed).
  { path: 'mfa', lazy: page(() => import('../features/auth/pages/mfa-page')) },
  { path: '*', element: <Redirect to="/auth" /> },
];

const memberPages: RouteObject[] = [
  { path: 'accounts', lazy: page(() => import('../features/accounts/pages/accounts-page')) },
  { path: 'accounts/account-overview', lazy: page(() => import('../features/accounts/pages/account-overview-page')) },
  { path: 'accounts/trading-overview', lazy: page(() => import('../features/accounts/pages/trading-overview-page')) },
  { path: 'accounts/profile', lazy: page(() => import('../features/profile/pages/profile-page')) },
  { path: 'billing', lazy: page(() => import('../features/billing/pages/billing-page')) },
  { path: 'payout', lazy: page(() => import('../features/payouts/pages/payout-page')) },
  // SPEC §2: Help & Support shows the payout page.
  { path: 'help-support', lazy: page(() => import('../features/payouts/pages/payout-page')) },
  { path: 'certificates', lazy: page(() => import('../features/certificates/pages/certificates-page')) },
  { path: 'news-calendar', lazy: page(() => import('../features/news/pages/news-calendar-page')) },
];

const staffPages: RouteObject[] = [
  { path: 'dashboard', lazy: page(() => import('../features/dashboard/pages/dashboard-page')) },
  { path: 'orders', lazy: page(() => import('../features/orders/pages/orders-page')) },
  { path: 'users', lazy: page(() => import('../features/users/pages/users-page')) },
  { path: 'users/challenge/create', lazy: page(() => import('../features/users/pages/user-challenge-create-page')) },
  { path: 'users/edit-user', lazy: page(() => import('../features/users/pages/edit-user-page')) },
  { path: 'users/:userId/edit-user', lazy: page(() => import('../features/users/pages/edit-user-page')) },
  {
    path: 'users/:userId/trading-accounts',
    lazy: page(() => import('../features/accounts/pages/staff-accounts-page')),
  },
  {
    path: 'users/:userId/trading-accounts/:tradingAccountId/view-report',
    // The member's own account components, read through the staff routes.
    lazy: page(() => import('../features/accounts/pages/staff-report-page')),
  },
  { path: 'challenges', lazy: page(() => import('../features/challenges/pages/challenges-page')) },
  { path: 'challenges/create', lazy: page(() => import('../features/challenges/pages/challenge-form-page')) },
  { path: 'challenges/edit/:id', lazy: page(() => import('../features/challenges/pages/challenge-form-page')) },
  { path: 'admin-payouts-requests', lazy: page(() => import('../features/payouts/pages/admin-payouts-page')) },
  { path: 'admin-certificates', lazy: page(() => import('../features/certificates/pages/admin-certificates-page')) },
  { path: 'integrations', lazy: page(() => import('../features/connectors/pages/connectors-page')) },
  // The screen's first address; bookmarks keep working.
  { path: 'connectors', element: <Redirect to="/integrations" /> },
  { path: 'audit-log', lazy: page(() => import('../features/audit/pages/audit-log-page')) },
  { path: 'news-calendar-import', lazy: page(() => import('../features/news/pages/news-calendar-import-page')) },
  { path: 'admin-profile', lazy: page(() => import('../features/profile/pages/profile-page')) },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The splash screen covers the first lazy load.
    HydrateFallback: () => null,
    // A page that failed to load or render: reloaded once after a deployment, else explained.
    errorElement: <RouteError />,
    children: [
      { path: 'error/404', lazy: page(() => import('../features/errors/pages/not-found-page')) },
      { path: 'error/500', lazy: page(() => import('../features/errors/pages/system-error-page')) },
      { path: 'logout', element: <LogoutRoute /> },
      {
        path: 'auth',
        element: <GuestOnly />,
        children: [{ lazy: authPage(() => import('../features/auth/components/auth-layout')), children: authPages }],
      },
      {
        // Server data (TanStack Query) for the legal pages and the signed-in screens.
        lazy: page(() => import('./query-layer')),
        children: [
          { path: 'privacy', lazy: page(() => import('../features/legal/pages/privacy-page')) },
          // The link of an email change, opened signed in or not.
          { path: 'confirm-email', lazy: page(() => import('../features/profile/pages/confirm-email-page')) },
          { path: 'legal', lazy: page(() => import('../features/legal/pages/legal-page')) },
          { path: 'contact', lazy: page(() => import('../features/legal/pages/contact-page')) },
          // The catalogue and checkout: visitors sign in or register inside the flow.
          { path: 'start-challenge', lazy: page(() => import('../features/checkout/pages/start-challenge-page')) },
          // A certificate's public verification (signed in or not).
          { path: 'verify/:code', lazy: page(() => import('../features/certificates/pages/verify-page')) },
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: page(() => import('../layout/shell')),
                children: [
                  // The signed-in root goes to /dashboard, which sends a USER on to /accounts.
                  { index: true, element: <Redirect to="/dashboard" /> },
                  { element: <MemberOnly />, children: memberPages },
                  { element: <StaffOnly />, children: staffPages },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to, opts) => void router.navigate(to, opts));
  return router;
}

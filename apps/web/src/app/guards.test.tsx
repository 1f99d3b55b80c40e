import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../test/render';
import { CatchAll, GuestOnly, MemberOnly, RequireAuth, StaffOnly } from './guards';
import { Redirect } from './redirect';

const routes = [
  {
    path: '/auth',
    element: <GuestOnly />,
    children: [
      { index: true, element: <p>auth screen</p> },
      { path: 'login', element: <p>auth screen</p> },
      { path: 'reset-password', element: <p>reset screen</p> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { index: true, element: <Redirect to="/dashboard" /> },
      {
        element: <MemberOnly />,
        children: [
          { path: 'accounts', element: <p>member area</p> },
          { path: 'billing', element: <p>billing</p> },
        ],
      },
      {
        element: <StaffOnly />,
        children: [
          { path: 'dashboard', element: <p>staff dashboard</p> },
          { path: 'orders', element: <p>orders</p> },
        ],
      },
    ],
  },
  { path: '*', element: <CatchAll /> },
];

function signedInAs(role: 'USER' | 'ADMIN') {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', 'x@example.com');
  mockFetch({
    'GET /api/auth/verify-token': () => ({
      status: 200,
      body: { status: 200, user: { id: 'u1', email: 'x@example.com', role } },
    }),
    'GET /api/user/x%40example.com': () => ({
      status: 200,
      body: {
        user: {
          id: 'u1',
          email: 'x@example.com',
          firstName: 'Xena',
          lastName: 'Young',
          role,
          status: 'active',
          createdAt: '2026-01-01T00:00:00Z',
        },
      },
    }),
  });
}

describe('routing per role (SPEC §2)', () => {
  it.each(['/accounts', '/dashboard', '/somewhere', '/'])('signed out: %s goes to /auth', async (path) => {
    mockFetch({});
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByText('auth screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it.each(['/', '/dashboard', '/orders', '/auth/login', '/somewhere'])('USER: %s goes to /accounts', async (path) => {
    signedInAs('USER');
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByText('member area')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accounts');
  });

  it('signed in, a mailed password link still opens its screen; without a token it goes home', async () => {
    signedInAs('USER');
    const { router } = renderRoutes(routes, '/auth/reset-password?token=abc');
    expect(await screen.findByText('reset screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    await act(() => router.navigate('/auth/reset-password'));
    expect(await screen.findByText('member area')).toBeTruthy();
  });

  it.each(['/', '/accounts', '/billing', '/auth', '/somewhere'])('staff: %s goes to /dashboard', async (path) => {
    signedInAs('ADMIN');
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByText('staff dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('staff: a second member path opened before the first redirect rendered still goes to /dashboard', async () => {
    // The redirect's render can lag behind the router (transitions): opening /billing while the
    // router already stands on /dashboard but the page still shows /accounts' redirect must redirect
    // again, not reuse the redirect that already fired.
    signedInAs('ADMIN');
    const { router } = renderRoutes(routes, '/accounts');
    expect(await screen.findByText('staff dashboard')).toBeTruthy();
    let reopened = false;
    let leftDashboard = false;
    const stop = router.subscribe((state) => {
      if (state.location.pathname === '/accounts') leftDashboard = true;
      if (reopened || !leftDashboard || state.location.pathname !== '/dashboard') return;
      reopened = true;
      void router.navigate('/billing');
    });
    await act(() => router.navigate('/accounts'));
    await waitFor(() => expect(reopened).toBe(true));
    stop();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('staff dashboard')).toBeTruthy();
  });

  it('a token that fails verification at start clears the session', async () => {
    localStorage.setItem('access', 'tok');
    localStorage.setItem('email', 'x@example.com');
    mockFetch({
      'GET /api/auth/verify-token': () => ({
        status: 401,
        body: { code: 'SESSION_EXPIRED', message: 'Session expired' },
      }),
    });
    renderRoutes(routes, '/accounts');
    expect(await screen.findByText('auth screen')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('access')).toBeNull());
    expect(localStorage.getItem('email')).toBeNull();
  });
});

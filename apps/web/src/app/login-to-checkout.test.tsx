import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n/messages';
import LoginPage from '../features/auth/pages/login-page';
import MfaPage from '../features/auth/pages/mfa-page';
import { mockFetch, renderRoutes } from '../test/render';
import { GuestOnly } from './guards';

describe('signing in from the checkout', () => {
  beforeAll(() => loadMessages('en'));

  it('returns to the kept basket, not to the home page', async () => {
    const user = { id: 'u1', email: 'm@example.com', firstName: 'Martina', lastName: 'N', role: 'USER' };
    mockFetch({
      'GET /api/config': () => ({
        status: 200,
        body: { faqUrl: 'x', startChallengeUrl: 'x', geolocationUrl: '', tradingDayTimeZone: 'UTC', demoMode: true },
      }),
      'POST /api/auth/login': () => ({ status: 200, body: { accessToken: 'tok' } }),
      'GET /api/user/m%40example.com': () => ({
        status: 200,
        body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
      }),
    });
    const { router } = renderRoutes(
      [
        { path: '/auth', element: <GuestOnly />, children: [{ path: 'login/*', element: <LoginPage /> }] },
        { path: '/start-challenge', element: <p>checkout</p> },
        { path: '/accounts', element: <p>member home</p> },
      ],
      '/auth/login?next=checkout',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/registration?next=checkout');
    await userEvent.type(screen.getByLabelText('Email'), 'm@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('checkout');
    await waitFor(() => expect(localStorage.getItem('access')).toBe('tok'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/start-challenge?resume=1');
  });

  it('with two-factor sign-in too: the code step returns to the basket', async () => {
    const user = { id: 'u2', email: 'ana@example.com', firstName: 'Ana', lastName: 'N', role: 'USER' };
    mockFetch({
      'GET /api/config': () => ({
        status: 200,
        body: { faqUrl: 'x', startChallengeUrl: 'x', geolocationUrl: '', tradingDayTimeZone: 'UTC', demoMode: true },
      }),
      'POST /api/auth/login': () => ({
        status: 200,
        body: { mfaRequired: true, mfaToken: 't'.repeat(43), status: 200 },
      }),
      'POST /api/auth/login/mfa': () => ({
        status: 200,
        body: { accessToken: 'tok2', expiresAt: '2030-01-01T00:00:00Z', status: 200 },
      }),
      'GET /api/user/ana%40example.com': () => ({
        status: 200,
        body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
      }),
    });
    const { router } = renderRoutes(
      [
        {
          path: '/auth',
          element: <GuestOnly />,
          children: [
            { path: 'login/*', element: <LoginPage /> },
            { path: 'mfa', element: <MfaPage /> },
          ],
        },
        { path: '/start-challenge', element: <p>checkout</p> },
        { path: '/accounts', element: <p>member home</p> },
      ],
      '/auth/login?next=checkout',
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?next=checkout'));
    expect(router.state.location.pathname).toBe('/auth/mfa');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('checkout');
    expect(router.state.location.pathname + router.state.location.search).toBe('/start-challenge?resume=1');
  });
});

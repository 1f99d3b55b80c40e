import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Outlet } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuth } from '../../../lib/auth/auth-provider';
import { homePathFor } from '../../../lib/auth/roles';
import { mockFetch, renderRoutes } from '../../../test/render';
import { loadMessages } from '../../../i18n/messages';
import LoginPage from './login-page';
import MfaPage from './mfa-page';

function SignedInGoesHome() {
  const { state } = useAuth();
  return state.status === 'signed-in' ? <Navigate to={homePathFor(state.user)} replace /> : <Outlet />;
}
const routes = [
  {
    path: '/auth',
    element: <SignedInGoesHome />,
    children: [
      { path: 'login/*', element: <LoginPage /> },
      { path: 'mfa', element: <MfaPage /> },
    ],
  },
  { path: '/accounts', element: <p>member home</p> },
];
const config = { faqUrl: '', startChallengeUrl: '', geolocationUrl: '', tradingDayTimeZone: 'UTC', demoMode: false };
const user = { id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Novak', role: 'USER' };

/** Password accepted, code asked: the server's answers for an account with two-factor on. */
function world() {
  return mockFetch({
    'GET /api/config': () => ({ status: 200, body: config }),
    'POST /api/auth/login': () => ({ status: 200, body: { mfaRequired: true, mfaToken: 't'.repeat(43), status: 200 } }),
    'POST /api/auth/login/mfa': (body) =>
      ['123456', 'abcde-fghij'].includes((body as { code: string }).code)
        ? { status: 200, body: { accessToken: 'tok', expiresAt: '2030-01-01T00:00:00Z', status: 200 } }
        : { status: 400, body: { code: 'INVALID_MFA_CODE', message: 'The code is incorrect or has expired' } },
    'GET /api/user/ana%40example.com': () => ({
      status: 200,
      body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
  });
}

async function password() {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await u.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123!');
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  return u;
}

describe('login with two-factor sign-in', { timeout: 60_000 }, () => {
  beforeAll(() => loadMessages('en'));

  it('asks for the 6-digit code after the password; a wrong one says so, the right one signs in', async () => {
    const calls = world();
    renderRoutes(routes, '/auth/login');
    const u = await password();
    const code = await screen.findByTestId('mfa-code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    await u.type(code, '000000');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('mfa-error')).textContent).toBe('The code is incorrect or has expired.');
    await u.clear(code);
    await u.type(code, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('member home')).toBeTruthy();
    expect(localStorage.getItem('access')).toBe('tok');
    expect(calls.filter((c) => c.url.endsWith('/api/auth/login/mfa')).map((c) => c.body)).toEqual([
      { mfaToken: 't'.repeat(43), code: '000000' },
      { mfaToken: 't'.repeat(43), code: '123456' },
    ]);
  });

  it('a recovery code signs in too; "Back to sign in" returns to the password form', async () => {
    world();
    renderRoutes(routes, '/auth/login');
    const u = await password();
    await u.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Access the Member Area' })).toBeTruthy();
    // The password step again: the login's token is not kept anywhere.
    const again = await password();
    await again.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await again.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await again.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('member home')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../../../lib/auth/auth-provider';
import { homePathFor } from '../../../lib/auth/roles';
import { mockFetch, renderRoutes } from '../../../test/render';
import LoginPage, { isAdminLoginPath } from './login-page';

/** Once signed in, the login screen gives way to the role's home (the app's guest guard does this). */
function SignedInGoesHome() {
  const { state } = useAuth();
  return state.status === 'signed-in' ? <Navigate to={homePathFor(state.user)} replace /> : <Outlet />;
}

const routes = [
  {
    path: '/auth',
    element: <SignedInGoesHome />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: 'login/*', element: <LoginPage /> },
    ],
  },
  { path: '/accounts', element: <p>member home</p> },
  { path: '/dashboard', element: <p>staff home</p> },
];
const config = {
  faqUrl: 'https://faq',
  startChallengeUrl: 'https://start',
  geolocationUrl: 'https://geo.invalid/json',
  tradingDayTimeZone: 'UTC',
  demoMode: false,
};

describe('login page', () => {
  it('shows the member heading, and the staff heading on a path ending in admin', async () => {
    mockFetch({ 'GET /api/config': () => ({ status: 200, body: config }) });
    renderRoutes(routes, '/auth/login');
    expect(await screen.findByRole('heading', { name: 'Access the Member Area' })).toBeTruthy();
    expect(isAdminLoginPath('/auth/login/admin')).toBe(true);
    expect(isAdminLoginPath('/auth/login/admin/')).toBe(true);
    expect(isAdminLoginPath('/auth/login')).toBe(false);
  });

  it('shows the staff heading at /auth/login/admin', async () => {
    mockFetch({ 'GET /api/config': () => ({ status: 200, body: config }) });
    renderRoutes(routes, '/auth/login/admin');
    expect(await screen.findByRole('heading', { name: 'Access the Dashboard' })).toBeTruthy();
  });

  it('shows the exact validation texts and keeps submit disabled while invalid', async () => {
    mockFetch({ 'GET /api/config': () => ({ status: 200, body: config }) });
    renderRoutes(routes, '/auth/login');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password', { selector: 'input' });
    const submit = screen.getByRole('button', { name: 'Continue' });

    await user.click(email);
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(email, 'ab');
    expect(await screen.findByText('Minimum 3 symbols')).toBeTruthy();
    await user.type(email, 'cdef');
    expect(await screen.findByText('Wrong email format')).toBeTruthy();
    await user.clear(email);
    await user.type(email, `${'a'.repeat(45)}@x.com`);
    expect(await screen.findByText('Maximum 50 symbols')).toBeTruthy();

    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    const cases: [string, string][] = [
      ['Ab1!', 'Password is too short - should be 8 characters minimum.'],
      ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
      ['abcdefg1!', 'Password must contain at least one uppercase letter'],
      ['Abcdefgh!', 'Password must contain at least one number'],
      ['Abcdefgh1', 'Password must contain at least one special character'],
      [`Aa1!${'x'.repeat(47)}`, 'Password is too long - should be 50 characters maximum.'],
    ];
    for (const [value, message] of cases) {
      await user.clear(password);
      await user.type(password, value);
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.clear(email);
    await user.type(email, 'member@example.com');
    await user.clear(password);
    await user.type(password, 'Member123!');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows the registration success message and the one-time auth_error_message', async () => {
    localStorage.setItem('auth_error_message', 'Session expired');
    mockFetch({ 'GET /api/config': () => ({ status: 200, body: config }) });
    renderRoutes(routes, '/auth/login/?registration=success');
    expect(await screen.findByText('You have successfully registered. Please login.')).toBeTruthy();
    expect(screen.getByText('Session expired')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('auth_error_message')).toBeNull());
  });

  it('logs in with userGeolocation null when the lookup fails, stores token and email, goes home', async () => {
    const calls = mockFetch({
      'GET /api/config': () => ({ status: 200, body: config }),
      'POST /api/auth/login': () => ({ status: 200, body: { accessToken: 'tok-123', expiresAt: 'x', status: 200 } }),
      'GET /api/user/member%40example.com': () => ({
        status: 200,
        body: {
          user: {
            id: 'u1',
            email: 'member@example.com',
            firstName: 'Martina',
            lastName: 'Novak',
            role: 'USER',
            status: 'active',
            createdAt: '2026-01-01T00:00:00Z',
          },
        },
      }),
    });
    renderRoutes(routes, '/auth/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'member@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Member123!');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('member home')).toBeTruthy();
    const login = calls.find((c) => c.url === '/api/auth/login')!;
    expect(login.body).toEqual({ email: 'member@example.com', password: 'Member123!', userGeolocation: null });
    expect(calls.some((c) => c.url === 'https://geo.invalid/json' && c.init?.credentials === 'omit')).toBe(true);
    expect(localStorage.getItem('access')).toBe('tok-123');
    expect(localStorage.getItem('email')).toBe('member@example.com');
    // `id` is the selected trading account's key, never the user's.
    expect(localStorage.getItem('id')).toBeNull();
  });

  it('shows the translated server error for wrong credentials', async () => {
    mockFetch({
      'GET /api/config': () => ({ status: 200, body: config }),
      'POST /api/auth/login': () => ({
        status: 401,
        body: { code: 'INVALID_CREDENTIALS', message: 'The login details are incorrect' },
      }),
    });
    renderRoutes(routes, '/auth/login', { locale: 'en' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'member@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Wrong123!');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The login details are incorrect')).toBeTruthy();
    expect(localStorage.getItem('access')).toBeNull();
  });
});

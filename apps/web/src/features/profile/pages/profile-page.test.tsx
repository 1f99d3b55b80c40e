import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { mockFetch, renderRoutes } from '../../../test/render';
import ProfilePage from './profile-page';

const EMAIL = 'ana@example.com';
const ENC = encodeURIComponent(EMAIL);

interface World {
  firstName: string;
  lastName: string;
  mfaEnabled: boolean;
  mfaRequired?: boolean;
  failSessions?: boolean;
  role?: 'USER' | 'ADMIN';
}

/** The profile page of a signed-in person, answering the calls it makes from a small world. */
function show(world: World) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', EMAIL);
  const role = world.role ?? 'USER';
  const user = () => ({
    id: 'u1',
    email: EMAIL,
    firstName: world.firstName,
    lastName: world.lastName,
    role,
    status: 'active',
    createdAt: '2026-01-01T00:00:00Z',
  });
  const profile = () => ({
    profile: {
      ...user(),
      preferences: {},
      mfaEnabled: world.mfaEnabled,
      mfaRequired: world.mfaRequired ?? false,
      pendingEmail: null,
    },
  });
  let sessions = [
    {
      id: 's1',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537',
      ip: '10.0.0.1',
      place: 'Prague, CZ',
      createdAt: '2026-03-01T10:00:00Z',
      lastSeenAt: '2026-03-01T11:00:00Z',
      current: true,
    },
    {
      id: 's2',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604',
      ip: '10.0.0.2',
      place: null,
      createdAt: '2026-02-01T10:00:00Z',
      lastSeenAt: '2026-02-02T11:00:00Z',
      current: false,
    },
  ];
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({
      status: 200,
      body: { status: 200, user: { id: 'u1', email: EMAIL, role } },
    }),
    [`GET /api/user/${ENC}`]: () => ({ status: 200, body: { user: user() } }),
    'GET /api/user/profile': () => ({ status: 200, body: profile() }),
    'PATCH /api/user/profile': (body) => {
      const b = body as { firstName: string; lastName: string };
      world.firstName = b.firstName;
      world.lastName = b.lastName;
      return { status: 200, body: profile() };
    },
    'POST /api/user/password': (body) =>
      (body as { currentPassword: string }).currentPassword === 'Secret123!'
        ? { status: 200, body: { status: 200, message: 'Password changed' } }
        : { status: 400, body: { code: 'INVALID_CREDENTIALS', message: 'The current password is incorrect' } },
    'GET /api/user/sessions': () =>
      world.failSessions
        ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
        : { status: 200, body: { items: sessions } },
    'DELETE /api/user/sessions/s2': () => {
      sessions = sessions.filter((s) => s.id !== 's2');
      return { status: 200, body: { status: 200, message: 'Signed out' } };
    },
    'GET /api/user/login-history': () => ({
      status: 200,
      body: {
        items: [
          {
            id: 'e1',
            outcome: 'mfa_failed',
            ip: '10.0.0.9',
            userAgent: null,
            place: 'Berlin, DE',
            createdAt: '2026-03-01T09:00:00Z',
          },
          {
            id: 'e2',
            outcome: 'success',
            ip: '10.0.0.1',
            userAgent: null,
            place: null,
            createdAt: '2026-03-01T08:00:00Z',
          },
        ],
      },
    }),
    'POST /api/user/mfa/setup': () => ({
      status: 200,
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      },
    }),
    'POST /api/user/mfa/confirm': (body) => {
      if ((body as { code: string }).code !== '123456')
        return { status: 400, body: { code: 'INVALID_MFA_CODE', message: 'The code is incorrect or has expired' } };
      world.mfaEnabled = true;
      world.mfaRequired = false;
      return { status: 200, body: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`) } };
    },
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  const Header = () => {
    const { state } = useAuth();
    return <div data-testid="header-name">{state.status === 'signed-in' ? state.user.firstName : ''}</div>;
  };
  renderRoutes(
    [
      {
        path: '/accounts/profile',
        element: (
          <SignedIn>
            <Header />
            <ProfilePage />
          </SignedIn>
        ),
      },
    ],
    '/accounts/profile',
  );
  return calls;
}

// Generous waits: the suite shares a busy machine.
const SLOW = { timeout: 10_000 };

describe('profile page', { timeout: 60_000 }, () => {
  beforeAll(() => loadMessages('en'));

  it('renames the person: the SPEC name rules, then the header shows the new name', async () => {
    const calls = show({ firstName: 'Ana', lastName: 'Novak', mfaEnabled: false });
    const card = await screen.findByTestId('profile-name', {}, SLOW);
    const first = within(card).getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Jo');
    await userEvent.tab();
    expect(await within(card).findByText('Minimum 3 symbols')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(first, 'hanna');
    await userEvent.click(within(card).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('header-name')?.textContent).toContain('Johanna'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ firstName: 'Johanna', lastName: 'Novak' });
  });

  it('password: the current one is required, the new one follows SPEC §5 and must match', async () => {
    const calls = show({ firstName: 'Ana', lastName: 'Novak', mfaEnabled: false });
    const card = await screen.findByTestId('profile-password', {}, SLOW);
    await userEvent.type(within(card).getByLabelText('Current password'), 'Secret123!');
    await userEvent.type(within(card).getByLabelText('New password'), 'weakpass');
    await userEvent.tab();
    expect(await within(card).findByText('Password must contain at least one uppercase letter')).toBeTruthy();
    await userEvent.clear(within(card).getByLabelText('New password'));
    await userEvent.type(within(card).getByLabelText('New password'), 'Another456?');
    await userEvent.type(within(card).getByLabelText('Confirm Password'), 'Another456!');
    await userEvent.tab();
    expect(await within(card).findByText("Password and Confirm Password didn't match")).toBeTruthy();
    await userEvent.clear(within(card).getByLabelText('Confirm Password'));
    await userEvent.type(within(card).getByLabelText('Confirm Password'), 'Another456?');
    await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/user/password'))?.body).toEqual({
        currentPassword: 'Secret123!',
        newPassword: 'Another456?',
      }),
    );
  });

  it('sessions: device from the user agent, place, "this device"; signs another one out', async () => {
    show({ firstName: 'Ana', lastName: 'Novak', mfaEnabled: false });
    const card = await screen.findByTestId('profile-sessions', {}, SLOW);
    const rows = await within(card).findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Chrome on Windows');
    expect(rows[0]?.textContent).toContain('This device');
    expect(rows[0]?.textContent).toContain('10.0.0.1 · Prague, CZ');
    expect(rows[1]?.textContent).toContain('Safari on iOS');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(card).getAllByTestId('session-row')).toHaveLength(1));
    expect(within(card).queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it('sessions: an error offers a retry', async () => {
    show({ firstName: 'Ana', lastName: 'Novak', mfaEnabled: false, failSessions: true });
    const card = await screen.findByTestId('profile-sessions', {}, SLOW);
    expect((await within(card).findByRole('alert')).textContent).toContain('This could not be loaded.');
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('login history: outcomes in words with place', async () => {
    show({ firstName: 'Ana', lastName: 'Novak', mfaEnabled: false });
    const card = await screen.findByTestId('profile-history', {}, SLOW);
    const rows = await within(card).findAllByTestId('history-row');
    expect(rows[0]?.textContent).toContain('Wrong code');
    expect(rows[0]?.textContent).toContain('Berlin, DE');
    expect(rows[1]?.textContent).toContain('Signed in');
  });

  it('two-factor: set up with the shown key, a wrong code is refused, the right one shows 10 recovery codes once', async () => {
    show({ firstName: 'Ana', lastName: 'Novak', mfaEnabled: false, mfaRequired: true, role: 'USER' });
    const card = await screen.findByTestId('profile-mfa', {}, SLOW);
    expect(within(card).getByTestId('mfa-status')?.textContent).toContain('Off');
    expect(within(card).getByTestId('mfa-required')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect((await within(card).findByTestId('mfa-secret')).textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(within(card).getByRole('img', { name: 'QR code for the authenticator app' })).toBeTruthy();
    const input = within(card).getByTestId('mfa-confirm-code');
    await userEvent.type(input, '000000');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));
    // Refused: still in set-up.
    await waitFor(() => expect(within(card).getByTestId('mfa-secret')).toBeTruthy());
    await userEvent.clear(input);
    await userEvent.type(input, '123456');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));
    const codes = await within(card).findByTestId('recovery-codes');
    expect(within(codes).getAllByText(/^aaaa\d-bbbbb$/)).toHaveLength(10);
    await waitFor(() => expect(within(card).getByTestId('mfa-status')?.textContent).toContain('On'));
    await userEvent.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByTestId('recovery-codes')).toBeNull();
    expect((within(card).getByRole('button', { name: 'Turn off' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n/messages';
import { useAuth } from '../lib/auth/auth-provider';
import { mockFetch, renderRoutes } from '../test/render';
import { CreateDialog } from './create-dialog';

function showAs(role: 'USER' | 'ADMIN' | 'SUPPORT') {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', 'x@example.com');
  const user = { id: 'u1', email: 'x@example.com', firstName: 'Xena', lastName: 'Young', role };
  mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user } }),
    'GET /api/user/x%40example.com': () => ({
      status: 200,
      body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  return renderRoutes(
    [
      {
        path: '/here',
        element: (
          <SignedIn>
            <CreateDialog opened onClose={() => {}} />
          </SignedIn>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/here',
  );
}

describe('the Create dialog', () => {
  beforeAll(() => loadMessages('en'));

  it('offers a member to start a challenge', async () => {
    const { router } = showAs('USER');
    await userEvent.click(await screen.findByTestId('create-start-challenge'));
    expect(router.state.location.pathname).toBe('/start-challenge');
  });

  it('offers ADMIN the discount-code form, and SUPPORT not', async () => {
    const { router, unmount } = showAs('ADMIN');
    await userEvent.click(await screen.findByRole('button', { name: /Create discount code/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/orders?tab=discounts&create=1');
    unmount();

    showAs('SUPPORT');
    await screen.findByTestId('create-read-only');
    expect(screen.queryByTestId('create-discount-code')).toBeNull();
  });

  it('offers ADMIN to issue a certificate on the certificates desk, and SUPPORT not', async () => {
    const { router, unmount } = showAs('ADMIN');
    await userEvent.click(await screen.findByRole('button', { name: /Issue certificate/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/admin-certificates?issue=1');
    unmount();

    showAs('SUPPORT');
    await screen.findByTestId('create-read-only');
    expect(screen.queryByTestId('create-certificate')).toBeNull();
  });

  it('offers ADMIN every back-office form: user, challenge, assignment, connector key; SUPPORT none', async () => {
    const { router, unmount } = showAs('ADMIN');
    expect((await screen.findByRole('dialog', { name: 'Create' })).textContent).toBeTruthy();
    for (const [id, to, title] of [
      ['create-user', '/users/edit-user', 'Create user'],
      ['create-challenge', '/challenges/create', 'Create challenge'],
      ['create-user-challenge', '/users/challenge/create', 'Assign challenge'],
      ['create-connector-key', '/integrations?create=1', 'Create connector key'],
    ] as const) {
      const option = await screen.findByTestId(id);
      expect(option.getAttribute('aria-disabled')).toBe('false');
      // The option says what it does: a verb, not a bare noun.
      expect(option.querySelector('p')?.textContent).toBe(title);
      if (id === 'create-connector-key') {
        await userEvent.click(screen.getByTestId(id));
        expect(router.state.location.pathname + router.state.location.search).toBe(to);
      }
    }
    unmount();

    showAs('SUPPORT');
    expect((await screen.findByTestId('create-read-only')).textContent).toMatch(/administrators/);
    expect(screen.queryByTestId('create-user')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderRoutes } from '../../../test/render';
import ConfirmEmailPage from './confirm-email-page';

const routes = [{ path: '/confirm-email', element: <ConfirmEmailPage /> }];

describe('confirm email page', () => {
  beforeAll(() => loadMessages('en'));

  it('sends the link token once and says the address changed', async () => {
    const calls = mockFetch({
      'POST /api/user/email/confirm': () => ({ status: 200, body: { status: 200, message: 'ok' } }),
    });
    renderRoutes(routes, '/confirm-email?token=abcdefghijklmnopqrstuvwxyz');
    expect((await screen.findByTestId('email-confirmed')).textContent).toBe(
      'Your email address has been changed. Please sign in with the new one.',
    );
    expect(calls.filter((c) => c.url.endsWith('/api/user/email/confirm')).map((c) => c.body)).toEqual([
      { token: 'abcdefghijklmnopqrstuvwxyz' },
    ]);
  });

  it('a used or expired link says so', async () => {
    mockFetch({
      'POST /api/user/email/confirm': () => ({
        status: 400,
        body: { code: 'INVALID_EMAIL_TOKEN', message: 'This confirmation link is invalid or has expired' },
      }),
    });
    renderRoutes(routes, '/confirm-email?token=abcdefghijklmnopqrstuvwxyz');
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderBlock } from '../../../test/render';
import type { AdminUserDetail } from '../api/get-user';
import { UserTwoFactor } from './user-two-factor';

const USER = {
  id: '00000000-0000-4000-8000-00000000000a',
  firstName: 'Mia',
  lastName: 'Tanaka',
  email: 'mia@example.com',
} as AdminUserDetail;
const MFA = `/api/admin/users/${USER.id}/mfa`;

const show = (canReset: boolean, locale: Locale = 'en') =>
  renderBlock(<UserTwoFactor user={USER} canReset={canReset} />, { locale });

describe('UserTwoFactor', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });

  it('says since when it is on, and ADMIN resets it after a confirmation naming the user', async () => {
    let enabled = true;
    const calls = mockFetch({
      [`GET ${MFA}`]: () => ({
        status: 200,
        body: { mfaEnabled: enabled, enabledAt: enabled ? '2026-11-20T10:00:00.000Z' : null },
      }),
      [`DELETE ${MFA}`]: () => {
        enabled = false;
        return { status: 200, body: { mfaEnabled: false, enabledAt: null } };
      },
    });
    show(true);
    expect(await screen.findByText(/^On since .*2026/)).toBeTruthy();
    expect(screen.getByTestId('user-mfa-state').textContent).toBe('On');

    await userEvent.click(screen.getByTestId('user-mfa-reset'));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in for Mia Tanaka?' });
    expect(dialog.textContent).toContain('Mia Tanaka (mia@example.com) will sign in with their password alone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));

    expect(await screen.findByText('Off: this user signs in with a password only.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([MFA]);
    expect(screen.queryByTestId('user-mfa-reset')).toBeNull();
  });

  it('offers nothing to reset when it is off, even to ADMIN', async () => {
    mockFetch({ [`GET ${MFA}`]: () => ({ status: 200, body: { mfaEnabled: false, enabledAt: null } }) });
    show(true);
    expect(await screen.findByText('Off: this user signs in with a password only.')).toBeTruthy();
    expect(screen.getByTestId('user-mfa-state').textContent).toBe('Off');
    expect(screen.queryByTestId('user-mfa-reset')).toBeNull();
  });

  it('offers no reset to SUPPORT (read-only)', async () => {
    mockFetch({
      [`GET ${MFA}`]: () => ({ status: 200, body: { mfaEnabled: true, enabledAt: '2026-11-20T10:00:00.000Z' } }),
    });
    show(false, 'de');
    expect(await screen.findByText(/^Aktiv seit/)).toBeTruthy();
    expect(screen.queryByTestId('user-mfa-reset')).toBeNull();
  });

  it('shows what went wrong with Retry, which reads again', async () => {
    let fail = true;
    mockFetch({
      [`GET ${MFA}`]: () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
          : { status: 200, body: { mfaEnabled: false, enabledAt: null } },
    });
    show(true);
    const error = await screen.findByTestId('user-mfa-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Off: this user signs in with a password only.')).toBeTruthy();
  });
});

import { ACCOUNT_MESSAGES } from '@app/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderRoutes } from '../../../test/render';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { TwoFactorCard } from './two-factor-card';

/** The server's refusal of a wrong current password: the field named, as the API answers it. */
const wrongPassword = {
  status: 400,
  body: {
    code: 'INVALID_CREDENTIALS',
    message: ACCOUNT_MESSAGES.currentPasswordIncorrect,
    fields: { currentPassword: ACCOUNT_MESSAGES.currentPasswordIncorrect },
  },
};
const sameAddress = {
  status: 409,
  body: {
    code: 'CONFLICT',
    message: ACCOUNT_MESSAGES.emailUnchanged,
    fields: { email: ACCOUNT_MESSAGES.emailUnchanged },
  },
};

async function show(element: ReactNode, locale: Locale = 'en') {
  await loadMessages(locale);
  renderRoutes([{ path: '/accounts/profile', element }], '/accounts/profile', { locale });
}

/** The text Mantine shows under an input (its error), found from the input's description link. */
const errorOf = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

const SLOW = { timeout: 10_000 };

describe('a wrong current password on the security forms', { timeout: 60_000 }, () => {
  it('password change: shown on the current-password field, not as a login failure', async () => {
    mockFetch({ 'POST /api/user/password': () => wrongPassword });
    await show(<PasswordForm />);
    const user = userEvent.setup();
    const current = await screen.findByLabelText('Current password', {}, SLOW);
    await user.type(current, 'Wrong123!');
    await user.type(screen.getByLabelText('New password'), 'Another456?');
    await user.type(screen.getByLabelText('Confirm Password'), 'Another456?');
    const submit = screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(errorOf(current)).toBe('The current password is incorrect'));
    expect(screen.queryByText('The login details are incorrect')).toBeNull();
  });

  it('email change, in German: the wrong password and then the own address on their fields', async () => {
    let answer: { status: number; body: unknown } = wrongPassword;
    mockFetch({ 'POST /api/user/email': () => answer });
    await show(<EmailForm email="ana@example.com" pendingEmail={null} />, 'de');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Neue E-Mail-Adresse', {}, SLOW);
    const current = screen.getByLabelText('Aktuelles Passwort');
    await user.type(email, 'ana@example.com');
    await user.type(current, 'Wrong123!');
    const submit = screen.getByRole('button', { name: 'Bestätigungslink senden' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(errorOf(current)).toBe('Das aktuelle Passwort ist falsch'));

    answer = sameAddress;
    await user.type(current, '1');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(errorOf(email)).toBe('Das ist bereits Ihre E-Mail-Adresse'));
    expect(errorOf(current)).toBeFalsy();
  });

  it('two-factor off: shown on the password field; typing again clears it', async () => {
    const calls = mockFetch({ 'POST /api/user/mfa/disable': () => wrongPassword });
    await show(<TwoFactorCard enabled required={false} />);
    const user = userEvent.setup();
    const card = await screen.findByTestId('profile-mfa', {}, SLOW);
    const current = within(card).getByLabelText('Current password');
    await user.type(current, 'Wrong123!');
    await user.type(within(card).getByLabelText('Code or recovery code'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(errorOf(current)).toBe('The current password is incorrect'));
    expect(calls.find((c) => c.url.endsWith('/api/user/mfa/disable'))?.body).toEqual({
      currentPassword: 'Wrong123!',
      code: '123456',
    });
    await user.type(current, '!');
    await waitFor(() => expect(errorOf(current)).toBeFalsy());
  });
});

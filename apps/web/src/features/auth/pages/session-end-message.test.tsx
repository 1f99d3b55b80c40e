import { ACCOUNT_MESSAGES, SESSION_END_MESSAGES } from '@app/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../i18n/locales';
import { loadMessages, plainText } from '../../../i18n/messages';
import { validationMessageId } from '../../../i18n/use-t';
import { mockFetch, renderRoutes } from '../../../test/render';
import LoginPage from './login-page';

const config = {
  faqUrl: 'https://faq',
  startChallengeUrl: 'https://start',
  geolocationUrl: 'https://geo.invalid/json',
  tradingDayTimeZone: 'UTC',
  demoMode: false,
};

/** The login page after a session ended with `message` (what the session check or a 403 stores). */
async function loginPageAfter(message: string, locale: 'de' | 'ja') {
  localStorage.setItem('auth_error_message', message);
  mockFetch({ 'GET /api/config': () => ({ status: 200, body: config }) });
  await loadMessages(locale);
  renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], '/auth/login', { locale });
  return screen.findByTestId('auth-error-message');
}

describe('why a session ended, on the login page', () => {
  it("is shown in the reader's language: a password changed elsewhere, in German", async () => {
    const alert = await loginPageAfter(SESSION_END_MESSAGES.password_changed, 'de');
    expect(alert.textContent).toBe('Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.');
    await waitFor(() => expect(localStorage.getItem('auth_error_message')).toBeNull());
  });

  it('the staff area asking for two-factor sign-in first (403), in Japanese', async () => {
    const alert = await loginPageAfter(ACCOUNT_MESSAGES.mfaEnrolmentRequired, 'ja');
    expect(alert.textContent).toBe('まずプロフィールで2段階認証を設定してください。');
  });

  it('every such server text has a message of its own, translated in all six languages', async () => {
    const texts = [...Object.values(SESSION_END_MESSAGES), ...Object.values(ACCOUNT_MESSAGES)];
    const english = await loadMessages('en');
    for (const text of texts) {
      const id = validationMessageId(text);
      expect(id, text).toBeDefined();
      expect(plainText(english[id!])).toBe(text);
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        const translated = plainText((await loadMessages(locale))[id!]);
        expect(translated, `${locale}: ${text}`).toBeTruthy();
        expect(translated, `${locale}: ${text}`).not.toBe(text);
      }
    }
  });
});

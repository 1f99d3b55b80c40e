import { MESSAGES } from '@app/contracts/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadMessages, plainText } from '../../../i18n/messages';
import type { Locale } from '../../../i18n/locales';
import { mockFetch, renderRoutes } from '../../../test/render';
import RegistrationPage from './registration-page';
import ResetPasswordPage from './reset-password-page';

const breached = { status: 400, body: { code: 'BREACHED_PASSWORD', message: MESSAGES.breachedPassword } };
const expected: Record<Locale, string> = {
  en: 'This password appears in lists of breached passwords. Please choose another one.',
  de: 'Dieses Passwort steht auf Listen gehackter Passwörter. Bitte wählen Sie ein anderes.',
  es: 'Esta contraseña aparece en listas de contraseñas filtradas. Elige otra.',
  fr: 'Ce mot de passe figure dans des listes de mots de passe divulgués. Veuillez en choisir un autre.',
  ja: 'このパスワードは流出したパスワードのリストに含まれています。別のパスワードを選んでください。',
  zh: '此密码出现在已泄露密码列表中，请选择其他密码。',
};

describe('a breached password refused by the server', () => {
  it('is shown translated on the registration form', async () => {
    mockFetch({ 'POST /api/auth/register': () => breached });
    await loadMessages('de');
    renderRoutes([{ path: '/auth/registration', element: <RegistrationPage /> }], '/auth/registration', {
      locale: 'de',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Vorname'), 'Jane');
    await user.type(screen.getByLabelText('Nachname'), 'Doe');
    await user.type(screen.getByLabelText('E-Mail'), 'jane@example.com');
    await user.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'Password1!');
    await user.type(screen.getByLabelText('Passwort bestätigen', { selector: 'input' }), 'Password1!');
    await user.click(screen.getByRole('checkbox'));
    const submit = screen.getByRole('button', { name: 'Absenden' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByTestId('form-error')).textContent).toBe(expected.de);
  });

  it('is shown translated on the reset form', async () => {
    mockFetch({ 'POST /api/auth/reset': () => breached });
    await loadMessages('fr');
    renderRoutes(
      [{ path: '/auth/reset-password', element: <ResetPasswordPage /> }],
      '/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz',
      { locale: 'fr' },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' }), 'P@ssw0rd');
    await user.type(screen.getByLabelText('Confirmer le mot de passe', { selector: 'input' }), 'P@ssw0rd');
    const submit = screen.getByRole('button', { name: 'Enregistrer le mot de passe' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByTestId('form-error')).textContent?.trim()).toBe(expected.fr);
  });

  it('has its text in all six languages', async () => {
    for (const locale of Object.keys(expected) as Locale[]) {
      expect(plainText((await loadMessages(locale))['ERROR.CODE.BREACHED_PASSWORD']), locale).toBe(expected[locale]);
    }
  });
});

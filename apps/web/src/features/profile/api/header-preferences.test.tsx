import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../i18n/i18n-provider';
import { loadMessages } from '../../../i18n/messages';
import { Header } from '../../../layout/header';
import { EMAIL, preferencesServer, type Stored } from '../../../test/preferences-server';
import { useStoredPreferences } from '../../../layout/use-stored-preferences';
import { useAuth, useCurrentUser } from '../../../lib/auth/auth-provider';
import { renderRoutes } from '../../../test/render';
import { PreferencesForm } from '../components/preferences-form';
import { useProfile } from './get-profile';

const server = (initial: Stored) => preferencesServer('USER', initial);

/** The shell's header with the profile screen's data or its preferences form below it. */
function SignedIn({ form }: { form: boolean }) {
  useStoredPreferences(useCurrentUser());
  const { locale } = useLocale();
  const profile = useProfile();
  const stored = profile.data?.profile.preferences;
  return (
    <>
      <Header navOpened={false} toggleNav={() => {}} openSettings={() => {}} />
      <p data-testid="locale">{locale}</p>
      <p data-testid="profile-language">{stored?.language ?? '…'}</p>
      {form && stored && <PreferencesForm stored={stored} />}
    </>
  );
}

function show({ form = false } = {}) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', EMAIL);
  function Probe() {
    const { state } = useAuth();
    return state.status === 'signed-in' ? <SignedIn form={form} /> : <p>{state.status}</p>;
  }
  return renderRoutes([{ path: '/', element: <Probe /> }], '/');
}

describe('the profile screen and the header’s language agree', { timeout: 60_000 }, () => {
  beforeAll(() => Promise.all([loadMessages('en'), loadMessages('de')]));

  it('a language picked in the header shows in the profile’s preferences', async () => {
    const { puts } = server({ language: 'en', theme: 'light' });
    show();
    await waitFor(() => expect(screen.getByTestId('profile-language').textContent).toBe('en'));

    const user = userEvent.setup();
    await user.click(screen.getByTestId('language-menu'));
    // Hidden to the accessibility tree while the dropdown's transition runs under jsdom.
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('profile-language').textContent).toBe('de'));
    expect(puts()).toEqual([{ language: 'de', theme: 'light' }]);
  });

  it('a language saved in the profile’s form is written once, not again by the shell', async () => {
    const { puts, profileReads } = server({ language: 'en', theme: 'light' });
    // The signed-in record is read again after the save; over a network it arrives well after.
    const answer = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes(encodeURIComponent(EMAIL))) await new Promise((r) => setTimeout(r, 200));
      return answer(input, init);
    }) as typeof fetch;
    show({ form: true });
    const user = userEvent.setup();
    const card = await screen.findByTestId('profile-preferences', {}, { timeout: 10_000 });
    await user.click(
      within(card)
        .getAllByLabelText('Language')
        .find((e) => e.tagName === 'INPUT')!,
    );
    // Hidden to the accessibility tree while the dropdown's transition runs under jsdom.
    await user.click(await screen.findByRole('option', { name: 'Deutsch', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('locale').textContent).toBe('de'));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(puts()).toEqual([{ language: 'de', theme: 'light', mail: {} }]);
    expect(profileReads()).toBe(1);
  });

  it('the open profile form follows a language picked in the header, so its save keeps it', async () => {
    const { puts } = server({ language: 'en', theme: 'light' });
    show({ form: true });
    const user = userEvent.setup();
    const card = await screen.findByTestId('profile-preferences', {}, { timeout: 10_000 });
    const language = () =>
      within(screen.getByTestId('profile-preferences'))
        .getAllByLabelText(/^(Language|Sprache)$/)
        .find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    expect(language().value).toBe('English');
    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch', hidden: true }));
    await waitFor(() => expect(language().value).toBe('Deutsch'));
    await user.click(within(card).getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(puts().at(-1)).toMatchObject({ language: 'de' }));
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../i18n/i18n-provider';
import { getStoredLocale } from '../i18n/locales';
import { loadMessages } from '../i18n/messages';
import { useAuth, useCurrentUser } from '../lib/auth/auth-provider';
import { useThemeMode } from '../lib/theme/theme-provider';
import { renderRoutes } from '../test/render';
import { Header } from './header';
import { EMAIL, preferencesServer, type Stored } from '../test/preferences-server';
import { useStoredPreferences } from './use-stored-preferences';

/** A server keeping one person's preferences. */
const server = preferencesServer;

/** The signed-in shell's part under test: the stored preferences hook and the real header. */
function SignedIn() {
  useStoredPreferences(useCurrentUser());
  const { locale } = useLocale();
  const { mode } = useThemeMode();
  return (
    <>
      <Header navOpened={false} toggleNav={() => {}} openSettings={() => {}} />
      <p data-testid="locale">{locale}</p>
      <p data-testid="theme">{mode}</p>
      <Link to="/elsewhere">leave</Link>
    </>
  );
}

function Probe() {
  const { state } = useAuth();
  return state.status === 'signed-in' ? <SignedIn /> : <p>{state.status}</p>;
}

/** A page load: a new app, with what this browser stored (token, language, theme). */
function load() {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', EMAIL);
  return renderRoutes(
    [
      { path: '/', element: <Probe /> },
      { path: '/elsewhere', element: <Link to="/">back</Link> },
    ],
    '/',
    { locale: getStoredLocale() },
  );
}

const shown = (id: 'locale' | 'theme') => screen.getByTestId(id).textContent;

/** Lets the shell's effects and a language's messages settle. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

async function pickLanguage(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('language-menu'));
  // Hidden to the accessibility tree while the dropdown's transition runs under jsdom.
  await user.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

async function pickTheme(testId: string) {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('theme-menu'));
  await user.click(await screen.findByTestId(testId));
}

const STORED: Stored = { language: 'en', theme: 'light', timeZone: 'Asia/Tokyo', mail: { orders: false } };

describe('a language or theme picked in the header is saved as the signed-in person’s preference', () => {
  beforeAll(() => Promise.all([loadMessages('en'), loadMessages('de')]));

  it.each(['USER', 'SUPPORT'] as const)('language, for a %s; the other preferences kept', async (role) => {
    const { puts } = server(role, STORED);
    const app = load();
    await waitFor(() => expect(shown('locale')).toBe('en'));

    await pickLanguage('Deutsch');
    await waitFor(() => expect(shown('locale')).toBe('de'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ ...STORED, language: 'de' });

    // The shell mounting again (after a page outside it) applies the updated record.
    await app.router.navigate('/elsewhere');
    await app.router.navigate('/');
    await waitFor(() => expect(screen.getByTestId('locale')).toBeTruthy());
    await settle();
    expect(shown('locale')).toBe('de');

    // A reload reads the person again: the header's choice stays.
    app.unmount();
    load();
    await waitFor(() => expect(screen.getByTestId('locale')).toBeTruthy());
    await settle();
    expect(shown('locale')).toBe('de');
    expect(puts()).toHaveLength(1);
  });

  it('theme; the other preferences kept, and a reload keeps it', async () => {
    const { puts } = server('USER', STORED);
    const app = load();
    await waitFor(() => expect(shown('theme')).toBe('light'));

    await pickTheme('theme-dark');
    expect(shown('theme')).toBe('dark');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ ...STORED, theme: 'dark' });

    app.unmount();
    load();
    await waitFor(() => expect(screen.getByTestId('theme')).toBeTruthy());
    await settle();
    expect(shown('theme')).toBe('dark');
  });

  it('the preferences applied at sign-in are not saved back', async () => {
    const { puts } = server('USER', { language: 'de', theme: 'dark' });
    load();
    await waitFor(() => expect(shown('locale')).toBe('de'));
    expect(shown('theme')).toBe('dark');
    await settle();
    expect(puts()).toEqual([]);
  });

  it('a refused save leaves the choice applied for this visit, and is not retried', async () => {
    const { puts, calls } = server('USER', STORED, { failSaves: true });
    load();
    await waitFor(() => expect(shown('locale')).toBe('en'));

    await pickLanguage('Deutsch');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await settle();
    expect(shown('locale')).toBe('de');
    expect(screen.getByTestId('language-menu')).toBeTruthy();
    expect(puts()).toHaveLength(1);
  });
});

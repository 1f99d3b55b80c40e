import { act, screen, waitFor } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../i18n/i18n-provider';
import { loadMessages } from '../i18n/messages';
import { useAuth, useCurrentUser } from '../lib/auth/auth-provider';
import { getDisplayTimeZone } from '../lib/format/display-zone';
import { useFormat } from '../lib/format/use-format';
import { useThemeMode } from '../lib/theme/theme-provider';
import { mockFetch, renderRoutes } from '../test/render';
import { useStoredPreferences } from './use-stored-preferences';

const EMAIL = 'ana@example.com';
const INSTANT = '2026-11-23T13:05:00Z';

/** What the signed-in shell applies, and what a screen then shows. */
function SignedIn() {
  useStoredPreferences(useCurrentUser());
  const { locale } = useLocale();
  const { mode } = useThemeMode();
  const format = useFormat();
  const intl = useIntl();
  return (
    <dl>
      <dd data-testid="locale">{locale}</dd>
      <dd data-testid="theme">{mode}</dd>
      <dd data-testid="zone">{format.displayZone}</dd>
      <dd data-testid="time">{format.time(INSTANT)}</dd>
      <dd data-testid="intl-time">
        {intl.formatTime(INSTANT, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}
      </dd>
    </dl>
  );
}

/** Stands in for the shell: shown while signed in, gone after sign-out. */
function Probe() {
  const { state, signOut } = useAuth();
  if (state.status !== 'signed-in') return <p data-testid="signed-out">{state.status}</p>;
  return (
    <>
      <SignedIn />
      <button onClick={() => void signOut()}>sign out</button>
    </>
  );
}

function signIn(preferences: Record<string, string> | undefined) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', EMAIL);
  mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user: { id: 'u1', email: EMAIL } } }),
    [`GET /api/user/${encodeURIComponent(EMAIL)}`]: () => ({
      status: 200,
      body: {
        user: {
          id: 'u1',
          email: EMAIL,
          firstName: 'Ana',
          lastName: 'Novak',
          role: 'USER',
          status: 'active',
          createdAt: '2026-01-01T00:00:00Z',
          preferences,
        },
      },
    }),
    'POST /api/auth/logout': () => ({ status: 200, body: { status: 200, message: 'Logged out' } }),
  });
  return renderRoutes([{ path: '/', element: <Probe /> }], '/');
}

// The test runner's browser zone is UTC; the stored zone differs from it.
describe('preferences kept on the server are applied at sign-in', () => {
  beforeAll(() => loadMessages('en'));

  it('language, theme and display zone from the signed-in person’s record; the zone ends at sign-out', async () => {
    signIn({ language: 'de', theme: 'dark', timeZone: 'Asia/Tokyo' });
    await waitFor(() => expect(screen.getByTestId('locale').textContent).toBe('de'));
    expect(screen.getByTestId('theme').textContent).toBe('dark');
    expect(screen.getByTestId('zone').textContent).toBe('Asia/Tokyo');
    // 13:05 UTC is 22:05 in Tokyo, in useFormat and in react-intl alike.
    expect(screen.getByTestId('time').textContent).toBe('22:05 GMT+9');
    expect(screen.getByTestId('intl-time').textContent).toBe('22:05');
    expect(getDisplayTimeZone()).toBe('Asia/Tokyo');

    await act(async () => screen.getByRole('button', { name: 'sign out' }).click());
    await waitFor(() => expect(screen.getByTestId('signed-out')).toBeTruthy());
    expect(getDisplayTimeZone()).toBeUndefined();
  });

  it('without a stored zone, times stay in the browser’s', async () => {
    signIn({ language: 'en' });
    await waitFor(() => expect(screen.getByTestId('zone').textContent).toBe('UTC'));
    expect(screen.getByTestId('time').textContent).toBe('13:05 UTC');
    expect(getDisplayTimeZone()).toBeUndefined();
  });
});

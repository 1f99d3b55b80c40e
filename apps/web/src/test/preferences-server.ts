// Tests only: a server keeping one signed-in person's preferences, for the header's and the profile
// screen's tests of how a language or theme picked in the header is saved.
import { mockFetch } from './render';

export const EMAIL = 'ana@example.com';

export type Stored = {
  language?: string;
  theme?: 'light' | 'dark' | 'system';
  timeZone?: string;
  mail?: Record<string, boolean>;
};

/** Answers the session check, the signed-in record, the profile and its save; `failSaves` refuses every PUT. */
export function preferencesServer(role: 'USER' | 'SUPPORT', initial: Stored, { failSaves = false } = {}) {
  let stored: Stored = initial;
  const person = () => ({
    id: 'u1',
    email: EMAIL,
    firstName: 'Ana',
    lastName: 'Novak',
    role,
    status: 'active',
    createdAt: '2026-01-01T00:00:00Z',
  });
  const profile = () => ({
    profile: { ...person(), preferences: stored, mfaEnabled: false, mfaRequired: false, pendingEmail: null },
  });
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user: { id: 'u1', email: EMAIL } } }),
    // The signed-in record carries language, theme and zone, not the mail choices.
    [`GET /api/user/${encodeURIComponent(EMAIL)}`]: () => ({
      status: 200,
      body: {
        user: {
          ...person(),
          preferences: { language: stored.language, theme: stored.theme, timeZone: stored.timeZone },
        },
      },
    }),
    'GET /api/user/profile': () => ({ status: 200, body: profile() }),
    'PUT /api/user/preferences': (body) => {
      if (failSaves) return { status: 500, body: { code: 'INTERNAL', message: 'Internal error' } };
      stored = body as Stored;
      return { status: 200, body: profile() };
    },
  });
  return {
    calls,
    puts: () => calls.filter((c) => c.method === 'PUT').map((c) => c.body),
    profileReads: () => calls.filter((c) => c.method === 'GET' && c.url.endsWith('/api/user/profile')).length,
  };
}

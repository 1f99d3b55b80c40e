import { connectorListQuerySchema, type Connector } from '@app/contracts/trading';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_LOCALES } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { formatDateTime } from '../../../lib/format/format-date';
import { toQueryString } from '../../../lib/query-string';
import { mockFetch, renderRoutes } from '../../../test/render';
import ConnectorsPage from './connectors-page';

const HOUR = 3_600_000;
/** As the page formats a moment in English. */
const dateTime = (at: string | number) => formatDateTime(at, FORMAT_LOCALES.en);
const connector = (over: Partial<Connector>): Connector => ({
  id: 'c1',
  name: 'MT5 bridge',
  keyPrefix: 'fpc_abcdef',
  createdAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  rotatedAt: null,
  previousKeyExpiresAt: null,
  ...over,
});
// Rotated an hour ago: its old key works for another hour.
const inGrace = connector({
  id: 'c2',
  name: 'cTrader bridge',
  rotatedAt: new Date(Date.now() - HOUR).toISOString(),
  previousKeyExpiresAt: new Date(Date.now() + HOUR).toISOString(),
});
const NEW_KEY = 'fpc_NEWKEYabcdefghijklmnopqrstuvwxyz0123456789';

/** The page as a signed-in user of `role` sees it; answers the calls the page makes. */
function showAs(role: 'ADMIN' | 'SUPPORT') {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', 'x@example.com');
  const user = { id: 'u1', email: 'x@example.com', firstName: 'Xena', lastName: 'Young', role };
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user } }),
    'GET /api/user/x%40example.com': () => ({
      status: 200,
      body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    [`GET /api/admin/connectors?${toQueryString(connectorListQuerySchema.parse({}))}`]: () => ({
      status: 200,
      body: { items: [connector({}), inGrace], total: 2, page: 1, pageSize: 25 },
    }),
    'GET /api/admin/connectors/key-rotation': () => ({ status: 200, body: { graceMinutes: 1440 } }),
    'POST /api/admin/connectors/c1/rotate': () => {
      const now = new Date();
      return {
        status: 200,
        body: {
          ...connector({}),
          keyPrefix: NEW_KEY.slice(0, 10),
          rotatedAt: now.toISOString(),
          previousKeyExpiresAt: new Date(now.getTime() + 24 * HOUR).toISOString(),
          key: NEW_KEY,
        },
      };
    },
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  renderRoutes(
    [
      {
        path: '/connectors',
        element: (
          <SignedIn>
            <ConnectorsPage />
          </SignedIn>
        ),
      },
    ],
    '/connectors',
  );
  return calls;
}

describe('connector key rotation', () => {
  beforeAll(() => loadMessages('en'));

  it('ADMIN: says until when the old key works, rotates, shows the new key once', async () => {
    const calls = showAs('ADMIN');
    await screen.findByText('MT5 bridge');
    // A grace is running on the second connector only.
    expect(screen.getAllByTestId('connector-grace').map((e) => e.textContent)).toEqual([
      `Old key works until ${dateTime(inGrace.previousKeyExpiresAt!)}`,
    ]);

    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Rotate key of MT5 bridge' }));
    const after = Date.now();
    const confirm = await screen.findByRole('dialog', { name: 'Rotate this connector’s key?' });
    // The grace end is shown with its time zone: now + 1440 minutes (to the minute).
    const ends = [before, after].map((at) => dateTime(at + 24 * HOUR));
    await waitFor(() => expect(confirm.textContent).toContain('The old key keeps working until'));
    expect(ends.some((end) => confirm.textContent!.includes(`until ${end}, then stops.`))).toBe(true);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Rotate key' }));
    const reveal = await screen.findByRole('dialog', { name: 'New API key' });
    expect(within(reveal).getByTestId('connector-key').textContent).toBe(NEW_KEY);
    expect(within(reveal).getByTestId('connector-key-note').textContent).toMatch(
      /^The old key keeps working until .+, then stops\.$/,
    );
    expect(within(reveal).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    // The grace the text promised is the one asked for.
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/admin/connectors/c1/rotate',
      body: { graceMinutes: 1440 },
    });

    await userEvent.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(NEW_KEY)).toBeNull());
  });

  it('SUPPORT: sees the grace, but no rotate (or revoke) buttons', async () => {
    showAs('SUPPORT');
    await screen.findByText('MT5 bridge');
    expect(screen.getByTestId('connector-grace')).toBeTruthy();
    expect(screen.getByText(/Only administrators can create connectors, rotate their keys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Rotate key/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });
});

import type { StaffChallenge } from '@app/contracts/challenges';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { toastError } from '../../../lib/toast';
import { mockFetch, renderRoutes } from '../../../test/render';
import ChallengesPage from './challenges-page';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const challenge = (over: Partial<StaffChallenge>): StaffChallenge => ({
  id: 'c0',
  name: 'Unused 10K',
  slug: 'unused-10k',
  description: '',
  accountSizeCents: 10_000_00,
  currency: 'USD',
  priceCents: 99_00,
  status: 'active',
  platform: 'demo',
  leverage: 100,
  phases: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  accountsCount: 0,
  inUse: false,
  ...over,
});
const UNUSED = challenge({});
// Bought but not yet delivered: no account, an order. The server archives it.
const ORDERED = challenge({ id: 'c1', name: 'Ordered 25K', slug: 'ordered-25k', inUse: true });
const TRADED = challenge({ id: 'c2', name: 'Traded 50K', slug: 'traded-50k', accountsCount: 3, inUse: true });

function show() {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', 'x@example.com');
  const user = { id: 'u1', email: 'x@example.com', firstName: 'Ada', lastName: 'Admin', role: 'ADMIN' };
  mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user } }),
    'GET /api/user/x%40example.com': () => ({
      status: 200,
      body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    'GET /api/admin/challenges': () => ({ status: 200, body: { challenges: [UNUSED, ORDERED, TRADED] } }),
    'DELETE /api/admin/challenges/c0': () => ({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'The requested challenge is not found' },
    }),
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  renderRoutes(
    [
      {
        path: '/challenges',
        element: (
          <SignedIn>
            <ChallengesPage />
          </SignedIn>
        ),
      },
    ],
    '/challenges',
  );
}

async function openArchive(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Archive ${name}` }));
  return screen.findByRole('dialog', { name: `Archive ${name}?` });
}

describe('archiving from the challenges list', () => {
  beforeAll(() => loadMessages('en'));
  beforeEach(() => vi.clearAllMocks());

  it('promises what the server will do: archived whenever accounts or orders use it, else deleted', async () => {
    show();
    await screen.findByTestId('challenges-table');
    const text = async (name: string) => {
      const dialog = await openArchive(name);
      const said = within(dialog).getByTestId('challenge-archive-text').textContent;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      return said;
    };
    expect(await text('Ordered 25K')).toBe('Orders name it, so it will be taken off sale and kept, not deleted.');
    expect(await text('Traded 50K')).toMatch(/^3 trading accounts use it: it will be taken off sale and kept/);
    expect(await text('Unused 10K')).toBe('No account or order uses it yet, so it will be deleted.');
  });

  it('says a challenge gone meanwhile is gone, not the server’s English', async () => {
    show();
    const dialog = await openArchive('Unused 10K');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('This challenge no longer exists. Reload the list.'));
  });
});

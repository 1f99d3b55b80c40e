import type { AccountOverview, TradingAccount } from '@app/contracts/trading';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { mockFetch, renderRoutes } from '../../../test/render';
import { account, overview, withEquity } from '../test-fixtures';
import AccountOverviewPage from './account-overview-page';
import AccountsPage from './accounts-page';

const calm = account({ id: 'a-calm', login: '111', challengeName: '100K Two-Step', createdAt: '2026-11-02T00:00:00Z' });
const tight = account({
  id: 'a-tight',
  login: '222',
  challengeName: '25K One-Step',
  createdAt: '2026-10-01T00:00:00Z',
});
const failed = account({
  id: 'a-failed',
  login: '333',
  status: 'failed',
  breach: {
    rule: 'daily_loss',
    at: '2026-11-11T16:00:00.000Z',
    equityCents: 2_372_864,
    levelCents: 2_411_035,
    balanceCents: 2_487_864,
    openPositions: 3,
    dayStartCents: 2_511_035,
    dayKey: '2026-11-11',
    formula: null,
  },
});
const overviews: Record<string, AccountOverview> = {
  'a-calm': overview({ account: calm }),
  // 310.00 left today
  'a-tight': withEquity(overview({ account: tight }), 9_853_568),
  'a-failed': overview({ account: failed }),
};

type Handlers = Parameters<typeof mockFetch>[0];

function signedIn(path: string, page: ReactNode, handlers: Handlers) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', 'm@example.com');
  const user = { id: 'u1', email: 'm@example.com', firstName: 'Martina', lastName: 'N', role: 'USER' };
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user } }),
    'GET /api/user/m%40example.com': () => ({
      status: 200,
      body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    'GET /api/config': () => ({ status: 200, body: { startChallengeUrl: 'https://example.com/start', faqUrl: 'x' } }),
    ...handlers,
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  const utils = renderRoutes(
    [
      { path: '/accounts', element: <SignedIn>{page}</SignedIn> },
      { path: '/accounts/account-overview', element: <SignedIn>{page}</SignedIn> },
    ],
    path,
  );
  return { ...utils, calls };
}

const listOf = (accounts: TradingAccount[]) => () => ({ status: 200, body: { accounts } });
const overviewHandlers = Object.fromEntries(
  Object.entries(overviews).map(([id, o]) => [`GET /api/accounts/${id}`, () => ({ status: 200, body: o })]),
);

describe('/accounts', () => {
  beforeAll(() => loadMessages('en'));

  it('most urgent first, what needs attention on top, status filter in the URL, opening stores the account', async () => {
    const { router } = signedIn('/accounts', <AccountsPage />, {
      'GET /api/accounts': listOf([failed, calm, tight]),
      ...overviewHandlers,
    });
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(3));
    // The account 310.00 from its daily limit comes first, the failed one last.
    await waitFor(() =>
      expect(screen.getAllByTestId('account-card').map((c) => c.getAttribute('data-login'))).toEqual([
        '222',
        '111',
        '333',
      ]),
    );
    expect(screen.getByTestId('attention-item').textContent?.replace(/\u00a0/g, ' ')).toBe(
      '25K One-Step · 222: US$310.00 left today',
    );
    expect(within(screen.getAllByTestId('account-card')[2]!).getByTestId('card-breach').textContent).toMatch(
      /^Failed: Max daily loss on 11 Nov 2026, 16:00/,
    );

    await userEvent.click(screen.getByText('Failed (1)'));
    expect(router.state.location.search).toBe('?status=failed');
    expect(screen.getAllByTestId('account-card').map((c) => c.getAttribute('data-login'))).toEqual(['333']);
    await userEvent.click(screen.getByText('All (3)'));
    expect(router.state.location.search).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Open the overview of account 111' }));
    expect(router.state.location.pathname).toBe('/accounts/account-overview');
    expect(['accountId', 'id', 'status'].map((k) => localStorage.getItem(k))).toEqual(['111', 'a-calm', 'active']);
  });

  it('a list that arrives after the page first rendered shows all its cards at once', async () => {
    // jsdom is narrower than `md`: the first screen's cards are 2, the rest follow the first paint.
    let fail = true;
    signedIn('/accounts', <AccountsPage />, {
      'GET /api/accounts': () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : listOf([failed, calm, tight])(),
      ...overviewHandlers,
    });
    expect(await screen.findByText('Your accounts could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // The grid's first appearance already holds every card: no empty or partial grid first.
    const grid = await screen.findByTestId('account-cards');
    expect(within(grid).getAllByTestId('account-card')).toHaveLength(3);
  });

  it('a member without accounts keeps the empty state with Start Challenge', async () => {
    signedIn('/accounts', <AccountsPage />, { 'GET /api/accounts': listOf([]) });
    expect(await screen.findByText('No trading accounts yet')).toBeTruthy();
    // A newcomer is welcomed, not welcomed back.
    expect(screen.getByRole('heading', { name: /^Welcome, / })).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.getByRole('link', { name: /Start Challenge/ }).getAttribute('href')).toBe(
          'https://example.com/start',
        ),
      { timeout: 4000 },
    );
  });

  it('a member whose bank transfer is on its way is told so, with how to pay, not only to buy', async () => {
    const pending = { id: 'o1', number: 'ORD-000004', challengeName: '10K Two-Step', status: 'pending' };
    signedIn('/accounts', <AccountsPage />, {
      'GET /api/accounts': listOf([]),
      'GET /api/orders?status=pending&pageSize=5': () => ({ status: 200, body: { items: [pending], total: 1 } }),
    });
    const notice = await screen.findByTestId('awaiting-orders');
    expect(notice.textContent).toContain(
      'ORD-000004 · 10K Two-Step: your account opens here as soon as the payment arrives.',
    );
    expect(within(notice).getByRole('link', { name: 'How to pay (Billing)' }).getAttribute('href')).toBe('/billing');
  });

  it('the list failed: says so, Retry loads it', async () => {
    let fail = true;
    signedIn('/accounts', <AccountsPage />, {
      'GET /api/accounts': () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : listOf([calm])(),
      ...overviewHandlers,
    });
    expect(await screen.findByText('Your accounts could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(1));
  });
});

describe('/accounts/account-overview', () => {
  beforeAll(() => loadMessages('en'));

  it('no stored account: says how to choose one', async () => {
    signedIn('/accounts/account-overview', <AccountOverviewPage />, { 'GET /api/accounts': listOf([calm]) });
    expect(await screen.findByText('No account selected')).toBeTruthy();
  });

  it('a stored login that is not the member’s: says so', async () => {
    localStorage.setItem('accountId', 'FP-10042');
    signedIn('/accounts/account-overview', <AccountOverviewPage />, { 'GET /api/accounts': listOf([calm]) });
    expect(await screen.findByText('Account FP-10042 is not one of yours')).toBeTruthy();
  });

  it('the overview failed to load: the error with Retry, then the figures', async () => {
    localStorage.setItem('accountId', '111');
    localStorage.setItem('id', 'a-calm');
    let fail = true;
    signedIn('/accounts/account-overview', <AccountOverviewPage />, {
      'GET /api/accounts': listOf([calm]),
      'GET /api/accounts/a-calm': () =>
        fail
          ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }
          : { status: 200, body: overviews['a-calm'] },
    });
    expect(await screen.findByTestId('block-error')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('fig-balance')).textContent).toBe('US$103,225.68');
    expect(screen.getByTestId('limit-daily-left').textContent?.replace(/\u00a0/g, ' ')).toBe('US$5,152.16 left today');
  });
});

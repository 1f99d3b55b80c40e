import { payoutListQuerySchema, type AdminPayout, type AdminPayoutDetail } from '@app/contracts/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { toQueryString } from '../../../lib/query-string';
import { mockFetch, renderRoutes } from '../../../test/render';
import AdminPayoutsPage from './admin-payouts-page';
import { eligibility } from '../test-fixtures';

const LIST = `GET /api/admin/payouts?${toQueryString(payoutListQuerySchema.parse({}))}`;
const staff = (role: 'ADMIN' | 'SUPPORT') => ({
  id: 's1',
  email: 's@example.com',
  firstName: 'Sam',
  lastName: 'S',
  role,
});

const request: AdminPayout = {
  id: 'p1',
  accountId: 'a1',
  accountLogin: '50000007',
  userId: 'u1',
  userEmail: 'martina@example.com',
  userName: 'Martina N',
  reviewerEmail: null,
  amountCents: 1_000_00,
  grossCents: 1_250_00,
  firmShareCents: 250_00,
  splitBps: 8000,
  currency: 'USD',
  method: 'bank_transfer',
  destination: {
    method: 'bank_transfer',
    accountHolder: 'Martina N',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
  status: 'requested',
  rejectionReason: null,
  transferReference: null,
  certificateCode: null,
  requestedAt: '2026-11-20T10:00:00Z',
  approvedAt: null,
  rejectedAt: null,
  cancelledAt: null,
  paidAt: null,
};
const detail: AdminPayoutDetail = {
  payout: request,
  eligibility: eligibility({
    accountId: 'a1',
    checks: [
      { key: 'funded_active', ok: true, phaseKind: 'funded', status: 'active' },
      { key: 'no_open_positions', ok: true, openPositions: 0 },
    ],
  }),
  history: [request],
  breach: null,
  verdictReviews: 0,
  newsViolations: { enabled: false, minutesBefore: 0, minutesAfter: 0, violations: [] },
  reportedWithdrawal: null,
};
const page = (items: AdminPayout[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } });

function show(role: 'ADMIN' | 'SUPPORT', handlers: Parameters<typeof mockFetch>[0], path = '/admin-payouts-requests') {
  const user = staff(role);
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', user.email);
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user } }),
    'GET /api/user/s%40example.com': () => ({
      status: 200,
      body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    ...handlers,
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  const utils = renderRoutes(
    [
      {
        path: '/admin-payouts-requests',
        element: (
          <SignedIn>
            <AdminPayoutsPage />
          </SignedIn>
        ),
      },
    ],
    path,
  );
  return { ...utils, calls };
}

describe('/admin-payouts-requests', () => {
  beforeAll(() => loadMessages('en'));

  it('filters go into the URL and the request', async () => {
    const FILTERED = 'GET /api/admin/payouts?page=1&pageSize=25&sort=requestedAt&order=asc&status=requested';
    const { calls, router } = show('SUPPORT', { [LIST]: () => page([request]), [FILTERED]: () => page([request]) });
    await screen.findByText('martina@example.com', {}, { timeout: 15_000 });
    await userEvent.selectOptions(screen.getByTestId('payout-status-filter'), 'requested');
    await waitFor(() => expect(router.state.location.search).toBe('?status=requested'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe(FILTERED.slice(4)));
  });

  it('SUPPORT opens the detail and reads it, with no decision buttons', async () => {
    show(
      'SUPPORT',
      { 'GET /api/admin/payouts/p1': () => ({ status: 200, body: detail }), [LIST]: () => page([request]) },
      '/admin-payouts-requests?view=p1',
    );
    const drawer = await screen.findByTestId('payout-drawer', {}, { timeout: 15_000 });
    expect(within(drawer).getByText('DE89370400440532013000')).toBeTruthy();
    expect(within(drawer).getByText('No rule broken: the account has never failed.')).toBeTruthy();
    expect(within(drawer).getByTestId('payout-checklist')).toBeTruthy();
    expect(within(drawer).queryByTestId('payout-actions')).toBeNull();
    expect(within(drawer).queryByTestId('payout-request-button')).toBeNull();
  });

  it('a breach since the request names its rule in words, not the engine’s name', async () => {
    const failed = { ...detail, breach: { rule: 'daily_loss', at: '2026-11-20T10:00:00Z', text: '' } };
    show(
      'SUPPORT',
      { 'GET /api/admin/payouts/p1': () => ({ status: 200, body: failed }), [LIST]: () => page([request]) },
      '/admin-payouts-requests?view=p1',
    );
    const breaches = await screen.findByTestId('payout-breaches', {}, { timeout: 15_000 });
    expect(breaches.textContent).toContain('Breached Max daily loss on');
    expect(breaches.textContent).not.toContain('daily_loss');
  });

  it('a trade inside the windows of two restricted events is listed once, with both events', async () => {
    const nfp = { id: 'e1', time: '2026-11-06T13:30:00Z', currency: 'USD', title: 'Non-Farm Payrolls' };
    const rate = { id: 'e2', time: '2026-11-06T13:31:00Z', currency: 'USD', title: 'Unemployment Rate' };
    const flagged = {
      ...detail,
      newsViolations: {
        enabled: true,
        minutesBefore: 2,
        minutesAfter: 2,
        // The rule's answer: one entry per (trade end, event) pair.
        violations: [
          { ticket: '9001', symbol: 'EURUSD', side: 'open', tradeTime: '2026-11-06T13:29:40Z', event: nfp },
          { ticket: '9001', symbol: 'EURUSD', side: 'open', tradeTime: '2026-11-06T13:29:40Z', event: rate },
          { ticket: '9002', symbol: 'XAUUSD', side: 'close', tradeTime: '2026-11-06T13:32:10Z', event: nfp },
          { ticket: '9002', symbol: 'XAUUSD', side: 'close', tradeTime: '2026-11-06T13:32:10Z', event: rate },
        ],
      },
    } satisfies AdminPayoutDetail;
    show(
      'SUPPORT',
      { 'GET /api/admin/payouts/p1': () => ({ status: 200, body: flagged }), [LIST]: () => page([request]) },
      '/admin-payouts-requests?view=p1',
    );
    const block = await screen.findByTestId('news-violations', {}, { timeout: 15_000 });
    const trades = within(block).getAllByTestId('news-violation');
    expect(trades.map((li) => li.textContent?.match(/#\d+/)?.[0])).toEqual(['#9001', '#9002']);
    expect(block.textContent).toContain('2 trades');
    for (const trade of trades) {
      expect(trade.textContent).toContain('Non-Farm Payrolls');
      expect(trade.textContent).toContain('Unemployment Rate');
    }
  });

  it('an approved payout the bridge has withdrawn already is paid, not rejected', async () => {
    const approved = { ...request, status: 'approved' as const, approvedAt: '2026-11-21T09:00:00Z' };
    const withdrawn = {
      ...detail,
      payout: approved,
      reportedWithdrawal: { eventId: 'mt5-deal-77', at: '2026-11-22T08:15:00Z' },
    } satisfies AdminPayoutDetail;
    show(
      'ADMIN',
      { 'GET /api/admin/payouts/p1': () => ({ status: 200, body: withdrawn }), [LIST]: () => page([approved]) },
      '/admin-payouts-requests?view=p1',
    );
    const notice = await screen.findByTestId('payout-reported-withdrawal', {}, { timeout: 15_000 });
    expect(notice.textContent).toContain('Withdrawn on the trading server');
    expect(notice.textContent).toContain('(event mt5-deal-77)');
    expect(notice.textContent).toContain('on 22 Nov 2026, 08:15 UTC');
    const actions = screen.getByTestId('payout-actions');
    expect(within(actions).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('ADMIN rejects with a required reason', async () => {
    const { calls } = show(
      'ADMIN',
      {
        'GET /api/admin/payouts/p1': () => ({ status: 200, body: detail }),
        [LIST]: () => page([request]),
        'POST /api/admin/payouts/p1/reject': () => ({
          status: 200,
          body: {
            payout: { ...request, status: 'rejected', rejectionReason: 'Hedging', rejectedAt: '2026-11-23T12:00:00Z' },
          },
        }),
      },
      '/admin-payouts-requests?view=p1',
    );
    const drawer = await screen.findByTestId('payout-drawer', {}, { timeout: 15_000 });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reject' }));
    await userEvent.click(await screen.findByTestId('confirm-action', {}, { timeout: 15_000 }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByTestId('payout-decision-text'), 'Hedging');
    await userEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/admin/payouts/p1/reject')?.body).toEqual({
        reason: 'Hedging',
      }),
    );
  });
});

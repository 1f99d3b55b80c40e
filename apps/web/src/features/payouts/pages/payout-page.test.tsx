import {
  myPayoutsQuerySchema,
  type AccountEligibility,
  type EligibilityCheck,
  type MyPayout,
} from '@app/contracts/payouts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { toQueryString } from '../../../lib/query-string';
import { mockFetch, renderRoutes } from '../../../test/render';
import PayoutPage from './payout-page';
import { eligibility as fundedEligibility } from '../test-fixtures';

const LIST = `GET /api/payouts?${toQueryString(myPayoutsQuerySchema.parse({}))}`;
const ACCOUNT_ID = '5b0f4b8e-3c1a-4a39-9c55-2f1f0c2b7a11';
const ELIGIBILITY = 'GET /api/payouts/eligibility';
const member = { id: 'u1', email: 'm@example.com', firstName: 'Martina', lastName: 'N', role: 'USER' };

const checks = (over: Partial<Record<EligibilityCheck['key'], Partial<EligibilityCheck>>> = {}): EligibilityCheck[] =>
  [
    { key: 'funded_active', ok: true, phaseKind: 'funded', status: 'active' },
    {
      key: 'interval',
      ok: true,
      since: 'first_trade',
      sinceAt: '2026-11-01T09:00:00Z',
      daysSince: 22,
      requiredDays: 14,
      missingDays: 0,
      eligibleAt: '2026-11-15T09:00:00Z',
    },
    { key: 'no_open_positions', ok: true, openPositions: 0 },
    { key: 'minimum', ok: true, availableCents: 4_000_00, minimumCents: 100_00, missingCents: 0 },
    { key: 'no_open_request', ok: true, openPayoutId: null, openStatus: null },
  ].map((c) => ({ ...c, ...over[c.key as EligibilityCheck['key']] })) as EligibilityCheck[];

const account = (over: Partial<AccountEligibility> = {}): AccountEligibility =>
  fundedEligibility({ accountId: ACCOUNT_ID, checks: checks(), ...over });
const payout = (over: Partial<MyPayout>): MyPayout => ({
  id: 'p1',
  accountId: ACCOUNT_ID,
  accountLogin: '50000007',
  userId: 'u1',
  amountCents: 1_000_00,
  grossCents: 1_250_00,
  firmShareCents: 250_00,
  splitBps: 8000,
  currency: 'USD',
  method: 'paypal',
  destination: { method: 'paypal', email: 'm@example.com' },
  status: 'requested',
  rejectionReason: null,
  transferReference: null,
  certificateCode: null,
  requestedAt: '2026-11-20T10:00:00Z',
  approvedAt: null,
  rejectedAt: null,
  cancelledAt: null,
  paidAt: null,
  withdrawnAt: null,
  ...over,
});
const page = (items: MyPayout[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } });
const eligibility = (accounts: AccountEligibility[], medianHours: number | null = 30) => ({
  status: 200,
  body: { accounts, turnaround: { medianHours, paidCount: medianHours === null ? 0 : 4 } },
});

function show(handlers: Parameters<typeof mockFetch>[0]) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', member.email);
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user: member } }),
    'GET /api/user/m%40example.com': () => ({
      status: 200,
      body: { user: { ...member, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    ...handlers,
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  const utils = renderRoutes(
    [
      {
        path: '/payout',
        element: (
          <SignedIn>
            <PayoutPage />
          </SignedIn>
        ),
      },
    ],
    '/payout',
  );
  return { ...utils, calls };
}

describe('/payout', () => {
  beforeAll(() => loadMessages('en'));

  it('shows the figures and the checklist; a disabled request button says why', async () => {
    show({
      [ELIGIBILITY]: () =>
        eligibility([
          account({
            eligible: false,
            checks: checks({
              interval: { ok: false, daysSince: 11, missingDays: 3, eligibleAt: '2026-12-02T09:00:00Z' },
              no_open_positions: { ok: false, openPositions: 2 } as Partial<EligibilityCheck>,
            }),
          }),
        ]),
      [LIST]: () => page([]),
    });
    const card = await screen.findByTestId('payout-account', {}, { timeout: 15_000 });
    expect(within(card).getByTestId('payout-available').textContent).toBe('US$4,000.00');
    expect(within(card).getByText('80%')).toBeTruthy();
    expect(within(card).getByText('US$1,000.00')).toBeTruthy();
    const button = within(card).getByTestId('payout-request-button');
    expect(button.hasAttribute('disabled')).toBe(true);
    const reason = within(card).getByTestId('payout-blocked-reason');
    expect(reason.textContent).toBe('3 more days: eligible on 2 Dec 2026');
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(within(card).getByTestId('payout-check-no_open_positions').textContent).toContain(
      '2 positions are still open',
    );
    expect(within(card).getByTestId('payout-check-interval').getAttribute('data-ok')).toBe('false');
  });

  it('checks the form as the server does, then confirms with the split and the turnaround', async () => {
    const { calls } = show({
      [ELIGIBILITY]: () => eligibility([account()]),
      [LIST]: () => page([]),
      'POST /api/payouts': () => ({ status: 201, body: { payout: payout({ amountCents: 2_000_00 }) } }),
    });
    await userEvent.click(await screen.findByTestId('payout-request-button', {}, { timeout: 15_000 }));
    const amount = within(screen.getByTestId('payout-form')).getByTestId('payout-amount');
    fireEvent.change(amount, { target: { value: '5000' } });
    fireEvent.change(screen.getByTestId('payout-iban'), { target: { value: 'DE89 3704 0044 0532 0130 01' } });
    fireEvent.change(screen.getByTestId('payout-bic'), { target: { value: 'COBADE' } });
    await userEvent.click(screen.getByTestId('payout-next'));
    expect(await screen.findByText('At most US$4,000.00 is available')).toBeTruthy();
    expect(screen.getByText('Not a valid IBAN: check the country code and the check digits')).toBeTruthy();
    expect(screen.getByText('Not a valid BIC (8 or 11 letters and digits)')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Martina N' } });
    fireEvent.change(screen.getByTestId('payout-iban'), { target: { value: 'DE89 3704 0044 0532 0130 00' } });
    fireEvent.change(screen.getByTestId('payout-bic'), { target: { value: 'COBADEFFXXX' } });
    await userEvent.click(screen.getByTestId('payout-next'));
    const review = await screen.findByTestId('payout-review');
    expect(within(review).getByTestId('payout-review-gross').textContent).toBe('US$2,500.00');
    expect(within(review).getByTestId('payout-review-amount').textContent).toBe('US$2,000.00');
    expect(within(review).getByTestId('payout-turnaround').textContent).toContain('30 hours');
    await userEvent.click(within(review).getByTestId('payout-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payouts')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/payouts')!.body;
    expect(sent).toEqual({
      accountId: ACCOUNT_ID,
      amountCents: 2_000_00,
      destination: {
        method: 'bank_transfer',
        accountHolder: 'Martina N',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      },
    });
  });

  it('history: the tracker, the reviewer’s reason, cancel while requested', async () => {
    const { calls } = show({
      [ELIGIBILITY]: () => eligibility([account()], null),
      [LIST]: () =>
        page([
          payout({ id: 'p1', status: 'requested' }),
          payout({ id: 'p2', status: 'rejected', rejectedAt: '2026-11-21T10:00:00Z', rejectionReason: 'Hedging' }),
          payout({
            id: 'p3',
            status: 'paid',
            approvedAt: '2026-11-10T10:00:00Z',
            paidAt: '2026-11-11T10:00:00Z',
            transferReference: 'SEPA-1',
            certificateCode: 'C7K2-9QXD-M4TB',
          }),
          payout({
            id: 'p4',
            status: 'approved',
            approvedAt: '2026-11-21T10:00:00Z',
            withdrawnAt: '2026-11-22T09:30:00Z',
          }),
        ]),
      'POST /api/payouts/p1/cancel': () => ({ status: 200, body: { payout: payout({ status: 'cancelled' }) } }),
    });
    const table = await screen.findByTestId('payout-history');
    expect(await within(table).findByText('Reason: Hedging', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(table).getAllByTestId('payout-tracker')).toHaveLength(3);
    // Approved, and the bridge has withdrawn it from the trading account: only the transfer is left.
    expect(within(table).getByTestId('payout-withdrawn').textContent).toMatch(
      /^Withdrawn from your account on .*2026.*: the transfer to you is on its way\.$/,
    );
    // The paid one links to its certificate in the gallery.
    const certificate = within(table).getByTestId('payout-certificate');
    expect(certificate.textContent).toBe('Certificate C7K2-9QXD-M4TB');
    expect(certificate.getAttribute('href')).toBe('/certificates');
    expect(within(table).getAllByTestId('payout-cancel')).toHaveLength(1);
    expect([...table.querySelectorAll('thead th')].at(-1)?.textContent).toBe('Actions');
    await userEvent.click(within(table).getByTestId('payout-cancel'));
    await userEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payouts/p1/cancel')).toBe(true),
    );
  });

  it('history without a request to cancel: when, amount and status lead, and no empty actions column', async () => {
    show({
      [ELIGIBILITY]: () => eligibility([]),
      [LIST]: () =>
        page([
          payout({ id: 'p2', status: 'paid', approvedAt: '2026-11-10T10:00:00Z', paidAt: '2026-11-11T10:00:00Z' }),
        ]),
    });
    const table = await screen.findByTestId('payout-history');
    await within(table).findByTestId('payout-tracker', {}, { timeout: 15_000 });
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['Requested', 'Amount', 'Status', 'Method', 'Account']);
  });

  it('no funded account: says what will appear; a failed load offers Retry', async () => {
    let attempts = 0;
    show({
      [ELIGIBILITY]: () =>
        ++attempts === 1 ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } : eligibility([]),
      [LIST]: () => page([]),
    });
    const error = await screen.findByTestId('payout-error', {}, { timeout: 15_000 });
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No funded account yet')).toBeTruthy();
  });
});

describe('/payout?request=1 (from the Create dialog)', () => {
  beforeAll(() => loadMessages('en'));

  it('opens the request form of the first eligible account', async () => {
    localStorage.setItem('access', 'tok');
    localStorage.setItem('email', member.email);
    mockFetch({
      'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user: member } }),
      'GET /api/user/m%40example.com': () => ({
        status: 200,
        body: { user: { ...member, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
      }),
      [ELIGIBILITY]: () => eligibility([account({ accountId: 'a0', login: '1', eligible: false }), account()]),
      [LIST]: () => page([]),
    });
    const SignedIn = ({ children }: { children: ReactNode }) =>
      useAuth().state.status === 'signed-in' ? children : null;
    const { router } = renderRoutes(
      [
        {
          path: '/payout',
          element: (
            <SignedIn>
              <PayoutPage />
            </SignedIn>
          ),
        },
      ],
      '/payout?request=1',
    );
    expect(await screen.findByTestId('payout-form', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Request a payout from 50000007')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

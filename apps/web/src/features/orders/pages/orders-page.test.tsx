import {
  discountCodeListQuerySchema,
  orderListQuerySchema,
  type AdminOrder,
  type DiscountCode,
} from '@app/contracts/commerce';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { toQueryString } from '../../../lib/query-string';
import { mockFetch, renderRoutes } from '../../../test/render';
import OrdersPage from './orders-page';

const CHALLENGE_ID = '00000000-0000-4000-8000-000000000001';
const order = (over: Partial<AdminOrder>): AdminOrder => ({
  id: 'o1',
  number: 'ORD-000001',
  userId: 'u9',
  challengeId: CHALLENGE_ID,
  challengeName: '10K Two-Step',
  status: 'paid',
  currency: 'USD',
  subtotalCents: 9_900,
  discountCents: 0,
  discountCode: null,
  netCents: 9_900,
  vatRateBps: 0,
  vatCents: 0,
  totalCents: 9_900,
  reverseCharge: false,
  provider: 'demo',
  providerReference: null,
  billing: {
    name: '山田 太郎',
    email: 'taro@example.com',
    addressLine1: '1-1 Chiyoda',
    addressLine2: '',
    city: 'Tokyo',
    postalCode: '100-0001',
    country: 'JP',
    company: '',
    vatId: '',
  },
  createdAt: '2026-11-20T10:00:00Z',
  paidAt: '2026-11-20T10:00:01Z',
  cancelledAt: null,
  refundedAt: null,
  failedAt: null,
  failureReason: null,
  invoiceNumber: 'INV-2026-000001',
  accountId: 'a1',
  accountLogin: '700001',
  paymentInstructions: null,
  checkoutUrl: null,
  userEmail: 'taro@example.com',
  userName: 'Taro Yamada',
  ...over,
});
const paid = order({});
const detail = {
  order: paid,
  timeline: [
    { kind: 'created', at: '2026-11-20T10:00:00Z', actorEmail: null, account: null, detail: null },
    { kind: 'paid', at: '2026-11-20T10:00:01Z', actorEmail: null, account: null, detail: null },
    { kind: 'account_provisioned', at: '2026-11-20T10:00:01Z', actorEmail: null, account: '700001', detail: null },
    { kind: 'account_closed', at: '2026-11-21T09:00:00Z', actorEmail: null, account: '700001', detail: 'reset' },
    { kind: 'account_reset', at: '2026-11-21T09:00:00Z', actorEmail: null, account: '700002', detail: null },
  ],
};
const defaults = toQueryString(orderListQuerySchema.parse({}));
const page = <T,>(items: T[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } });
const challenges = { challenges: [{ id: CHALLENGE_ID, name: '10K Two-Step' }] };

function show(role: 'ADMIN' | 'SUPPORT', path: string, handlers: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', 'staff@example.com');
  const user = { id: 's1', email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff', role };
  // Any list request answers the one paid order, so the test can read what was asked.
  const calls = mockFetch(
    new Proxy(
      {
        'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user } }),
        'GET /api/user/staff%40example.com': () => ({
          status: 200,
          body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
        }),
        'GET /api/admin/challenges': () => ({ status: 200, body: challenges }),
        'GET /api/admin/orders/o1': () => ({ status: 200, body: detail }),
        ...handlers,
      } as Parameters<typeof mockFetch>[0],
      {
        get: (target, key: string) =>
          target[key] ?? (key.startsWith('GET /api/admin/orders?') ? () => page([paid]) : undefined),
      },
    ),
  );
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  const utils = renderRoutes(
    [
      {
        path: '/orders',
        element: (
          <SignedIn>
            <OrdersPage />
          </SignedIn>
        ),
      },
    ],
    path,
  );
  return { ...utils, calls };
}
// The search box waits 300 ms before it writes; on a loaded machine the default 1 s is tight.
const SLOW = { timeout: 5_000 };
const listCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/admin/orders?'));

describe('/orders', () => {
  beforeAll(() => loadMessages('en'));

  it('search and filters go into the URL and into the request', async () => {
    const { calls, router } = show('ADMIN', '/orders');
    await screen.findByText('ORD-000001');
    expect(listCalls(calls)[0]!.url).toBe(`/api/admin/orders?${defaults}`);

    await userEvent.type(screen.getByTestId('order-search'), 'taro@');
    await waitFor(() => expect(router.state.location.search).toBe('?q=taro%40'), SLOW);
    // The page has asked for the search before the next filter changes.
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toContain('q=taro%40'), SLOW);
    await userEvent.selectOptions(screen.getByTestId('order-status-filter'), 'paid');
    await userEvent.selectOptions(screen.getByTestId('order-provider-filter'), 'manual');
    await waitFor(
      () => expect(screen.getByTestId('order-challenge-filter').querySelectorAll('option')).toHaveLength(2),
      SLOW,
    );
    await userEvent.selectOptions(screen.getByTestId('order-challenge-filter'), CHALLENGE_ID);
    await userEvent.type(screen.getByTestId('order-from'), '2026-11-01');

    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      q: 'taro@',
      status: 'paid',
      provider: 'manual',
      challengeId: CHALLENGE_ID,
      from: new Date(2026, 10, 1).toISOString(),
    });
    await waitFor(() => {
      const last = new URL(listCalls(calls).at(-1)!.url, 'http://x').searchParams;
      expect(Object.fromEntries(last)).toEqual({
        page: '1',
        pageSize: '25',
        sort: 'createdAt',
        order: 'desc',
        q: 'taro@',
        status: 'paid',
        challengeId: CHALLENGE_ID,
        provider: 'manual',
        from: new Date(2026, 10, 1).toISOString(),
      });
    }, SLOW);
  });

  it('exports the filtered list as CSV with the bearer token', async () => {
    URL.createObjectURL = () => 'blob:orders';
    URL.revokeObjectURL = () => {};
    const { calls } = show('SUPPORT', '/orders?status=paid&q=taro', {
      'GET /api/admin/orders.csv?sort=createdAt&order=desc&q=taro&status=paid': () => ({
        status: 200,
        body: 'number\n',
      }),
    });
    await screen.findByText('ORD-000001');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/admin/orders.csv'))).toBe(true));
    const csv = calls.find((c) => c.url.startsWith('/api/admin/orders.csv'))!;
    expect(csv.url).toBe('/api/admin/orders.csv?sort=createdAt&order=desc&q=taro&status=paid');
    expect(new Headers(csv.init?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('ADMIN refunds from the drawer after confirming, with the reason; the list is fetched again', async () => {
    const { calls } = show('ADMIN', '/orders', {
      'POST /api/admin/orders/o1/refund': () => ({
        status: 200,
        body: { order: { ...paid, status: 'refunded', refundedAt: '2026-11-21T00:00:00Z' } },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Details of ORD-000001' }));
    const drawer = await screen.findByTestId('order-drawer');
    expect(within(drawer).getAllByText('Account provisioned')).toHaveLength(1);
    expect(within(drawer).getByText('山田 太郎')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'User taro@example.com' }).getAttribute('href')).toBe(
      '/users/u9/edit-user',
    );
    expect(within(drawer).getByRole('link', { name: 'Trading account 700001' }).getAttribute('href')).toBe(
      '/users/u9/trading-accounts',
    );
    // A paid order can be refunded, not marked paid or cancelled.
    expect(within(drawer).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));

    const dialog = await screen.findByRole('dialog', { name: 'Refund ORD-000001?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Customer request');
    const before = listCalls(calls).length;
    await userEvent.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/admin/orders/o1/refund',
        body: { reason: 'Customer request' },
      }),
    );
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('ADMIN marks a pending bank transfer paid with the bank reference; it cannot be refunded yet', async () => {
    const pending = order({
      id: 'o2',
      number: 'ORD-000002',
      status: 'pending',
      provider: 'manual',
      paidAt: null,
      invoiceNumber: null,
      accountId: null,
    });
    const { calls } = show('ADMIN', '/orders?view=o2', {
      'GET /api/admin/orders/o2': () => ({
        status: 200,
        body: {
          order: pending,
          timeline: [{ kind: 'created', at: pending.createdAt, actorEmail: null, detail: null }],
        },
      }),
      'POST /api/admin/orders/o2/mark-paid': () => ({ status: 200, body: { order: { ...pending, status: 'paid' } } }),
    });
    const actions = await screen.findByTestId('order-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark paid', 'Cancel order']);
    await userEvent.click(within(actions).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark ORD-000002 as paid?' });
    await userEvent.type(within(dialog).getByLabelText(/Bank reference/), 'BANK-991');
    await userEvent.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/admin/orders/o2/mark-paid',
        body: { reference: 'BANK-991' },
      }),
    );
  });

  it('SUPPORT reads the order and the codes, with no action buttons', async () => {
    show('SUPPORT', '/orders?view=o1', {
      [`GET /api/admin/discount-codes?${toQueryString(discountCodeListQuerySchema.parse({}))}`]: () =>
        page<DiscountCode>([
          {
            id: 'd1',
            code: 'SPRING25',
            kind: 'percent',
            percentBps: 2500,
            amountCents: null,
            currency: null,
            validFrom: null,
            validUntil: null,
            maxUses: 10,
            uses: 3,
            challengeId: null,
            challengeName: null,
            active: true,
            createdAt: '2026-11-01T00:00:00Z',
          },
        ]),
    });
    expect(await screen.findByText(/Only administrators can mark orders paid/)).toBeTruthy();
    const drawer = await screen.findByTestId('order-drawer');
    const timeline = within(drawer).getByTestId('order-timeline');
    // The accounts the order led to, by login; a closing reason given by code is put in words.
    expect(within(timeline).getAllByText('Account 700001')).toHaveLength(2);
    expect(within(timeline).getByText('Account reset: a fresh account of the same phase')).toBeTruthy();
    expect(within(timeline).getByText('Account 700002')).toBeTruthy();
    expect(within(timeline).getByText('Replaced by a reset')).toBeTruthy();
    expect(within(drawer).queryByTestId('order-actions')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Discount codes' }));
    expect(await screen.findByText('SPRING25')).toBeTruthy();
    expect(screen.getByText('3 of 10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create discount code' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('ADMIN creates a discount code, checked as the server checks it', async () => {
    const { calls } = show('ADMIN', '/orders?tab=discounts&create=1', {
      [`GET /api/admin/discount-codes?${toQueryString(discountCodeListQuerySchema.parse({}))}`]: () => page([]),
      'POST /api/admin/discount-codes': (body) => ({
        status: 201,
        body: {
          discountCode: {
            ...(body as object),
            id: 'd2',
            uses: 0,
            challengeName: null,
            active: true,
            createdAt: '2026-11-22T00:00:00Z',
          },
        },
      }),
    });
    const form = await screen.findByTestId('discount-form');
    await userEvent.type(within(form).getByLabelText(/^Code/), 'x');
    await userEvent.click(within(form).getByTestId('discount-submit'));
    expect(await within(form).findByText('3 to 40 letters, digits, - or _')).toBeTruthy();
    expect(within(form).getByText('Between 0.01 and 100 percent')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(within(form).getByLabelText(/^Code/));
    await userEvent.type(within(form).getByLabelText(/^Code/), 'spring25');
    await userEvent.type(within(form).getByLabelText(/^Percent off/), '25');
    await userEvent.type(within(form).getByLabelText(/^Maximum uses/), '10');
    await userEvent.click(within(form).getByTestId('discount-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        code: 'SPRING25',
        kind: 'percent',
        percentBps: 2500,
        amountCents: null,
        currency: null,
        validFrom: null,
        validUntil: null,
        maxUses: 10,
        challengeId: null,
      }),
    );
  });

  it('says which time the date range applies to: the dashboard opens it by payment time', async () => {
    const range = 'from=2026-03-09T23%3A00%3A00.000Z&to=2026-03-16T23%3A00%3A00.000Z';
    const { calls, router } = show('SUPPORT', `/orders?dateField=paidAt&${range}`);
    await screen.findByText('ORD-000001');
    expect(listCalls(calls)[0]!.url).toContain(`dateField=paidAt&${range}`);
    const field = screen.getByTestId('order-date-field') as HTMLSelectElement;
    expect(field.value).toBe('paidAt');
    expect(field.selectedOptions[0]!.textContent).toBe('Payment (refunded included)');
    expect(screen.getByLabelText('Paid from')).toBeTruthy();
    expect(screen.getByLabelText('Paid until')).toBeTruthy();

    // Back to the created time, the default: it leaves the URL and the labels say so.
    await userEvent.selectOptions(field, 'createdAt');
    await waitFor(() => expect(router.state.location.search).toBe(`?${range}`));
    expect(screen.getByLabelText('Created from')).toBeTruthy();
  });
});

import { myOrdersQuerySchema, type Order } from '@app/contracts/commerce';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import type { Locale } from '../../../i18n/locales';
import { toastError } from '../../../lib/toast';
import { useAuth } from '../../../lib/auth/auth-provider';
import { toQueryString } from '../../../lib/query-string';
import { mockFetch, renderRoutes } from '../../../test/render';
import BillingPage from './billing-page';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const LIST = `GET /api/orders?${toQueryString(myOrdersQuerySchema.parse({}))}`;
const member = { id: 'u1', email: 'm@example.com', firstName: 'Martina', lastName: 'N', role: 'USER' };
const billing = {
  name: 'Martina N',
  email: 'm@example.com',
  addressLine1: 'Main St 1',
  addressLine2: '',
  city: 'Prague',
  postalCode: '11000',
  country: 'CZ' as const,
  company: '',
  vatId: '',
};
const order = (over: Partial<Order>): Order => ({
  id: 'o1',
  number: 'ORD-000001',
  userId: 'u1',
  challengeId: 'c1',
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
  billing,
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
  ...over,
});
const paid = order({});
const manual = order({
  id: 'o2',
  number: 'ORD-000002',
  status: 'pending',
  provider: 'manual',
  paidAt: null,
  invoiceNumber: null,
  accountId: null,
  paymentInstructions: {
    beneficiary: 'Funding Platform s.r.o.',
    iban: 'CZ6508000000192000145399',
    bic: 'GIBACZPX',
    bankName: 'Česká spořitelna',
    reference: 'ORD-000002',
    amountCents: 9_900,
    currency: 'USD',
  },
});
const failed = order({
  id: 'o3',
  number: 'ORD-000003',
  status: 'failed',
  provider: 'stripe',
  paidAt: null,
  invoiceNumber: null,
  accountId: null,
  failureReason: 'Card declined',
});
// A card payment whose provider was down: pending, no payment page yet.
const stuck = order({
  id: 'o4',
  number: 'ORD-000004',
  status: 'pending',
  provider: 'stripe',
  paidAt: null,
  invoiceNumber: null,
  accountId: null,
});
const page = (items: Order[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } });

function show(handlers: Parameters<typeof mockFetch>[0], locale: Locale = 'en') {
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
        path: '/billing',
        element: (
          <SignedIn>
            <BillingPage />
          </SignedIn>
        ),
      },
    ],
    '/billing',
    { locale },
  );
  return { ...utils, calls };
}

describe('/billing', () => {
  beforeAll(() => loadMessages('en'));

  it('with no orders: says what will appear, and links to the catalogue', async () => {
    show({ [LIST]: () => page([]) });
    const empty = await screen.findByTestId('list-empty');
    expect(within(empty).getByText('No orders yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Start a challenge' }).getAttribute('href')).toBe(
      '/start-challenge',
    );
  });

  it('a failed load shows the error and Retry loads again', async () => {
    let attempts = 0;
    show({
      [LIST]: () =>
        ++attempts === 1 ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } : page([paid]),
    });
    const error = await screen.findByTestId('list-error');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ORD-000001')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('shows how to pay a pending transfer, the invoice of a paid order, and retries a failed payment', async () => {
    const { calls } = show({
      [LIST]: () => page([failed, manual, paid, stuck]),
      'POST /api/orders/o3/retry': () => ({
        status: 200,
        body: { order: { ...failed, status: 'paid', invoiceNumber: 'INV-2026-000002' } },
      }),
    });
    const awaiting = await screen.findByTestId('awaiting-payment');
    expect(within(awaiting).getByText('ORD-000002 · 10K Two-Step: awaiting payment')).toBeTruthy();
    expect(within(awaiting).getByTestId('pay-iban').textContent).toBe('CZ6508000000192000145399');
    expect(within(awaiting).getByTestId('pay-reference').textContent).toBe('ORD-000002');
    // Only the paid order has an invoice; the failed one and the one whose provider was down a retry.
    expect(screen.getAllByTestId('billing-invoice')).toHaveLength(1);
    expect(screen.getAllByTestId('billing-retry').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Retry the payment of ORD-000003',
      'Retry the payment of ORD-000004',
    ]);
    expect(screen.getByRole('button', { name: 'Download invoice INV-2026-000001' })).toBeTruthy();
    expect(screen.getByText('Card declined')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry the payment of ORD-000003' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/orders/o3/retry')).toBe(true));
    // The list is fetched again after the retry.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/orders?')).length).toBe(2));
  });

  it('a refused retry says why in the chosen language, not in the server’s English', async () => {
    await loadMessages('de');
    show(
      {
        [LIST]: () => page([failed]),
        'POST /api/orders/o3/retry': () => ({
          status: 409,
          body: { code: 'ORDER_NOT_PENDING', message: 'The order is paid' },
        }),
      },
      'de',
    );
    await userEvent.click(await screen.findByTestId('billing-retry'));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Diese Bestellung wartet nicht mehr auf eine Zahlung. Laden Sie neu, um ihren Stand zu sehen.',
      ),
    );
  });

  it('the status filter goes into the URL and the request', async () => {
    const { calls, router } = show({
      [LIST]: () => page([failed, manual, paid]),
      'GET /api/orders?page=1&pageSize=25&sort=createdAt&order=desc&status=failed': () => page([failed]),
    });
    await screen.findByText('ORD-000001');
    await userEvent.selectOptions(screen.getByTestId('billing-status-filter'), 'failed');
    await waitFor(() => expect(screen.queryByText('ORD-000001')).toBeNull());
    expect(router.state.location.search).toBe('?status=failed');
    expect(calls.at(-1)?.url).toBe('/api/orders?page=1&pageSize=25&sort=createdAt&order=desc&status=failed');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderRoutes } from '../../../test/render';
import { oneStep10k, order, quote, twoStep100k, twoStep10k } from '../test-fixtures';
import StartChallengePage from './start-challenge-page';

type Handlers = Parameters<typeof mockFetch>[0];
const config = {
  faqUrl: 'x',
  startChallengeUrl: '/start-challenge',
  geolocationUrl: 'x',
  tradingDayTimeZone: 'UTC',
  demoMode: true,
  checkout: { providers: ['demo', 'manual'], termsUrl: 'https://example.com/terms', sellerCountry: 'CZ' },
};
const member = { id: 'u1', email: 'm@example.com', firstName: 'Martina', lastName: 'N', role: 'USER' };

function show(path: string, handlers: Handlers, { signedIn = false } = {}) {
  if (signedIn) {
    localStorage.setItem('access', 'tok');
    localStorage.setItem('email', member.email);
  }
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user: member } }),
    'GET /api/user/m%40example.com': () => ({
      status: 200,
      body: { user: { ...member, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    'GET /api/config': () => ({ status: 200, body: config }),
    'GET /api/challenges': () => ({ status: 200, body: { challenges: [twoStep100k, oneStep10k, twoStep10k] } }),
    ...handlers,
  });
  const utils = renderRoutes(
    [
      { path: '/start-challenge', element: <StartChallengePage /> },
      { path: '/auth/registration', element: <p>registration</p> },
      { path: '/accounts', element: <p>accounts</p> },
    ],
    path,
  );
  return { ...utils, calls };
}

const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ');

async function fillBilling() {
  await userEvent.type(screen.getByLabelText(/^Address\s*\*?$/), 'Main St 1');
  await userEvent.type(screen.getByLabelText(/^Postal code/), '11000');
  await userEvent.type(screen.getByLabelText(/^City/), 'Prague');
  await userEvent.selectOptions(screen.getByLabelText(/^Country/), 'CZ');
}

/** The 10K checkout filled in and paid by bank transfer, as a member would. */
async function payByBankTransfer() {
  await screen.findByRole('heading', { name: 'Checkout: 10K Two-Step' });
  await fillBilling();
  await userEvent.click(screen.getByTestId('provider-manual'));
  await userEvent.click(screen.getByLabelText(/I accept the/));
  await userEvent.click(screen.getByTestId('checkout-pay'));
}

describe('/start-challenge', () => {
  beforeAll(() => loadMessages('en'));
  beforeEach(() => sessionStorage.clear());

  it('lists the catalogue by model and size, each with its rules in words', async () => {
    show('/start-challenge', {});
    await waitFor(() => expect(screen.getAllByTestId('catalogue-model')).toHaveLength(2));
    const [one, two] = screen.getAllByTestId('catalogue-model');
    expect(within(one!).getByRole('heading', { level: 2 }).textContent).toBe('One-step challenges');
    expect(within(two!).getByRole('heading', { level: 2 }).textContent).toBe('Two-step challenges');
    expect(
      within(two!)
        .getAllByTestId('catalogue-size')
        .map((s) => text(within(s).getByRole('heading', { level: 3 }))),
    ).toEqual(['US$10,000.00 accounts', 'US$100,000.00 accounts']);
    const card = within(one!).getByTestId('challenge-card');
    expect(text(within(card).getByTestId('challenge-price'))).toBe('US$129.00');
    const rules = within(card).getAllByRole('listitem').map(text);
    expect(rules).toEqual([
      'Profit target 10%',
      'Max daily loss 3% of the day’s start, the higher of balance and equity',
      'Max loss 6%, trailing the highest end-of-day balance',
      'No minimum of trading days',
      'No time limit',
      'Max daily loss 5% of the day’s starting balance',
      'Max loss 10% of the initial balance (fixed level)',
      'Profit split: 80% for you',
    ]);
  });

  it('checks the form, prices it on the server, explains a refused code, and pays with the demo provider', async () => {
    const { calls, router } = show(
      `/start-challenge?challenge=${twoStep10k.id}`,
      {
        'POST /api/orders/quote': (body) => {
          const b = body as { discountCode: string; country?: string };
          if (b.discountCode === 'NOPE')
            return { status: 422, body: { code: 'DISCOUNT_CODE_UNKNOWN', message: 'Unknown discount code' } };
          if (b.discountCode === 'SAVE10')
            return {
              status: 200,
              body: quote({
                discountCode: 'SAVE10',
                discountCents: 990,
                netCents: 8_910,
                vatRateBps: 2100,
                vatCents: 1_871,
                totalCents: 10_781,
              }),
            };
          return {
            status: 200,
            body: b.country === 'CZ' ? quote({ vatRateBps: 2100, vatCents: 2_079, totalCents: 11_979 }) : quote(),
          };
        },
        'POST /api/orders': () => ({ status: 201, body: { order: order({ discountCode: 'SAVE10' }) } }),
      },
      { signedIn: true },
    );
    await screen.findByRole('heading', { name: 'Checkout: 10K Two-Step' });
    // The member's name and email are filled in.
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Martina N');
    await waitFor(() => expect(text(screen.getByTestId('summary-total'))).toBe('US$99.00'));

    // Nothing is sent while the form is incomplete.
    await userEvent.click(screen.getByTestId('checkout-pay'));
    expect(await screen.findByText('Enter your address')).toBeTruthy();
    expect(screen.getByText('Choose your country')).toBeTruthy();
    expect(screen.getByText('Accept the terms to continue')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/orders')).toBe(false);

    // The country prices the VAT.
    await fillBilling();
    await waitFor(() => expect(text(screen.getByTestId('summary-vat'))).toBe('US$20.79'));
    expect(text(screen.getByTestId('summary-total'))).toBe('US$119.79');

    await userEvent.type(screen.getByLabelText('Discount code'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('There is no discount code with this name.')).toBeTruthy();
    expect(screen.queryByTestId('summary-discount')).toBeNull();

    await userEvent.clear(screen.getByLabelText('Discount code'));
    await userEvent.type(screen.getByLabelText('Discount code'), 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(text(screen.getByTestId('summary-discount'))).toBe('−US$9.90'));
    expect(screen.getByText('Code SAVE10 applied')).toBeTruthy();
    expect(text(screen.getByTestId('summary-total'))).toBe('US$107.81');

    await userEvent.click(screen.getByLabelText(/I accept the/));
    await userEvent.click(screen.getByRole('button', { name: 'Pay US$107.81' }));
    expect(await screen.findByTestId('checkout-success')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/orders')?.body).toEqual({
      challengeId: twoStep10k.id,
      billing: {
        name: 'Martina N',
        email: 'm@example.com',
        addressLine1: 'Main St 1',
        addressLine2: '',
        city: 'Prague',
        postalCode: '11000',
        country: 'CZ',
        company: '',
        vatId: '',
      },
      discountCode: 'SAVE10',
      provider: 'demo',
      acceptTerms: true,
    });
    // The basket is done with, and the address no longer opens the paid checkout on a reload.
    expect(sessionStorage.getItem('checkout_basket')).toBeNull();
    expect(router.state.location.search).toBe('');
    await userEvent.click(screen.getByTestId('go-accounts'));
    expect(router.state.location.pathname).toBe('/accounts');
  });

  it('a bank transfer shows where to pay and the reference', async () => {
    show(
      `/start-challenge?challenge=${twoStep10k.id}`,
      {
        'POST /api/orders/quote': () => ({ status: 200, body: quote() }),
        'POST /api/orders': () => ({
          status: 201,
          body: {
            order: order({
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
                reference: 'ORD-000123',
                amountCents: 9_900,
                currency: 'USD',
              },
            }),
          },
        }),
      },
      { signedIn: true },
    );
    await payByBankTransfer();
    const pending = await screen.findByTestId('checkout-pending');
    expect(within(pending).getByTestId('pay-iban').textContent).toBe('CZ6508000000192000145399');
    expect(within(pending).getByTestId('pay-reference').textContent).toBe('ORD-000123');
    expect(within(pending).getByRole('link', { name: 'See it in Billing' }).getAttribute('href')).toBe('/billing');
  });

  it('asks for a VAT id of the billing country and the company it belongs to, and sends nothing before', async () => {
    const { calls } = show(
      `/start-challenge?challenge=${twoStep10k.id}`,
      { 'POST /api/orders/quote': () => ({ status: 200, body: quote() }) },
      { signedIn: true },
    );
    await screen.findByRole('heading', { name: 'Checkout: 10K Two-Step' });
    await fillBilling();
    await userEvent.type(screen.getByLabelText(/^VAT ID/), 'DE123456789');
    await userEvent.click(screen.getByLabelText(/I accept the/));
    await userEvent.click(screen.getByTestId('checkout-pay'));
    expect(
      await screen.findByText(
        'The VAT ID must start with the code of the billing country (for Germany DE, for Greece EL)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Enter the company this VAT ID belongs to')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/orders')).toHaveLength(0);
  });

  it('with the card service down, the order is kept: Billing is offered instead of paying (and ordering) again', async () => {
    show(
      `/start-challenge?challenge=${twoStep10k.id}`,
      {
        'POST /api/orders/quote': () => ({ status: 200, body: quote() }),
        'POST /api/orders': () => ({
          status: 503,
          body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'Stripe is not answering' },
        }),
      },
      { signedIn: true },
    );
    await payByBankTransfer();
    expect((await screen.findByTestId('checkout-error')).textContent).toContain('Your order is kept');
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
    expect(screen.getByRole('link', { name: 'See it in Billing' }).getAttribute('href')).toBe('/billing');
  });

  it('a visitor keeps the basket and the form while registering, and comes back to them', async () => {
    const { router, unmount } = show(`/start-challenge?challenge=${twoStep10k.id}`, {
      'POST /api/orders/quote': () => ({ status: 200, body: quote() }),
    });
    await screen.findByRole('heading', { name: 'Checkout: 10K Two-Step' });
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Full name/), 'Yamada Taro');
    await fillBilling();
    await userEvent.click(within(screen.getByTestId('account-gate')).getByRole('link', { name: 'Create an account' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/auth/registration?next=checkout');
    unmount();

    // Signed in now, the login page sends the member back with resume=1.
    show(
      '/start-challenge?resume=1',
      { 'POST /api/orders/quote': () => ({ status: 200, body: quote() }) },
      { signedIn: true },
    );
    await screen.findByRole('heading', { name: 'Checkout: 10K Two-Step' });
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Yamada Taro');
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Prague');
    expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('CZ');
    expect(screen.getByTestId('checkout-pay')).toBeTruthy();
  });
});

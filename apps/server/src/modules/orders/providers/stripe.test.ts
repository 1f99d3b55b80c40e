import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../test/fake-stripe.ts';
import type { PayableOrder } from '../payment-provider.ts';
import { createStripeProvider } from './stripe.ts';

const SECRET_KEY = 'sk_test_51KeepThisOutOfEveryMessage';
const urls = { success: 'https://app.example/billing?paid=1', cancel: 'https://app.example/billing?cancelled=1' };
const order = (over: Partial<PayableOrder> = {}): PayableOrder => ({
  id: '0b6f4c9e-2a51-4b7e-9d0f-6a1c3e5b7d90',
  number: 'ORD-000123',
  totalCents: 54_900,
  currency: 'EUR',
  email: 'buyer@example.com',
  description: '100K Two-Step challenge',
  locale: 'de',
  ...over,
});

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.recover();
});

const provider = () => createStripeProvider({ secretKey: SECRET_KEY, apiBaseUrl: fake.url });

describe('Stripe provider: start()', () => {
  it('creates a Checkout session with the order total, currency, ids, email, URLs and locale', async () => {
    const started = await provider().start(order(), urls);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '54900', product_data: { name: '100K Two-Step challenge' } },
        },
      ],
      client_reference_id: order().id,
      metadata: { orderId: order().id, orderNumber: 'ORD-000123' },
      payment_intent_data: { metadata: { orderId: order().id, orderNumber: 'ORD-000123' } },
      customer_email: 'buyer@example.com',
      success_url: urls.success,
      cancel_url: urls.cancel,
      locale: 'de',
    });

    const session = fake.sessions.get(started.reference);
    expect(session?.amount_total).toBe(54_900);
    expect(started).toEqual({ kind: 'redirect', reference: session?.id, url: session?.url });
    expect(started.reference).toMatch(/^cs_test_/);
  });

  it('charges zero-decimal currencies in whole units and maps languages Stripe knows', async () => {
    await provider().start(order({ currency: 'JPY', totalCents: 1_200_000, locale: 'ja' }), urls);
    await provider().start(order({ locale: 'zh-CN' }), urls);
    await provider().start(order({ locale: 'pt-BR' }), urls);

    const [yen, chinese, portuguese] = fake.requests;
    expect(yen?.form['line_items[0][price_data][currency]']).toBe('jpy');
    expect(yen?.form['line_items[0][price_data][unit_amount]']).toBe('12000');
    expect(yen?.form.locale).toBe('ja');
    expect(chinese?.form.locale).toBe('zh');
    expect(portuguese?.form.locale).toBe('auto');
  });

  it('retries one 5xx with the same idempotency key and then succeeds', async () => {
    fake.failNext(1);
    const started = await provider().start(order(), urls);

    expect(started.kind).toBe('redirect');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]?.idempotencyKey).toBeTruthy();
    expect(fake.requests[1]?.idempotencyKey).toBe(fake.requests[0]?.idempotencyKey);
  });

  it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE when Stripe keeps failing, without the key in the message', async () => {
    fake.failNext(5, 500);
    const error = await provider()
      .start(order(), urls)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', status: 503 });
    expect(fake.requests).toHaveLength(2); // the first try and one retry
    expect(JSON.stringify(error) + String(error)).not.toContain(SECRET_KEY);
  });

  it('answers 503 when Stripe cannot be reached at all', async () => {
    await fake.refuseConnections();
    try {
      await expect(provider().start(order(), urls)).rejects.toMatchObject({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        status: 503,
      });
    } finally {
      await fake.acceptConnections();
    }
    // Back up: the buyer's retry goes through.
    await expect(provider().start(order(), urls)).resolves.toMatchObject({ kind: 'redirect' });
  });

  it('answers 503 when Stripe does not answer within the timeout', async () => {
    fake.hangNext(1);
    const slow = createStripeProvider({
      secretKey: SECRET_KEY,
      apiBaseUrl: fake.url,
      timeoutMs: 300,
      maxNetworkRetries: 0,
    });
    const started = Date.now();

    await expect(slow.start(order(), urls)).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      status: 503,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 503 for a key Stripe refuses, and never repeats the key', async () => {
    const wrongKey = 'rk_live_WrongKindOfKey123456';
    const error = await createStripeProvider({ secretKey: wrongKey, apiBaseUrl: fake.url })
      .start(order(), urls)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', status: 503 });
    expect(String((error as Error).message)).not.toContain(wrongKey);
    expect(String((error as Error).message)).not.toContain('WrongKindOfKey');
  });
});

describe('Stripe provider: refund()', () => {
  it("refunds the session's payment intent, once however often it is asked", async () => {
    const started = await provider().start(order(), urls);
    const paid = fake.pay(started.reference);
    fake.requests.length = 0;

    const refund = { reference: started.reference, totalCents: 54_900, currency: 'EUR' };
    await provider().refund(refund);
    await provider().refund(refund);

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${started.reference}`,
      'POST /v1/refunds',
      `GET /v1/checkout/sessions/${started.reference}`,
      'POST /v1/refunds',
    ]);
    expect(fake.requests[1]?.body).toEqual({ payment_intent: paid.payment_intent });
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([
      expect.objectContaining({ amount: 54_900, currency: 'eur', status: 'succeeded' }),
    ]);
  });

  it('refuses with 409 when there is nothing paid to refund', async () => {
    const unpaid = await provider().start(order(), urls);
    await expect(
      provider().refund({ reference: unpaid.reference, totalCents: 1, currency: 'EUR' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await expect(provider().refund({ reference: null, totalCents: 1, currency: 'EUR' })).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await expect(
      provider().refund({ reference: 'cs_test_unknown', totalCents: 1, currency: 'EUR' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(fake.requests.some((r) => r.path === '/v1/refunds')).toBe(false);
  });

  it('answers 503 when Stripe is down during a refund', async () => {
    const started = await provider().start(order(), urls);
    fake.pay(started.reference);
    fake.failNext(5, 503);

    await expect(
      provider().refund({ reference: started.reference, totalCents: 54_900, currency: 'EUR' }),
    ).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', status: 503 });
    expect(fake.refunds.some((r) => r.payment_intent === fake.sessions.get(started.reference)?.payment_intent)).toBe(
      false,
    );
  });
});

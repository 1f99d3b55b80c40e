import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStripeWebhook, startFakeStripe, stripeEvent, type FakeStripe } from '../../../test/fake-stripe.ts';
import type { PayableOrder } from './payment-provider.ts';
import { createStripeProvider } from './providers/stripe.ts';
import { parseStripeWebhook } from './stripe-webhook.ts';

const WEBHOOK_SECRET = 'whsec_test_5f1d3c7a9b2e4d6f8a0c1e3b5d7f9a1c';
const ORDER_ID = '7d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a0f';
const order = (over: Partial<PayableOrder> = {}): PayableOrder => ({
  id: ORDER_ID,
  number: 'ORD-000777',
  totalCents: 10_900,
  currency: 'USD',
  email: 'buyer@example.com',
  description: '10K One-Step challenge',
  locale: 'en',
  ...over,
});

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

/** A Checkout session created by the real provider against the fake API. */
async function checkoutSession(over: Partial<PayableOrder> = {}) {
  const provider = createStripeProvider({ secretKey: 'sk_test_webhooks', apiBaseUrl: fake.url });
  const started = await provider.start(order(over), {
    success: 'https://app.example/ok',
    cancel: 'https://app.example/no',
  });
  return started.reference;
}

/** Signs the event and parses it back, as the webhook route does with the raw body. */
function deliver(event: unknown, secret = WEBHOOK_SECRET, timestamp?: number) {
  const { body, signature } = signStripeWebhook(event, secret, timestamp);
  return parseStripeWebhook(Buffer.from(body), signature, WEBHOOK_SECRET);
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the webhook to be refused');
};

describe('parseStripeWebhook: what each event means', () => {
  it('checkout.session.completed and paid → paid, with the amount and currency to check', async () => {
    const session = await checkoutSession();
    fake.pay(session);
    const notice = deliver(fake.sessionEvent('checkout.session.completed', session, 'evt_paid_1'));

    expect(notice).toEqual({
      eventId: 'evt_paid_1',
      type: 'paid',
      reference: session,
      orderId: ORDER_ID,
      amountCents: 10_900,
      currency: 'USD',
      failureReason: null,
    });
  });

  it('a completed checkout still waiting for a delayed payment is ignored; its later success pays', async () => {
    const session = await checkoutSession();
    expect(deliver(fake.sessionEvent('checkout.session.completed', session))).toMatchObject({ type: 'ignored' });

    fake.pay(session);
    expect(deliver(fake.sessionEvent('checkout.session.async_payment_succeeded', session))).toMatchObject({
      type: 'paid',
      reference: session,
      orderId: ORDER_ID,
    });
  });

  it('a failed delayed payment or an expired checkout → failed, with the reason', async () => {
    const session = await checkoutSession();
    const failed = deliver(fake.sessionEvent('checkout.session.async_payment_failed', session, 'evt_f'));
    const expired = deliver(fake.sessionEvent('checkout.session.expired', session, 'evt_e'));

    expect(failed).toMatchObject({ eventId: 'evt_f', type: 'failed', reference: session, orderId: ORDER_ID });
    expect(failed.failureReason).toBeTruthy();
    expect(expired).toMatchObject({ eventId: 'evt_e', type: 'failed', reference: session, orderId: ORDER_ID });
    expect(expired.failureReason).toBeTruthy();
    expect(expired.failureReason).not.toBe(failed.failureReason);
  });

  it('charge.refunded (in full) → refunded, found by the order id the payment carries', async () => {
    const session = await checkoutSession();
    const { payment_intent } = fake.pay(session);
    const notice = deliver(fake.chargeRefundedEvent(session, 'evt_refund'));

    expect(notice).toEqual({
      eventId: 'evt_refund',
      type: 'refunded',
      reference: payment_intent,
      orderId: ORDER_ID,
      amountCents: 10_900,
      currency: 'USD',
      failureReason: null,
    });
  });

  it('a partial refund made at Stripe is ignored', async () => {
    const session = await checkoutSession();
    fake.pay(session);
    const event = fake.chargeRefundedEvent(session);
    Object.assign(event.data.object, { refunded: false, amount_refunded: 500 });

    expect(deliver(event)).toMatchObject({ type: 'ignored', orderId: null });
  });

  it('the order id falls back to client_reference_id; zero-decimal amounts come back as cents', async () => {
    const session = await checkoutSession({ currency: 'JPY', totalCents: 1_500_000 });
    fake.pay(session);
    const event = fake.sessionEvent('checkout.session.completed', session);
    Object.assign(event.data.object, { metadata: {} });

    expect(deliver(event)).toMatchObject({ orderId: ORDER_ID, amountCents: 1_500_000, currency: 'JPY' });
  });

  it('other event types are ignored, keeping their id', () => {
    const notice = deliver(stripeEvent('evt_other', 'customer.created', { id: 'cus_1', object: 'customer' }));
    expect(notice).toEqual({
      eventId: 'evt_other',
      type: 'ignored',
      reference: null,
      orderId: null,
      amountCents: null,
      currency: null,
      failureReason: null,
    });
  });
});

describe('parseStripeWebhook: what is refused with 400', () => {
  const paidEvent = async () => {
    const session = await checkoutSession();
    fake.pay(session);
    return fake.sessionEvent('checkout.session.completed', session);
  };

  it('a tampered body', async () => {
    const { body, signature } = signStripeWebhook(await paidEvent(), WEBHOOK_SECRET);
    const tampered = body.replace('"amount_total":10900', '"amount_total":1');
    expect(tampered).not.toBe(body);

    const error = refusal(() => parseStripeWebhook(Buffer.from(tampered), signature, WEBHOOK_SECRET));
    expect(error).toMatchObject({ code: 'INVALID_SIGNATURE', status: 400 });
  });

  it('a signature made with another secret', async () => {
    const event = await paidEvent();
    const error = refusal(() => deliver(event, 'whsec_someone_else'));
    expect(error).toMatchObject({ code: 'INVALID_SIGNATURE', status: 400 });
  });

  it('a delivery older than the tolerance, unless the tolerance allows it', async () => {
    const event = await paidEvent();
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(refusal(() => deliver(event, WEBHOOK_SECRET, tenMinutesAgo))).toMatchObject({
      code: 'INVALID_SIGNATURE',
      status: 400,
    });

    const { body, signature } = signStripeWebhook(event, WEBHOOK_SECRET, tenMinutesAgo);
    expect(parseStripeWebhook(Buffer.from(body), signature, WEBHOOK_SECRET, 900)).toMatchObject({ type: 'paid' });
  });

  it('a captured signature header replayed on another body', async () => {
    const captured = signStripeWebhook(await paidEvent(), WEBHOOK_SECRET);
    const other = JSON.stringify(await paidEvent());

    const error = refusal(() => parseStripeWebhook(Buffer.from(other), captured.signature, WEBHOOK_SECRET));
    expect(error).toMatchObject({ code: 'INVALID_SIGNATURE', status: 400 });
  });

  it('a missing or malformed signature header', async () => {
    const { body } = signStripeWebhook(await paidEvent(), WEBHOOK_SECRET);
    for (const header of [undefined, '', 'garbage', 't=,v1=', `t=${Math.floor(Date.now() / 1000)}`]) {
      expect(refusal(() => parseStripeWebhook(Buffer.from(body), header, WEBHOOK_SECRET))).toMatchObject({
        code: 'INVALID_SIGNATURE',
        status: 400,
      });
    }
  });

  it('a correctly signed body that is not a Stripe event', () => {
    for (const body of ['not json {', '[]', '{"id":"evt_1"}', JSON.stringify({ id: 'evt_2', type: 'x', data: 1 })]) {
      expect(refusal(() => deliver(body))).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    }
  });

  it('a correctly signed checkout event whose session is malformed', () => {
    const event = stripeEvent('evt_bad', 'checkout.session.completed', {
      id: 'cs_test_1',
      payment_status: 'paid',
      amount_total: '10900',
      currency: 'usd',
    });
    expect(refusal(() => deliver(event))).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
  });
});

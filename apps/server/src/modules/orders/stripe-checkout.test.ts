// Stripe end to end through the official client against a local fake of Stripe's API, with webhooks
// signed as Stripe signs them: checkout, outage and retry, payment, failure, refunds, replays and
// tampering.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { startFakeStripe, signStripeWebhook, stripeEvent, type FakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { adminPost, checkout, createCode } from '../../../test/order-fixtures.ts';

const WEBHOOK_SECRET = 'whsec_test_orders_secret';
let t: TestContext;
let w: TradingWorld;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    clock: new FakeClock('2026-05-04T09:00:00Z'),
    env: {
      PAYMENT_PROVIDERS: 'manual,stripe',
      STRIPE_SECRET_KEY: 'sk_test_orders_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const webhook = (event: unknown, secret = WEBHOOK_SECRET) => {
  const signed = signStripeWebhook(event, secret);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: signed.headers, payload: signed.body });
};
const orderOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: w.admin.headers })).json().order;
const counts = async () => ({
  invoices: (await t.database.db.query.invoices.findMany()).length,
  accounts: (await t.database.db.query.tradingAccounts.findMany()).length,
  events: (await t.database.db.query.paymentEvents.findMany()).length,
});

describe('stripe checkout', () => {
  it('starts a Checkout session: pending, the page to pay on, the session as reference', async () => {
    const res = await checkout(
      t,
      w.member,
      { challengeId: w.challengeId, provider: 'stripe' },
      { 'accept-language': 'ja' },
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({ status: 'pending', provider: 'stripe', paymentInstructions: null });
    const session = stripe.sessions.get(order.providerReference)!;
    expect(order.checkoutUrl).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: 49_900,
      currency: 'usd',
      locale: 'ja',
      client_reference_id: order.id,
    });
    expect(session.success_url).toContain(`/billing?order=${order.id}`);
  });

  it('Stripe down: the order stays pending (503), and the member retries once it is back', async () => {
    await stripe.refuseConnections();
    const res = await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' });
    await stripe.acceptConnections();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const [order] = await t.database.db.query.orders.findMany({ orderBy: (o, { desc }) => desc(o.number), limit: 1 });
    expect(order).toMatchObject({ status: 'pending', providerReference: null });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${order!.id}/retry`, headers: w.other.headers }))
        .statusCode,
    ).toBe(404);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order!.id}/retry`,
      headers: w.member.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_/);
  });

  it('paid webhook: paid once — invoice, account; a replay and a second event change nothing', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    stripe.pay(order.providerReference);
    const before = await counts();
    const event = stripe.sessionEvent('checkout.session.completed', order.providerReference);
    const res = await webhook(event);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    const paid = await orderOf(order.id);
    expect(paid).toMatchObject({ status: 'paid', checkoutUrl: null });
    expect(paid.invoiceNumber).toMatch(/^INV-2026-\d{6}$/);
    expect(await counts()).toEqual({
      ...before,
      invoices: before.invoices + 1,
      accounts: before.accounts + 1,
      events: before.events + 1,
    });

    expect((await webhook(event)).statusCode).toBe(200);
    expect(
      (await webhook(stripe.sessionEvent('checkout.session.async_payment_succeeded', order.providerReference)))
        .statusCode,
    ).toBe(200);
    const after = await counts();
    expect(after).toMatchObject({ invoices: before.invoices + 1, accounts: before.accounts + 1 });
  });

  it('refuses a tampered, unsigned, wrongly signed or mismatched webhook, and an unknown order; nothing changes', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    stripe.pay(order.providerReference);
    const event = stripe.sessionEvent('checkout.session.completed', order.providerReference);
    const before = await counts();

    const signed = signStripeWebhook(event, WEBHOOK_SECRET);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: signed.headers,
      payload: signed.body.replace('"paid"', '"unpaid"'),
    });
    expect([tampered.statusCode, tampered.json().code]).toEqual([400, 'INVALID_SIGNATURE']);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: signed.body,
    });
    expect([unsigned.statusCode, unsigned.json().code]).toEqual([400, 'INVALID_SIGNATURE']);
    expect((await webhook(event, 'whsec_somebody_else')).json().code).toBe('INVALID_SIGNATURE');

    const cheaper = { ...event, id: 'evt_cheaper', data: { object: { ...event.data.object, amount_total: 100 } } };
    const mismatch = await webhook(cheaper);
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([400, 'PAYMENT_MISMATCH']);
    const euro = { ...event, id: 'evt_euro', data: { object: { ...event.data.object, currency: 'eur' } } };
    expect((await webhook(euro)).json().code).toBe('PAYMENT_MISMATCH');

    const stranger = stripeEvent('evt_stranger', 'checkout.session.completed', {
      id: 'cs_test_nobody',
      payment_status: 'paid',
      amount_total: 49_900,
      currency: 'usd',
      metadata: { orderId: '00000000-0000-4000-8000-000000000000' },
    });
    expect((await webhook(stranger)).statusCode).toBe(404);

    expect(await counts()).toEqual(before);
    expect((await orderOf(order.id)).status).toBe('pending');
    // Still payable: the right event afterwards pays it.
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await orderOf(order.id)).status).toBe('paid');
  });

  it('failed payment: pending → failed, the discount use given back; a retry takes it again', async () => {
    const code = await createCode(t, w.admin, { code: 'CARD10', maxUses: 1 });
    const { order } = (
      await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe', discountCode: 'CARD10' })
    ).json();
    expect(order.discountCents).toBe(4_990);
    const uses = async () =>
      (await t.database.db.query.discountCodes.findFirst({ where: (d, { eq }) => eq(d.id, code.id) }))!.uses;
    expect(await uses()).toBe(1);
    const res = await webhook(stripe.sessionEvent('checkout.session.async_payment_failed', order.providerReference));
    expect(res.statusCode).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'failed', failureReason: 'The payment failed at Stripe' });
    expect(await uses()).toBe(0);

    // A retry while Stripe is down: pending again, without the failed page's address, so Billing
    // offers Retry rather than "Pay now" on a page that no longer takes payments.
    await stripe.refuseConnections();
    const down = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/retry`,
      headers: w.member.headers,
    });
    await stripe.acceptConnections();
    expect(down.statusCode).toBe(503);
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending', checkoutUrl: null });
    const [stored] = await t.database.db.query.orders.findMany({ where: (o, { eq }) => eq(o.id, order.id) });
    expect(stored!.checkoutUrl).toBeNull();

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/retry`,
      headers: w.member.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order).toMatchObject({ status: 'pending', failedAt: null });
    expect(retry.json().order.providerReference).not.toBe(order.providerReference);
    expect(await uses()).toBe(1);
    // The first page expiring later fails nothing: the order waits on the new one.
    expect((await webhook(stripe.sessionEvent('checkout.session.expired', order.providerReference))).statusCode).toBe(
      200,
    );
    expect((await orderOf(order.id)).status).toBe('pending');
    const fresh = retry.json().order.providerReference as string;
    stripe.pay(fresh);
    expect((await webhook(stripe.sessionEvent('checkout.session.completed', fresh))).statusCode).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', discountCents: 4_990 });
  });

  it('a failed order is not paid again once its code was withdrawn or its challenge repriced: a new order is', async () => {
    const fail = async (discountCode?: string) => {
      const { order } = (
        await checkout(t, w.member, {
          challengeId: w.challengeId,
          provider: 'stripe',
          ...(discountCode ? { discountCode } : {}),
        })
      ).json();
      await webhook(stripe.sessionEvent('checkout.session.async_payment_failed', order.providerReference));
      return order.id as string;
    };
    const retry = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${id}/retry`, headers: w.member.headers });

    const code = await createCode(t, w.admin, { code: 'WITHDRAWN' });
    const withCode = await fail('WITHDRAWN');
    await t.database.db.update(discountCodes).set({ active: false }).where(eq(discountCodes.id, code.id));
    const refused = await retry(withCode);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ORDER_NOT_RETRYABLE']);
    expect(refused.json().message).toContain('WITHDRAWN is no longer valid');
    expect(await orderOf(withCode)).toMatchObject({ status: 'failed' });

    const plain = await fail();
    const repriced = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/challenges/${w.challengeId}`,
      headers: w.admin.headers,
      payload: { priceCents: 549_00 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    try {
      const again = await retry(plain);
      expect([again.statusCode, again.json().code]).toEqual([409, 'ORDER_NOT_RETRYABLE']);
      expect(await orderOf(plain)).toMatchObject({ status: 'failed' });
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/challenges/${w.challengeId}`,
        headers: w.admin.headers,
        payload: { priceCents: 499_00 },
      });
    }
    expect((await retry(plain)).statusCode).toBe(200);
  });

  it('a retry closes the page opened before; a payment on both is delivered once and audited for a refund', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    const first = order.providerReference as string;
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/retry`,
      headers: w.member.headers,
    });
    expect(retry.statusCode).toBe(200);
    const second = retry.json().order.providerReference as string;
    expect(second).not.toBe(first);
    expect(stripe.sessions.get(first)!.status).toBe('expired');

    // Both pages were paid anyway (the first just before it closed): one order, one account.
    const before = await counts();
    stripe.pay(second);
    expect((await webhook(stripe.sessionEvent('checkout.session.completed', second))).statusCode).toBe(200);
    stripe.pay(first);
    expect((await webhook(stripe.sessionEvent('checkout.session.completed', first))).statusCode).toBe(200);
    expect(await counts()).toMatchObject({ invoices: before.invoices + 1, accounts: before.accounts + 1 });
    const audits = await t.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.targetId, order.id), eq(a.action, 'order.paid_twice')),
    });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ reference: first, amountCents: order.totalCents });
    expect(audits[0]!.before).toMatchObject({ reference: second });
    // Staff see it on the order's timeline, with the page's reference, to refund it.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: w.admin.headers,
    });
    expect(detail.json().timeline.at(-1)).toMatchObject({ kind: 'payment_to_refund', detail: first });
  });

  it('cancelling a pending card order closes its Stripe payment page; with Stripe down the cancel still stands', async () => {
    const cancel = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/cancel`,
        headers: w.admin.headers,
        payload: { reason: 'customer asked' },
      });
    const first = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json().order;
    expect((await cancel(first.id)).statusCode).toBe(200);
    expect(stripe.sessions.get(first.providerReference)!.status).toBe('expired');
    const expiring = stripe.requests.filter(
      (r) => r.path === `/v1/checkout/sessions/${first.providerReference}/expire`,
    );
    expect(expiring).toHaveLength(1);

    const second = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json().order;
    stripe.failNext(5);
    try {
      const res = await cancel(second.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().order.status).toBe('cancelled');
    } finally {
      stripe.recover();
    }
    expect(stripe.sessions.get(second.providerReference)!.status).toBe('open');
  });

  it('a payment arriving for an order cancelled meanwhile is acknowledged, delivers nothing, and is left for staff', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      headers: w.admin.headers,
      payload: { reason: 'customer asked' },
    });
    expect(cancel.statusCode).toBe(200);
    stripe.pay(order.providerReference);
    const before = await counts();
    const res = await webhook(stripe.sessionEvent('checkout.session.completed', order.providerReference));
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect((await orderOf(order.id)).status).toBe('cancelled');
    expect(await counts()).toEqual({ ...before, events: before.events + 1 });
    const flagged = await t.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.targetId, order.id), eq(a.action, 'order.paid_after_close')),
    });
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.after).toMatchObject({
      reference: order.providerReference,
      amountCents: 49_900,
      currency: 'USD',
    });
  });

  it('a code that takes the whole price pays the order at once, without Stripe', async () => {
    await createCode(t, w.admin, { code: 'ONTHEHOUSE', percentBps: 10_000 });
    const sessions = stripe.sessions.size;
    const res = await checkout(t, w.member, {
      challengeId: w.challengeId,
      provider: 'stripe',
      discountCode: 'ONTHEHOUSE',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ status: 'paid', totalCents: 0, checkoutUrl: null });
    expect(res.json().order.invoiceNumber).toMatch(/^INV-/);
    expect(stripe.sessions.size).toBe(sessions);
    const refunds = stripe.refunds.length;
    const refunded = await adminPost(t, w.admin, `${res.json().order.id}/refund`);
    expect([refunded.statusCode, refunded.json().order.status]).toEqual([200, 'refunded']);
    expect(stripe.refunds.length).toBe(refunds);
  });

  it('staff refund goes through Stripe and closes the account; Stripe’s own refund event is then a no-op', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    stripe.pay(order.providerReference);
    await webhook(stripe.sessionEvent('checkout.session.completed', order.providerReference));
    const refunds = stripe.refunds.length;
    const res = await adminPost(t, w.admin, `${order.id}/refund`, { reason: 'customer request' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('refunded');
    expect(stripe.refunds.length).toBe(refunds + 1);
    const account = (await orderOf(order.id)).accountId;
    const acc = await t.database.db.query.tradingAccounts.findFirst({ where: (a, { eq }) => eq(a.id, account) });
    expect(acc).toMatchObject({ status: 'closed', closedReason: 'refunded' });
    expect((await webhook(stripe.chargeRefundedEvent(order.providerReference))).statusCode).toBe(200);
    expect((await orderOf(order.id)).status).toBe('refunded');
  });

  it('a refund made at Stripe refunds the order and closes its account', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    stripe.pay(order.providerReference);
    await webhook(stripe.sessionEvent('checkout.session.completed', order.providerReference));
    const res = await webhook(stripe.chargeRefundedEvent(order.providerReference));
    expect(res.statusCode).toBe(200);
    const refunded = await orderOf(order.id);
    expect(refunded.status).toBe('refunded');
    const acc = await t.database.db.query.tradingAccounts.findFirst({
      where: (a, { eq }) => eq(a.id, refunded.accountId),
    });
    expect(acc?.status).toBe('closed');
  });

  it('Stripe refusing a refund changes nothing (the order stays paid)', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    stripe.pay(order.providerReference);
    await webhook(stripe.sessionEvent('checkout.session.completed', order.providerReference));
    stripe.failNext(5, 500);
    const res = await adminPost(t, w.admin, `${order.id}/refund`);
    stripe.recover();
    expect(res.statusCode).toBe(503);
    expect((await orderOf(order.id)).status).toBe('paid');
    const audit = await t.database.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.targetId, order.id) });
    expect(audit).toEqual([]);
  });
});

// PostgreSQL only (TEST_DATABASE_URL): the guarantees that rest on row locks and constraints under
// real concurrency. PGlite runs one statement at a time, so it could not show them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { startFakeStripe, signStripeWebhook, type FakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { onRealPostgres } from '../../../test/test-database.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { adminPost, checkout, createCode } from '../../../test/order-fixtures.ts';

const WEBHOOK_SECRET = 'whsec_test_concurrency';
let t: TestContext;
let w: TradingWorld;
let stripe: FakeStripe;
beforeAll(async () => {
  if (!onRealPostgres()) return;
  stripe = await startFakeStripe();
  t = await createTestApp({
    clock: new FakeClock('2026-07-01T10:00:00Z'),
    env: {
      PAYMENT_PROVIDERS: 'manual,stripe',
      STRIPE_SECRET_KEY: 'sk_test_concurrency',
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

it.skipIf(!onRealPostgres())(
  'PostgreSQL only: 50 concurrent deliveries of the paid webhook (one event replayed, and distinct events) → one paid order, one account, one invoice',
  async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'stripe' })).json();
    stripe.pay(order.providerReference);
    const same = stripe.sessionEvent('checkout.session.completed', order.providerReference);
    const events = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? same : stripe.sessionEvent('checkout.session.async_payment_succeeded', order.providerReference),
    );
    const answers = await Promise.all(
      events.map((event) => {
        const signed = signStripeWebhook(event, WEBHOOK_SECRET);
        return t.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          headers: signed.headers,
          payload: signed.body,
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const db = t.database.db;
    expect((await db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order.id) }))?.status).toBe('paid');
    expect(await db.query.invoices.findMany({ where: (i, { eq }) => eq(i.orderId, order.id) })).toHaveLength(1);
    expect(await db.query.tradingAccounts.findMany({ where: (a, { eq }) => eq(a.orderId, order.id) })).toHaveLength(1);
    // The replayed event once, each distinct event once.
    expect(await db.query.paymentEvents.findMany({ where: (e, { eq }) => eq(e.orderId, order.id) })).toHaveLength(26);
    const mails = await db.query.emailOutbox.findMany({ where: (m, { like }) => like(m.subject, '%ready%') });
    expect(mails).toHaveLength(1);
  },
);

it.skipIf(!onRealPostgres())(
  'PostgreSQL only: 50 concurrent checkouts with a one-use code → exactly one discounted',
  async () => {
    const code = await createCode(t, w.admin, { code: 'ONLYONE', maxUses: 1, percentBps: 5000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => checkout(t, w.member, { challengeId: w.challengeId, discountCode: 'ONLYONE' })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().code)).toEqual(
      Array(49).fill('DISCOUNT_CODE_USED_UP'),
    );
    const discounted = await t.database.db.query.orders.findMany({
      where: (o, { eq }) => eq(o.discountCodeId, code.id),
    });
    expect(discounted).toHaveLength(1);
    expect(discounted[0]!.discountCents).toBe(24_950);
    expect((await t.database.db.query.discountCodes.findFirst({ where: (d, { eq }) => eq(d.id, code.id) }))!.uses).toBe(
      1,
    );
  },
);

it.skipIf(!onRealPostgres())('PostgreSQL only: invoice numbers stay gapless under 30 concurrent payments', async () => {
  const placed = await Promise.all(
    Array.from({ length: 30 }, () => checkout(t, w.member, { challengeId: w.challengeId })),
  );
  const ids = placed.map((p) => p.json().order.id as string);
  // One payment refused midway (a cancelled order) must not leave a hole either.
  await adminPost(t, w.admin, `${ids[7]}/cancel`);
  const answers = await Promise.all(ids.map((id) => adminPost(t, w.admin, `${id}/mark-paid`)));
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(29);
  const seqs = (await t.database.db.query.invoices.findMany({ where: (i, { eq }) => eq(i.year, 2026) }))
    .map((i) => i.seq)
    .sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  expect(seqs.length).toBe(30); // the paid webhook's invoice and these 29
});

// Anonymising a member and the money path (decision 028): their pending orders are cancelled and a
// late payment delivers nothing; no order, payout request or trading account can be written for
// them afterwards, even by a request that passed its session check just before the erasure.
import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  discountCodes,
  emailOutbox,
  invoices,
  orders,
  payouts,
  tradingAccounts,
  users,
} from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { signStripeWebhook, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { adminPost, checkout, createCode } from '../../../test/order-fixtures.ts';
import { fundedWithProfit, payoutChallenge } from '../../../test/payout-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { createUser } from '../../../test/test-users.ts';

const WEBHOOK_SECRET = 'whsec_test_anonymise_orders_secret';
let stripe: FakeStripe;
let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: {
      PAYMENT_PROVIDERS: 'manual,stripe',
      STRIPE_SECRET_KEY: 'sk_test_anonymise_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SESSION_IDLE_MINUTES: '43200',
      SESSION_ABSOLUTE_HOURS: '8760',
    },
  });
  w = await setupWorld(t, payoutChallenge());
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.database.db;
const anonymise = (userId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/anonymise`, headers: w.admin.headers });

describe('anonymise: pending orders', () => {
  const webhook = (event: unknown) => {
    const signed = signStripeWebhook(event, WEBHOOK_SECRET);
    return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: signed.headers, payload: signed.body });
  };

  it('are cancelled (the discount use given back); a late card or bank payment delivers nothing', async () => {
    const code = await createCode(t, w.admin, { code: `ERASED${Date.now().toString(36).toUpperCase()}` });
    const m = await createUser(t, 'USER');
    const bank = await checkout(t, m, { challengeId: w.challengeId, discountCode: code.code });
    const card = await checkout(t, m, { challengeId: w.challengeId, provider: 'stripe' });
    expect([bank.statusCode, card.statusCode]).toEqual([201, 201]);
    const bankOrder = bank.json().order as { id: string };
    const cardOrder = card.json().order as { id: string; providerReference: string };
    const uses = async () => (await db().select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!.uses;
    expect(await uses()).toBe(1);

    t.clock.advance(60_000);
    expect((await anonymise(m.id)).statusCode).toBe(200);
    const ids = [bankOrder.id, cardOrder.id];
    const rows = await db().select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((o) => [o.status, o.cancelledAt?.toISOString()])).toEqual([
      ['cancelled', t.clock.now().toISOString()],
      ['cancelled', t.clock.now().toISOString()],
    ]);
    expect(await uses()).toBe(0);
    const cancels = await db()
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.targetId, ids), eq(auditLog.action, 'order.cancel')));
    expect(cancels.map((a) => a.actorId)).toEqual([w.admin.id, w.admin.id]);
    // The card order's Stripe page is closed, as a staff cancel closes it.
    expect(stripe.sessions.get(cardOrder.providerReference)!.status).toBe('expired');
    expect(stripe.requests.filter((r) => r.path.endsWith(`${cardOrder.providerReference}/expire`))).toHaveLength(1);

    // A card payment made just before the page closed arrives afterwards: acknowledged, flagged for staff to refund.
    stripe.pay(cardOrder.providerReference);
    const paidLate = await webhook(stripe.sessionEvent('checkout.session.completed', cardOrder.providerReference));
    expect(paidLate.statusCode).toBe(200);
    const flagged = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cardOrder.id), eq(auditLog.action, 'order.paid_after_close')));
    expect(flagged).toHaveLength(1);
    // The bank transfer arrives and staff try to book it: refused.
    const booked = await adminPost(t, w.admin, `${bankOrder.id}/mark-paid`, { reference: 'LATE-1' });
    expect([booked.statusCode, booked.json().code]).toEqual([409, 'ORDER_NOT_PENDING']);

    // Neither is paid: no invoice, no account, no mail for the erased person.
    const after = await db().select().from(orders).where(inArray(orders.id, ids));
    expect(after.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
    expect(await db().select().from(invoices).where(inArray(invoices.orderId, ids))).toEqual([]);
    expect(await db().select().from(tradingAccounts).where(inArray(tradingAccounts.orderId, ids))).toEqual([]);
    const queued = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.status, 'pending'), or(eq(emailOutbox.userId, m.id), inArray(emailOutbox.aboutId, ids))),
      );
    expect(queued).toEqual([]);
  });
});

describe('anonymise: nothing new for an erased person', () => {
  it('an order, a payout request or a trading account for them is refused by the database (the API answers 409)', async () => {
    const m = await createUser(t, 'USER');
    const failed = await checkout(t, m, { challengeId: w.challengeId });
    expect(failed.statusCode).toBe(201);
    const failedId = (failed.json().order as { id: string }).id;
    await db().update(orders).set({ status: 'failed' }).where(eq(orders.id, failedId));
    const account = await fundedWithProfit(t, w, { user: m });
    t.clock.advance(60_000);
    expect((await anonymise(m.id)).statusCode).toBe(200);

    // What a request that passed its session check just before the erasure would write.
    const refused = async (write: () => Promise<unknown>) => {
      const err = await write().then(
        () => null,
        (e: unknown) => e,
      );
      // The driver's error wraps the database's: look along the chain for its code or the trigger's text.
      const chain: string[] = [];
      for (
        let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
        e;
        e = e.cause as typeof e
      )
        chain.push(`${String(e.code ?? '')} ${String(e.message ?? '')}`);
      expect(chain.join(' | ')).toMatch(/23503|anonymised/);
    };
    const [stored] = await db().select().from(orders).where(eq(orders.id, failedId));
    const { number: _n, id: _id, ...order } = stored!;
    await refused(() =>
      db()
        .insert(orders)
        .values({ ...order, status: 'pending' }),
    );
    await refused(() =>
      db()
        .insert(payouts)
        .values({
          id: crypto.randomUUID(),
          userId: m.id,
          accountId: account.id,
          amountCents: 100_00,
          grossCents: 100_00,
          splitBps: 8000,
          currency: 'USD',
          method: 'bank_transfer',
          destination: {},
        } as typeof payouts.$inferInsert),
    );
    // Staff opening an account for them through the API: not found (the service reads no erased
    // user; the trigger above covers a request that read them just before the erasure).
    const before = (await db().select().from(tradingAccounts).where(eq(tradingAccounts.userId, m.id))).length;
    const [erased] = await db().select().from(users).where(eq(users.id, m.id));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: erased!.email, challengeId: w.challengeId },
    });
    expect(created.statusCode).toBe(404);
    expect((await db().select().from(tradingAccounts).where(eq(tradingAccounts.userId, m.id))).length).toBe(before);
    expect((await db().select().from(orders).where(eq(orders.id, failedId)))[0]!.status).toBe('failed');
  });
});

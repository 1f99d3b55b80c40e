// Anonymising a member erases the copies of their data that other records keep (decision 028):
// orders' billing details and search text, payout destinations, mails (queued ones never go out;
// found by the user they were for), the staff audit entries about them; the invoice stays as
// issued, the certificate names the anonymised holder. Pending orders and what may be written for
// an erased person afterwards: users-anonymise-orders.test.ts.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, invoices, orders, payouts, users } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { createSmtpTransport } from '../mail/index.ts';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { adminPost, billing, checkout } from '../../../test/order-fixtures.ts';
import {
  bankDestination,
  fundedWithProfit,
  payoutChallenge,
  requestPayout,
  staffAction,
} from '../../../test/payout-fixtures.ts';
import { login } from '../../../test/auth-helpers.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, newMember, VALID_PASSWORD, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { createUser } from '../../../test/test-users.ts';

const WEBHOOK_SECRET = 'whsec_test_anonymise_secret';
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let stripe: FakeStripe;
let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  smtp = await startSmtpSink();
  stripe = await startFakeStripe();
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: {
      PAYMENT_PROVIDERS: 'manual,stripe',
      STRIPE_SECRET_KEY: 'sk_test_anonymise_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      VAT_RATES: 'CZ:21,DE:19',
      SELLER_VAT_ID: 'CZ12345678',
      SESSION_IDLE_MINUTES: '43200',
      SESSION_ABSOLUTE_HOURS: '8760',
    },
    deps: { mailTransport: createSmtpTransport(smtp.url) },
  });
  w = await setupWorld(t, payoutChallenge());
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await stripe?.close();
});

const db = () => t.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: w.admin.headers });
const ordersFound = async (q: string) =>
  (await get(`/api/admin/orders?q=${encodeURIComponent(q)}`)).json().total as number;
const anonymise = (userId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/anonymise`, headers: w.admin.headers });
const mailsHolding = async (text: string) =>
  (
    await db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox}::text) like ${`%${text.toLowerCase()}%`}`)
  ).length;

describe('anonymise: the records that keep copies of a member’s data', () => {
  it('erases billing, payout destinations, mails and audit values; keeps the invoice as issued', async () => {
    // A member staff renamed (the audit entry names the address they had before), who bought, was
    // paid out and got mail.
    const created = await createUser(t, 'USER');
    const oldEmail = created.email;
    const email = `zofia.${Date.now().toString(36)}@example.com`;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${created.id}`,
      headers: w.admin.headers,
      payload: { email, firstName: 'Zofia', lastName: 'Wiśniewska', role: 'USER', status: 'active' },
    });
    expect(renamed.statusCode).toBe(200);
    // A new address ends the sessions: the member signs in with it.
    const token = await login(t, email, VALID_PASSWORD);
    const m = { ...created, email, token, headers: { authorization: `Bearer ${token}` } };
    const member = { ...m, email };
    const personal = [oldEmail, email, 'Zofia', 'Wiśniewska'];

    const placed = await checkout(t, m, {
      challengeId: w.challengeId,
      billing: billing({ name: 'Zofia Wiśniewska', email, company: 'Wiśniewska Consulting', country: 'PL' }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    expect((await adminPost(t, w.admin, `${orderId}/mark-paid`, { reference: 'BANK-7' })).statusCode).toBe(200);
    const [invoiceBefore] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoiceBefore).toBeDefined();

    const bankAccount = await fundedWithProfit(t, w, { user: member });
    const bank = await requestPayout(t, m, {
      accountId: bankAccount.id,
      amountCents: 100_00,
      destination: { ...bankDestination, accountHolder: 'Zofia Wiśniewska' },
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const bankPayoutId = bank.json().payout.id as string;
    expect((await staffAction(t, w.admin, bankPayoutId, 'approve')).statusCode).toBe(200);
    const paid = await staffAction(t, w.admin, bankPayoutId, 'mark-paid', { reference: 'SEPA-77' });
    expect(paid.statusCode).toBe(200);
    const certificateCode = paid.json().payout.certificateCode as string;
    const paypalAccount = await fundedWithProfit(t, w, { user: member });
    const paypal = await requestPayout(t, m, {
      accountId: paypalAccount.id,
      amountCents: 100_00,
      destination: { method: 'paypal', email },
    });
    expect(paypal.statusCode).toBe(201);

    // Every mail those flows queued (order, invoice, credentials, payouts, certificate) names the member.
    const queued = await db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(queued.length).toBeGreaterThan(5);
    expect(queued.filter((r) => r.userId !== m.id)).toEqual([]);

    // What went out so far is sent; then one mail still queued, and one sent earlier to the old address.
    await t.services.outbox.deliverPending();
    await db()
      .insert(emailOutbox)
      .values([
        { to: email, subject: 'Zofia, your account', text: 'Dear Zofia Wiśniewska, …' },
        {
          to: oldEmail,
          subject: 'Welcome',
          text: 'Dear Zofia',
          status: 'sent',
          sentAt: t.clock.now(),
        },
      ]);
    expect(await mailsHolding(email)).toBeGreaterThan(1);
    expect(await ordersFound(email)).toBe(1);
    const auditBefore = await db().select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(JSON.stringify(auditBefore)).toContain(oldEmail);

    t.clock.advance(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${m.id}/anonymise`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.id, m.id));
    const anonymousName = `${user!.firstName} ${user!.lastName}`;
    expect(anonymousName).toMatch(/^Anonymised User /);

    // The order: same figures, the anonymised buyer, only the country left of the address.
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', userId: m.id });
    expect(order!.billing).toEqual({
      name: anonymousName,
      email: user!.email,
      addressLine1: '',
      addressLine2: '',
      city: '',
      postalCode: '',
      company: '',
      country: 'PL',
      vatId: '',
    });
    expect(await ordersFound(email)).toBe(0);
    expect(await ordersFound('wiśniewska')).toBe(0);
    expect(await ordersFound(user!.email)).toBe(1);

    // The invoice is the legal record: unchanged, buyer included.
    const [invoiceAfter] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoiceAfter).toEqual(invoiceBefore);
    expect(JSON.stringify(invoiceAfter!.buyer)).toContain('Wiśniewska');

    // Payouts: amounts and statuses kept, the holder anonymised, the IBAN masked to its last 4.
    const mine = await db().select().from(payouts).where(eq(payouts.userId, m.id));
    const byId = new Map(mine.map((p) => [p.id, p]));
    expect(byId.get(bankPayoutId)).toMatchObject({
      status: 'paid',
      amountCents: 100_00,
      transferReference: 'SEPA-77',
      destination: {
        method: 'bank_transfer',
        accountHolder: anonymousName,
        iban: 'DE****************3000',
        bic: bankDestination.bic,
      },
    });
    expect(byId.get(paypal.json().payout.id)).toMatchObject({
      status: 'requested',
      destination: { method: 'paypal', email: user!.email },
    });

    // Mails: no row holds the addresses or the names; the queued one is gone and nothing goes out.
    for (const value of personal) expect(await mailsHolding(value)).toBe(0);
    const kept = await db().select().from(emailOutbox).where(eq(emailOutbox.to, user!.email));
    expect(kept.length).toBeGreaterThan(1);
    expect(kept.every((r) => r.status !== 'pending' && r.text === '' && r.html === null)).toBe(true);
    const received = smtp.received.length;
    await t.services.outbox.deliverPending();
    expect(smtp.received.length).toBe(received);

    // Audit entries about the member remain, one more (the anonymisation), without their data.
    const auditAfter = await db().select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(auditAfter.map((a) => a.id)).toEqual(expect.arrayContaining(auditBefore.map((a) => a.id)));
    expect(auditAfter).toHaveLength(auditBefore.length + 1);
    const text = JSON.stringify(auditAfter);
    for (const value of personal) expect(text).not.toContain(value);
    const update = auditAfter.find((a) => a.action === 'user.update')!;
    expect(update.before).toMatchObject({ email: user!.email, firstName: 'Anonymised', role: 'USER' });

    // The certificate still verifies, in the anonymised holder's name.
    const verified = await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${certificateCode}` });
    expect(verified.json()).toMatchObject({ valid: true, holderName: anonymousName });
  });

  it('keeps the VAT id only where it is why no VAT was charged (reverse charge)', async () => {
    const m = await createUser(t, 'USER');
    const place = async (b: Parameters<typeof billing>[0]) => {
      const res = await checkout(t, m, { challengeId: w.challengeId, billing: billing({ email: m.email, ...b }) });
      expect(res.statusCode).toBe(201);
      return res.json().order as { id: string; reverseCharge: boolean };
    };
    const reverse = await place({ country: 'DE', vatId: 'DE123456789', company: 'Muster GmbH' });
    const domestic = await place({ country: 'CZ', vatId: 'CZ87654321', company: 'Nováková s.r.o.' });
    expect([reverse.reverseCharge, domestic.reverseCharge]).toEqual([true, false]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${m.id}/anonymise`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const billingOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.billing;
    expect(await billingOf(reverse.id)).toMatchObject({ country: 'DE', vatId: 'DE123456789', company: '' });
    expect(await billingOf(domestic.id)).toMatchObject({ country: 'CZ', vatId: '', company: '' });
  });

  it('leaves other members’ orders, payouts and mails alone', async () => {
    const other = await createUser(t, 'USER');
    const placed = await checkout(t, other, {
      challengeId: w.challengeId,
      billing: billing({ name: 'Jan Kowalski', email: other.email, vatId: 'CZ12345678', company: 'Kowalski s.r.o.' }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const m = await createUser(t, 'USER');
    // A mail to the other member about nothing of m's.
    await db().insert(emailOutbox).values({ to: other.email, subject: 'Hello Jan', text: 'Dear Jan Kowalski' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${m.id}/anonymise`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(order!.billing).toMatchObject({ name: 'Jan Kowalski', email: other.email, addressLine1: 'Národní 10' });
    expect(await mailsHolding('Dear Jan Kowalski')).toBe(1);
  });
});

describe('anonymise: mails go by the user they were for', () => {
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const mailById = async (id: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
  const mailsFor = (userId: string) => db().select().from(emailOutbox).where(eq(emailOutbox.userId, userId));

  it('an address that passed from A to B: B’s erasure keeps A’s old mail to it, A’s erases it', async () => {
    // A moves from x@ to y@ (the link goes to y@; the old address x@ is told), then B registers x@.
    const a = await createUser(t, 'USER');
    const x = a.email;
    const y = `moved.${Date.now().toString(36)}@example.com`;
    expect((await post('/api/user/email', { email: y, currentPassword: VALID_PASSWORD }, a.token)).statusCode).toBe(
      200,
    );
    const [link] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, y));
    expect(link!.userId).toBe(a.id);
    const token = decodeURIComponent(/confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(link!.text)![1]!);
    expect((await post('/api/user/email/confirm', { token })).statusCode).toBe(200);
    const toldOld = (
      await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, x), eq(emailOutbox.userId, a.id)))
    ).find((m) => m.subject === 'Your email address was changed');
    expect(toldOld).toBeDefined();

    const registered = await post('/api/auth/register', newMember({ email: x }));
    expect(registered.statusCode).toBe(200);
    const b = (await t.services.users.findByEmail(x))!;
    expect(b.id).not.toBe(a.id);
    const signedIn = await post('/api/auth/login', { email: x, password: VALID_PASSWORD, userGeolocation: null });
    const bToken = signedIn.json().accessToken as string;
    const changed = await post(
      '/api/user/password',
      { currentPassword: VALID_PASSWORD, newPassword: 'Kx7!plumbVane' },
      bToken,
    );
    expect(changed.statusCode).toBe(200);
    const [bMail] = await mailsFor(b.id);
    expect(bMail).toMatchObject({ to: x, subject: expect.not.stringContaining('(erased)') });
    await t.services.outbox.deliverPending();
    const aSent = await mailById(toldOld!.id);
    expect(aSent).toMatchObject({ status: 'sent', to: x, text: toldOld!.text });

    // B's erasure: B's own mail to x@ is erased, A's earlier one to the same address is not.
    expect((await anonymise(b.id)).statusCode).toBe(200);
    const [bAnonymous] = await db().select().from(users).where(eq(users.id, b.id));
    expect(await mailById(bMail!.id)).toMatchObject({ to: bAnonymous!.email, subject: '(erased)', text: '' });
    expect(await mailById(toldOld!.id)).toEqual(aSent);

    // A's erasure: every mail for A, to x@ (which B held) and to y@, is erased.
    expect((await anonymise(a.id)).statusCode).toBe(200);
    const [aAnonymous] = await db().select().from(users).where(eq(users.id, a.id));
    const aMails = await mailsFor(a.id);
    expect(aMails.map((m) => m.id)).toEqual(expect.arrayContaining([toldOld!.id, link!.id]));
    for (const m of aMails) expect(m).toMatchObject({ to: aAnonymous!.email, subject: '(erased)', text: '' });
    expect(await mailsHolding(x)).toBe(0);
    expect(await mailsHolding(y)).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, twoStepChallenge, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { adminPost, billing, checkout, createCode } from '../../../test/order-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { DEMO_DATA: 'true', PAYMENT_PROVIDERS: 'demo,manual', VAT_RATES: 'CZ:21,DE:19', SELLER_VAT_ID: 'CZ12345678' },
  });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

const outbox = () => t.database.db.query.emailOutbox.findMany();
const audit = (targetId: string) =>
  t.database.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.targetId, targetId) });

describe('quote', () => {
  it('prices from the server: the challenge, the code, the VAT of the country', async () => {
    await createCode(t, w.admin, { code: 'QUOTE15', percentBps: 1500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { challengeId: w.challengeId, discountCode: 'quote15', country: 'CZ' },
    });
    expect(res.statusCode).toBe(200);
    // 499.00 − 15 % (74.85) = 424.15; 21 % = 89.0715 → 89.07
    expect(res.json()).toMatchObject({
      currency: 'USD',
      subtotalCents: 49_900,
      discountCents: 7_485,
      discountCode: 'QUOTE15',
      netCents: 42_415,
      vatRateBps: 2_100,
      vatCents: 8_907,
      totalCents: 51_322,
      reverseCharge: false,
    });
    const reverse = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { challengeId: w.challengeId, country: 'DE', vatId: 'DE 123 456 789' },
    });
    expect(reverse.json()).toMatchObject({ vatCents: 0, reverseCharge: true, totalCents: 49_900 });
  });

  it('refuses a VAT id of another country than the billing address, and one without its company (400)', async () => {
    const place = (b: Partial<Parameters<typeof billing>[0]>) =>
      checkout(t, w.member, { challengeId: w.challengeId, billing: billing(b) });
    const elsewhere = await place({ country: 'FR', vatId: 'DE123456789', company: 'Muster GmbH' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('The VAT id must carry the prefix of the billing country');
    const noCompany = await place({ country: 'DE', vatId: 'DE123456789' });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.body).toContain('A company is required with a VAT id');
    // Greece's ids carry EL; a business in another EU country is reverse-charged.
    const greek = await place({ country: 'GR', vatId: 'EL 123 456 789', company: 'Etaireia AE' });
    expect(greek.statusCode, greek.body).toBe(201);
    expect(greek.json().order).toMatchObject({ vatCents: 0, reverseCharge: true });
  });

  it('refuses an unknown challenge (404) and a client price (400)', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { challengeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const priced = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { challengeId: w.challengeId, priceCents: 1 },
    });
    expect(priced.statusCode).toBe(400);
  });
});

describe('checkout', () => {
  it('demo: paid at once — invoice number, one pending phase-1 account, mails in the buyer’s language', async () => {
    const before = (await outbox()).length;
    const res = await checkout(
      t,
      w.member,
      { challengeId: w.challengeId, provider: 'demo' },
      { 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'demo',
      totalCents: 60_379, // 499.00 + 21 % CZ VAT (104.79)
      vatCents: 10_479,
      invoiceNumber: 'INV-2026-000001',
      paidAt: '2026-03-20T12:00:00.000Z',
      paymentInstructions: null,
    });
    expect(order.number).toMatch(/^ORD-\d{6}$/);
    expect(order.accountId).toBeTruthy();
    const account = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${order.accountId}`,
      headers: w.member.headers,
    });
    expect(account.json().account).toMatchObject({ status: 'pending', phaseIndex: 0 });

    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      `Bestellung ${order.number} eingegangen`,
      `Zahlung für Bestellung ${order.number} eingegangen`,
      `Ihr Handelskonto ${order.accountLogin} ist bereit`,
    ]);
    expect(mails[1]!.attachments).toEqual([{ kind: 'invoice', id: order.id }]);
    expect(mails[1]!.text).toContain('603,79');
    expect(mails[2]!.text).toContain(order.accountLogin);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoice.pdf`,
      headers: w.member.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="INV-2026-000001.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Somebody else's order is not found, nor its invoice.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoice.pdf`,
      headers: w.other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: w.other.headers })).statusCode,
    ).toBe(404);
  });

  it('manual: pending with the bank details and the order number as reference; staff mark it paid, audited', async () => {
    const before = (await outbox()).length;
    const res = await checkout(t, w.member, { challengeId: w.challengeId, billing: billing({ country: 'FR' }) });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      status: 'pending',
      provider: 'manual',
      vatCents: 0,
      providerReference: order.number,
    });
    expect(order.paymentInstructions).toMatchObject({ reference: order.number, amountCents: 49_900, currency: 'USD' });
    expect(order.paymentInstructions.iban).toMatch(/^[A-Z]{2}\d{2}/);
    const [received] = (await outbox()).slice(before);
    expect(received!.text).toContain(order.paymentInstructions.iban);
    expect(received!.subject).toBe(`Order ${order.number} received`);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoice.pdf`,
      headers: w.member.headers,
    });
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().code).toBe('ORDER_NOT_PAID');

    // SUPPORT reads but may not mark paid.
    expect((await adminPost(t, w.support, `${order.id}/mark-paid`)).statusCode).toBe(403);
    t.clock.advance(60_000);
    const paid = await adminPost(t, w.admin, `${order.id}/mark-paid`, { reference: 'BANK-42' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({ status: 'paid', paymentInstructions: null, userEmail: w.member.email });
    expect(paid.json().order.invoiceNumber).toMatch(/^INV-2026-\d{6}$/);
    const again = await adminPost(t, w.admin, `${order.id}/mark-paid`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_PENDING');
    expect((await audit(order.id)).map((a) => a.action)).toEqual(['order.mark_paid']);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: w.support.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'paid',
      'account_provisioned',
    ]);
    expect(detail.json().timeline[1]).toMatchObject({ actorEmail: w.admin.email });

    // Once delivered, the order's three mails are on its timeline (queued ones are not "sent").
    t.clock.advance(5_000);
    await t.services.outbox.deliverPending();
    const delivered = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: w.support.headers,
    });
    const mails = delivered.json().timeline.filter((e: { kind: string }) => e.kind === 'mail_sent');
    expect(mails.map((e: { detail: string }) => e.detail)).toEqual([
      `Order ${order.number} received · ${w.member.email}`,
      expect.stringContaining(`· ${w.member.email}`),
      expect.stringContaining(`· ${w.member.email}`),
    ]);
    expect(mails.every((e: { at: string }) => e.at === t.clock.now().toISOString())).toBe(true);
    expect(delivered.json().timeline.at(-1).kind).toBe('mail_sent');
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const count = async () => (await t.database.db.query.orders.findMany()).length;
    const before = await count();
    const archived = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({ name: 'Old' }),
    });
    const oldId = archived.json().challenge.id as string;
    await createCode(t, w.admin, { code: 'OFF', percentBps: 500 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/discount-codes/${(await t.database.db.query.discountCodes.findFirst({ where: (d, { eq }) => eq(d.code, 'OFF') }))!.id}`,
      headers: w.admin.headers,
      payload: { active: false },
    });
    await createCode(t, w.admin, { code: 'LATER', validFrom: '2027-01-01T00:00:00Z' });
    await createCode(t, w.admin, { code: 'GONE', validUntil: '2026-01-01T00:00:00Z' });
    await createCode(t, w.admin, { code: 'OTHER', challengeId: oldId });
    await createCode(t, w.admin, { code: 'EURO', kind: 'fixed', percentBps: null, amountCents: 1000, currency: 'EUR' });
    const used = await createCode(t, w.admin, { code: 'ONCE', maxUses: 1 });
    await t.database.db.execute(`update discount_codes set uses = 1 where id = '${used.id}'`);
    // Archive the second challenge: an account makes deletion an archive.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: w.other.email, challengeId: oldId, phase: 0 },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/challenges/${oldId}`, headers: w.admin.headers });

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ challengeId: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND'],
      [{ challengeId: oldId }, 409, 'CONFLICT'],
      [{ challengeId: w.challengeId, discountCode: 'NOPE' }, 400, 'DISCOUNT_CODE_UNKNOWN'],
      [{ challengeId: w.challengeId, discountCode: 'OFF' }, 400, 'DISCOUNT_CODE_INACTIVE'],
      [{ challengeId: w.challengeId, discountCode: 'LATER' }, 400, 'DISCOUNT_CODE_EXPIRED'],
      [{ challengeId: w.challengeId, discountCode: 'GONE' }, 400, 'DISCOUNT_CODE_EXPIRED'],
      [{ challengeId: w.challengeId, discountCode: 'ONCE' }, 400, 'DISCOUNT_CODE_USED_UP'],
      [{ challengeId: w.challengeId, discountCode: 'OTHER' }, 400, 'DISCOUNT_CODE_NOT_APPLICABLE'],
      [{ challengeId: w.challengeId, discountCode: 'EURO' }, 400, 'DISCOUNT_CURRENCY_MISMATCH'],
      [{ challengeId: w.challengeId, provider: 'stripe' }, 400, 'PAYMENT_PROVIDER_NOT_ENABLED'],
      [{ challengeId: w.challengeId, acceptTerms: false }, 400, 'VALIDATION_ERROR'],
      [{ challengeId: w.challengeId, totalCents: 1 }, 400, 'VALIDATION_ERROR'],
      [{ challengeId: w.challengeId, billing: billing({ vatId: 'not a vat id!' }) }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const res = await checkout(t, w.member, body as { challengeId: string });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await count()).toBe(before);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { challengeId: w.challengeId },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('staff actions', () => {
  it('cancel gives the discount use back; refund closes the account; wrong states are 409', async () => {
    const code = await createCode(t, w.admin, { code: 'TWICE', maxUses: 2 });
    const pending = (await checkout(t, w.member, { challengeId: w.challengeId, discountCode: 'TWICE' })).json().order;
    const uses = async () =>
      (await t.database.db.query.discountCodes.findFirst({ where: (d, { eq }) => eq(d.id, code.id) }))!.uses;
    expect(await uses()).toBe(1);
    expect((await adminPost(t, w.support, `${pending.id}/cancel`)).statusCode).toBe(403);
    const cancelled = await adminPost(t, w.admin, `${pending.id}/cancel`, { reason: 'asked by phone' });
    expect(cancelled.json().order.status).toBe('cancelled');
    expect(await uses()).toBe(0);
    expect((await adminPost(t, w.admin, `${pending.id}/cancel`)).json().code).toBe('ORDER_NOT_PENDING');
    expect((await adminPost(t, w.admin, `${pending.id}/refund`)).json().code).toBe('ORDER_NOT_PAID');

    const paid = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'demo' })).json().order;
    expect((await adminPost(t, w.support, `${paid.id}/refund`)).statusCode).toBe(403);
    expect((await adminPost(t, w.admin, `${paid.id}/mark-paid`)).statusCode).toBe(409);
    const refunded = await adminPost(t, w.admin, `${paid.id}/refund`, { reason: 'chargeback' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().order).toMatchObject({ status: 'refunded' });
    const account = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${paid.accountId}`,
      headers: w.member.headers,
    });
    expect(account.json().account).toMatchObject({ status: 'closed' });
    expect((await audit(paid.id)).map((a) => a.action)).toEqual(['order.refund']);
    expect((await audit(paid.accountId)).map((a) => a.action)).toEqual(['account.close']);
    // The invoice of a refunded order stays downloadable.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${paid.id}/invoice.pdf`,
      headers: w.support.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${paid.id}`, headers: w.admin.headers });
    expect(detail.json().timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'paid',
      'account_provisioned',
      'refunded',
      'account_closed',
    ]);
  });
});

describe('challenges with orders', () => {
  it('a challenge with only an order (no account) is archived, not deleted', async () => {
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({ name: 'Ordered only' }),
    });
    const challengeId = c.json().challenge.id as string;
    expect((await checkout(t, w.member, { challengeId })).statusCode).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/challenges/${challengeId}`,
      headers: w.admin.headers,
    });
    expect(removed.json()).toEqual({ id: challengeId, outcome: 'archived' });
  });
});

describe('lists', () => {
  it('members list their own orders; staff search by number, email and name, filter and sort', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders?pageSize=100', headers: w.member.headers });
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items as Array<{ userId: string; number: string }>;
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((o) => o.userId === w.member.id)).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/orders', headers: w.other.headers });
    expect(theirs.json().total).toBe(0);
    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${w.member.id}/orders?pageSize=100`,
      headers: w.support.headers,
    });
    expect(staffView.json().total).toBe(mine.json().total);

    const list = (q: string, who = w.support) =>
      t.app.inject({ method: 'GET', url: `/api/admin/orders${q}`, headers: who.headers });
    const target = items[items.length - 1]!;
    const digits = String(Number(target.number.slice(4)));
    for (const q of [target.number, digits, target.number.toLowerCase()]) {
      const res = await list(`?q=${encodeURIComponent(q)}`);
      expect(res.json().items.map((o: { number: string }) => o.number)).toContain(target.number);
    }
    expect((await list(`?q=${encodeURIComponent(w.member.email)}`)).json().total).toBe(mine.json().total);
    const byName = (await list('?q=nov%C3%A1kov')).json().total;
    expect(byName).toBeGreaterThan(0);
    // Any case, and the email's case too.
    expect((await list(`?q=${encodeURIComponent('NOVÁKOV')}`)).json().total).toBe(byName);
    expect((await list(`?q=${encodeURIComponent(w.member.email.toUpperCase())}`)).json().total).toBe(mine.json().total);
    expect((await list('?q=nobody-like-this')).json().total).toBe(0);
    const refunded = await list('?status=refunded');
    expect(refunded.json().items.every((o: { status: string }) => o.status === 'refunded')).toBe(true);
    const demo = await list('?provider=demo&sort=totalCents&order=asc');
    const totals = demo.json().items.map((o: { totalCents: number }) => o.totalCents);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => a - b));
    expect((await list('?from=2030-01-01T00:00:00Z')).json().total).toBe(0);
    expect((await list('?sort=secret')).statusCode).toBe(400);
    expect((await list('', w.member)).statusCode).toBe(403);
  });
});

describe('quote throttle', () => {
  it('answers 429 with Retry-After once one address asked for too many quotes', async () => {
    const quote = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { challengeId: w.challengeId },
        remoteAddress: '10.77.0.1',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await quote()).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await quote();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { challengeId: w.challengeId },
      remoteAddress: '10.77.0.2',
    });
    expect(other.statusCode).toBe(200);
  });
});

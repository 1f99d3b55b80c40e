// The mail switches of the profile (preferences.mail) and its language, honoured where mail is
// queued: orders (received, paid with invoice; the credentials always go), payouts, certificates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.ts';
import { checkout } from './order-fixtures.ts';
import { bankDestination, fundedWithProfit, payoutChallenge, requestPayout } from './payout-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { setupWorld, type TradingWorld } from './trading-fixtures.ts';
import type { TestUser } from './test-users.ts';

let t: TestContext;
let w: TradingWorld;

beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-11-02T10:00:00Z'),
    env: { DEMO_DATA: 'true', PAYMENT_PROVIDERS: 'demo,manual', VAT_RATES: 'CZ:21' },
  });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const setPreferences = async (who: TestUser, prefs: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/user/preferences', headers: who.headers, payload: prefs });
  expect(res.statusCode, res.body).toBe(200);
};
/** The mails queued for `to`, oldest first: subject and attachments. */
const mailsTo = async (to: string) =>
  (await t.database.db.query.emailOutbox.findMany({ where: (m, { eq }) => eq(m.to, to) })).map((m) => ({
    subject: m.subject,
    attachments: m.attachments,
  }));

describe('mail preferences', () => {
  it('with orders mail off: no order-received or invoice mail, the credentials still go', async () => {
    const before = (await mailsTo(w.other.email)).length;
    await setPreferences(w.other, { mail: { orders: false } });
    const res = await checkout(t, w.other, { challengeId: w.challengeId, provider: 'demo' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.status).toBe('paid');
    const queued = (await mailsTo(w.other.email)).slice(before);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.attachments ?? []).toEqual([]);
    expect(queued[0]!.subject).toMatch(/account|login|credentials/i);
  });

  it('with orders mail on (the default): received, paid with the invoice, and the credentials', async () => {
    const before = (await mailsTo(w.member.email)).length;
    const res = await checkout(t, w.member, { challengeId: w.challengeId, provider: 'demo' });
    expect(res.statusCode, res.body).toBe(201);
    const queued = (await mailsTo(w.member.email)).slice(before);
    expect(queued).toHaveLength(3);
    expect(queued.filter((m) => m.attachments?.some((a) => a.kind === 'invoice'))).toHaveLength(1);
  });

  it('certificates: none mailed while off; in the chosen language once on again', async () => {
    const issue = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/certificates',
        headers: w.admin.headers,
        payload: { userId: w.member.id, kind: 'payout', amountCents: 100_000, reason: 'Paid by wire' },
      });
    await setPreferences(w.member, { mail: { certificates: false } });
    let before = (await mailsTo(w.member.email)).length;
    expect((await issue()).statusCode).toBe(201);
    expect((await mailsTo(w.member.email)).slice(before)).toEqual([]);

    await setPreferences(w.member, { language: 'de', mail: { certificates: true } });
    before = (await mailsTo(w.member.email)).length;
    expect((await issue()).statusCode).toBe(201);
    const queued = (await mailsTo(w.member.email)).slice(before);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.attachments).toEqual([{ kind: 'certificate', id: expect.any(String) }]);
    expect(queued[0]!.subject).toMatch(/Zertifikat/);
  });

  it('payouts: a request is not mailed while payout mails are off, and is once they are on', async () => {
    const pw = await setupWorld(t, payoutChallenge());
    const request = async () => {
      const a = await fundedWithProfit(t, pw);
      const res = await requestPayout(t, pw.member, {
        accountId: a.id,
        amountCents: 100_00,
        destination: bankDestination,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Each request's funded account is assigned by staff, which mails its login details whatever the
    // switches say: only the other mails are the payout's.
    const payoutMails = async () =>
      (await mailsTo(pw.member.email)).filter((m) => !/^Your trading account \d+ is ready$/.test(m.subject));
    await setPreferences(pw.member, { mail: { payouts: false } });
    let before = (await payoutMails()).length;
    await request();
    expect((await payoutMails()).slice(before)).toEqual([]);
    await setPreferences(pw.member, { mail: { payouts: true } });
    before = (await payoutMails()).length;
    await request();
    expect((await payoutMails()).slice(before)).toHaveLength(1);
  });
});

// Payouts through the API: the eligibility checklist, every bad request (4xx naming the reason,
// nothing stored), the lifecycle with its compare-and-set, paying (withdrawal + certificate),
// the staff queue, audit and mails.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  bankDestination,
  fundedWithProfit,
  payoutChallenge,
  requestPayout,
  staffAction,
} from '../../../test/payout-fixtures.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' },
  });
  w = await setupWorld(t, payoutChallenge());
});
afterAll(async () => {
  await t.close();
});

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const payoutCount = async (accountId: string) =>
  Number((await rows<{ n: number }>(`select count(*)::int n from payouts where account_id = '${accountId}'`))[0]!.n);
const eligibility = async (accountId: string, user = w.member) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/payouts/eligibility?accountId=${accountId}`, headers: user.headers })
  ).json().accounts[0];
// 5,007.00 profit − 7.00 commission = 5,000.00 profit; 80 %: 4,000.00 for the trader.
const FULL = 4000_00;

describe('eligibility', () => {
  it('lists each check with its figures: available = profit × split, the firm share beside it', async () => {
    const a = await fundedWithProfit(t, w);
    const e = await eligibility(a.id);
    expect(e).toMatchObject({
      accountId: a.id,
      profitCents: 5000_00,
      splitBps: 8000,
      availableCents: FULL,
      firmShareCents: 1000_00,
      minimumCents: 100_00,
      intervalDays: 14,
      eligible: true,
    });
    const interval = e.checks.find((c: { key: string }) => c.key === 'interval');
    expect(interval).toMatchObject({ ok: true, since: 'first_trade', daysSince: 19, requiredDays: 14, missingDays: 0 });
  });

  it('says how many days are missing and the day it becomes eligible', async () => {
    const a = await fundedWithProfit(t, w, { day: '2026-03-17' });
    const e = await eligibility(a.id);
    expect(e.eligible).toBe(false);
    expect(e.checks.find((c: { key: string }) => c.key === 'interval')).toMatchObject({
      ok: false,
      daysSince: 3,
      missingDays: 11,
      eligibleAt: '2026-03-31T09:00:00.000Z',
    });
  });

  it('fails on open positions and on a share below the minimum', async () => {
    const a = await fundedWithProfit(t, w, { profit: 107 }); // 100.00 profit → 80.00 < 100.00
    await ingest(t, w.connectorKey, [ev.snapshot(`op-${a.id}`, a.login, '2026-03-02T10:00:00Z', 100100, 100150, 2)]);
    const e = await eligibility(a.id);
    const byKey = Object.fromEntries(e.checks.map((c: { key: string }) => [c.key, c]));
    expect(byKey.no_open_positions).toMatchObject({ ok: false, openPositions: 2 });
    expect(byKey.minimum).toMatchObject({
      ok: false,
      availableCents: 80_00,
      minimumCents: 100_00,
      missingCents: 20_00,
    });
  });

  it('an open request reserves its amount until it is decided; the staff detail does not count it against itself', async () => {
    const a = await fundedWithProfit(t, w);
    const before = await eligibility(a.id);
    expect(before).toMatchObject({ reservedCents: 0, eligible: true });
    expect(before.checks.find((c: { key: string }) => c.key === 'no_open_request')).toMatchObject({
      ok: true,
      openAmountCents: null,
    });

    const { payout } = (
      await requestPayout(t, w.member, { accountId: a.id, amountCents: 1000_00, destination: bankDestination })
    ).json();
    const open = await eligibility(a.id);
    // Still the whole share of the profit (nothing is withdrawn before it is paid), but reserved.
    expect(open).toMatchObject({ availableCents: FULL, reservedCents: 1000_00, eligible: false });
    expect(open.checks.find((c: { key: string }) => c.key === 'no_open_request')).toMatchObject({
      ok: false,
      openPayoutId: payout.id,
      openStatus: 'requested',
      openAmountCents: 1000_00,
    });
    const staff = (
      await t.app.inject({ method: 'GET', url: `/api/admin/payouts/${payout.id}`, headers: w.support.headers })
    ).json();
    expect(staff.eligibility).toMatchObject({ reservedCents: 0, eligible: true });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/${payout.id}/cancel`,
      headers: w.member.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await eligibility(a.id)).toMatchObject({ reservedCents: 0, eligible: true });
  });

  it('lists only the member’s funded accounts; another’s account is not found', async () => {
    const mine = await fundedWithProfit(t, w);
    await createAccount(t, w, w.member, 0);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/payouts/eligibility', headers: w.member.headers })
    ).json();
    expect(all.accounts.every((x: { accountId: string }) => typeof x.accountId === 'string')).toBe(true);
    expect(all.accounts.map((x: { accountId: string }) => x.accountId)).toContain(mine.id);
    expect(all.turnaround).toHaveProperty('medianHours');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/payouts/eligibility?accountId=${mine.id}`,
      headers: w.other.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('bad requests: a 4xx naming the reason, nothing stored', () => {
  it('refuses an amount above the available and below the minimum', async () => {
    const a = await fundedWithProfit(t, w);
    const above = await requestPayout(t, w.member, {
      accountId: a.id,
      amountCents: FULL + 1,
      destination: bankDestination,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'PAYOUT_ABOVE_AVAILABLE' });
    expect(above.json().message).toContain('4,000.00');
    const below = await requestPayout(t, w.member, {
      accountId: a.id,
      amountCents: 99_99,
      destination: bankDestination,
    });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: 'PAYOUT_BELOW_MINIMUM' });
    expect(await payoutCount(a.id)).toBe(0);
  });

  it('refuses a non-funded, a failed and someone else’s account', async () => {
    const evaluation = await createAccount(t, w, w.member, 0);
    const r1 = await requestPayout(t, w.member, {
      accountId: evaluation.id,
      amountCents: 100_00,
      destination: bankDestination,
    });
    expect(r1.statusCode).toBe(409);
    expect(r1.json().code).toBe('PAYOUT_ACCOUNT_NOT_FUNDED');

    const failed = await fundedWithProfit(t, w);
    await ingest(t, w.connectorKey, [
      ev.snapshot(`f-${failed.id}`, failed.login, '2026-03-02T10:00:00Z', 100000, 80000),
    ]);
    const r2 = await requestPayout(t, w.member, {
      accountId: failed.id,
      amountCents: 100_00,
      destination: bankDestination,
    });
    expect(r2.statusCode).toBe(409);
    expect(r2.json()).toMatchObject({ code: 'PAYOUT_ACCOUNT_NOT_FUNDED' });
    expect(r2.json().message).toContain('failed');

    const someoneElses = await fundedWithProfit(t, w, { user: w.other });
    const r3 = await requestPayout(t, w.member, {
      accountId: someoneElses.id,
      amountCents: 100_00,
      destination: bankDestination,
    });
    expect(r3.statusCode).toBe(404);
    for (const id of [evaluation.id, failed.id, someoneElses.id]) expect(await payoutCount(id)).toBe(0);
  });

  it('refuses a malformed IBAN, BIC, crypto address and PayPal email, naming the field', async () => {
    const a = await fundedWithProfit(t, w);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...bankDestination, iban: 'DE89 3704 0044 0532 0130 01' }, 'destination.iban'],
      [{ ...bankDestination, iban: 'XX12' }, 'destination.iban'],
      [{ ...bankDestination, bic: 'COBA1' }, 'destination.bic'],
      [{ method: 'crypto', network: 'ethereum', address: '0x1234' }, 'destination.address'],
      [
        { method: 'crypto', network: 'bitcoin', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        'destination.address',
      ],
      [{ method: 'paypal', email: 'not-an-email' }, 'destination.email'],
    ];
    for (const [destination, field] of cases) {
      const res = await requestPayout(t, w.member, { accountId: a.id, amountCents: 100_00, destination });
      expect(res.statusCode, JSON.stringify(destination)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    expect(await payoutCount(a.id)).toBe(0);
  });

  it('refuses a second open request and a request before the interval', async () => {
    const a = await fundedWithProfit(t, w);
    const first = await requestPayout(t, w.member, {
      accountId: a.id,
      amountCents: 1000_00,
      destination: bankDestination,
    });
    expect(first.statusCode).toBe(201);
    const second = await requestPayout(t, w.member, {
      accountId: a.id,
      amountCents: 100_00,
      destination: { method: 'paypal', email: 'alice@example.com' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PAYOUT_OPEN_REQUEST_EXISTS');
    expect(await payoutCount(a.id)).toBe(1);

    const early = await fundedWithProfit(t, w, { day: '2026-03-17' });
    const res = await requestPayout(t, w.member, {
      accountId: early.id,
      amountCents: 100_00,
      destination: bankDestination,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYOUT_NOT_ELIGIBLE');
    expect(res.json().message).toContain('eligible on 2026-03-31');
    expect(await payoutCount(early.id)).toBe(0);
  });
});

describe('lifecycle', () => {
  it('member cancels while requested, not after; staff cannot decide a cancelled request', async () => {
    const a = await fundedWithProfit(t, w);
    const { payout } = (
      await requestPayout(t, w.member, {
        accountId: a.id,
        amountCents: 500_00,
        destination: { method: 'crypto', network: 'tron', address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC' },
      })
    ).json();
    expect(payout).toMatchObject({ status: 'requested', method: 'crypto', amountCents: 500_00, grossCents: 625_00 });
    const byOther = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/${payout.id}/cancel`,
      headers: w.other.headers,
    });
    expect(byOther.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/${payout.id}/cancel`,
      headers: w.member.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().payout).toMatchObject({ status: 'cancelled' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/${payout.id}/cancel`,
      headers: w.member.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PAYOUT_WRONG_STATE' });
    expect(again.json().message).toContain('cancelled');
    const approve = await staffAction(t, w.admin, payout.id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('PAYOUT_WRONG_STATE');
    // A cancelled request is not open: the member may ask again.
    const next = await requestPayout(t, w.member, {
      accountId: a.id,
      amountCents: 100_00,
      destination: bankDestination,
    });
    expect(next.statusCode).toBe(201);
  });

  it('requested → approved → paid: withdraws the profit once, issues the certificate, audits, mails', async () => {
    const a = await fundedWithProfit(t, w);
    const before = (
      await rows<{ state: { maxLossFloorCents: number } }>(`select state from trading_accounts where id = '${a.id}'`)
    )[0]!.state;
    const { payout } = (
      await requestPayout(
        t,
        w.member,
        { accountId: a.id, amountCents: FULL, destination: bankDestination },
        { 'accept-language': 'de-DE,de;q=0.9' },
      )
    ).json();
    expect(payout).toMatchObject({ grossCents: 5000_00, firmShareCents: 1000_00, splitBps: 8000 });

    expect((await staffAction(t, w.support, payout.id, 'approve')).statusCode).toBe(403);
    expect((await staffAction(t, w.admin, payout.id, 'mark-paid', { reference: 'X' })).json().code).toBe(
      'PAYOUT_WRONG_STATE',
    );
    const approved = await staffAction(t, w.admin, payout.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().payout).toMatchObject({ status: 'approved', reviewerEmail: w.admin.email });
    const twice = await staffAction(t, w.admin, payout.id, 'approve');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('approved');

    expect((await staffAction(t, w.admin, payout.id, 'mark-paid', { reference: '  ' })).statusCode).toBe(400);
    expect((await staffAction(t, w.support, payout.id, 'mark-paid', { reference: 'SEPA-1' })).statusCode).toBe(403);
    const paid = await staffAction(t, w.admin, payout.id, 'mark-paid', { reference: 'SEPA-2026-0001' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payout).toMatchObject({ status: 'paid', transferReference: 'SEPA-2026-0001' });
    expect(paid.json().payout.certificateCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect((await staffAction(t, w.admin, payout.id, 'mark-paid', { reference: 'again' })).statusCode).toBe(409);

    // One withdrawal of the whole gross; balance back to initial; no level moved by it.
    const events = await rows<{ amount_cents: number; balance_kind: string }>(
      `select amount_cents::int, balance_kind from account_events where account_id = '${a.id}' and kind = 'balance'`,
    );
    expect(events).toEqual([{ amount_cents: -5000_00, balance_kind: 'withdrawal' }]);
    const after = (
      await rows<{
        balance_cents: number;
        status: string;
        state: { maxLossFloorCents: number; dayStartCents: number };
      }>(`select balance_cents::int, status, state from trading_accounts where id = '${a.id}'`)
    )[0]!;
    expect(after).toMatchObject({ balance_cents: 100_000_00, status: 'active' });
    expect(after.state.maxLossFloorCents).toBe(before.maxLossFloorCents);
    // The withdrawal day's base is 105,000.00 at its start and follows the money out.
    expect(after.state.dayStartCents).toBe(100_000_00);

    const certs = await rows<{ kind: string; amount_cents: number; account_id: string }>(
      `select kind, amount_cents::int, account_id from certificates where account_id = '${a.id}'`,
    );
    expect(certs).toEqual([{ kind: 'payout', amount_cents: FULL, account_id: a.id }]);

    const audit = await rows<{
      action: string;
      before: { status: string; currency: string };
      after: { status: string; currency: string };
    }>(
      `select action, before, after from audit_log where target_type = 'payout' and target_id = '${payout.id}' order by created_at, action`,
    );
    expect(audit.map((r) => [r.action, r.before.status, r.after.status])).toEqual([
      ['payout.approve', 'requested', 'approved'],
      ['payout.mark_paid', 'approved', 'paid'],
    ]);
    // With their currency, the amounts read as money in the log.
    expect(audit.map((r) => [r.before.currency, r.after.currency])).toEqual([
      ['USD', 'USD'],
      ['USD', 'USD'],
    ]);

    const mails = await rows<{ subject: string; text: string }>(
      `select subject, text_body as text from email_outbox where subject like '%4.000,00%' order by created_at`,
    );
    expect(mails.map((m) => m.subject.replace(/\u00a0/g, ' '))).toEqual([
      'Auszahlungsantrag über 4.000,00 $ eingegangen',
      'Auszahlung über 4.000,00 $ genehmigt',
      'Auszahlung über 4.000,00 $ ausgezahlt',
    ]);
    expect(mails[2]!.text).toContain('/certificates');
    expect(mails[2]!.text).toContain('SEPA-2026-0001');

    // The next interval counts from this payout; nothing left to withdraw.
    const e = await eligibility(a.id);
    expect(e.checks.find((c: { key: string }) => c.key === 'interval')).toMatchObject({
      ok: false,
      since: 'last_payout',
      missingDays: 14,
    });
    expect(e.availableCents).toBe(0);
    const turnaround = (
      await t.app.inject({ method: 'GET', url: '/api/payouts/eligibility', headers: w.member.headers })
    ).json().turnaround;
    expect(turnaround.paidCount).toBeGreaterThanOrEqual(1);
  });

  it('approval re-checks eligibility now; a rejection needs a reason the member then sees', async () => {
    const a = await fundedWithProfit(t, w);
    const { payout } = (
      await requestPayout(t, w.member, { accountId: a.id, amountCents: 200_00, destination: bankDestination })
    ).json();
    await ingest(t, w.connectorKey, [ev.snapshot(`o-${a.id}`, a.login, '2026-03-20T11:00:00Z', 105000, 105010, 1)]);
    const approve = await staffAction(t, w.admin, payout.id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ code: 'PAYOUT_NOT_ELIGIBLE' });
    expect(approve.json().message).toContain('position');

    expect((await staffAction(t, w.admin, payout.id, 'reject', { reason: '' })).statusCode).toBe(400);
    expect((await staffAction(t, w.support, payout.id, 'reject', { reason: 'no' })).statusCode).toBe(403);
    const rejected = await staffAction(t, w.admin, payout.id, 'reject', { reason: 'Positions open over the weekend' });
    expect(rejected.statusCode).toBe(200);
    const mine = (
      await t.app.inject({ method: 'GET', url: `/api/payouts?accountId=${a.id}`, headers: w.member.headers })
    ).json();
    expect(mine.items[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Positions open over the weekend' });
    expect((await staffAction(t, w.admin, payout.id, 'approve')).json().code).toBe('PAYOUT_WRONG_STATE');
  });
});

describe('staff queue', () => {
  it('filters by status, method, amount and member; the detail shows eligibility, history and breaches', async () => {
    const a = await fundedWithProfit(t, w, { user: w.other });
    const { payout } = (
      await requestPayout(t, w.other, {
        accountId: a.id,
        amountCents: 321_00,
        destination: { method: 'paypal', email: 'other@example.com' },
      })
    ).json();
    const list = async (query: string, user = w.support) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/payouts?${query}`, headers: user.headers })).json();
    const found = await list(
      `status=requested&method=paypal&minAmount=32100&maxAmount=32100&q=${encodeURIComponent(w.other.email)}`,
    );
    expect(found.items.map((p: { id: string }) => p.id)).toEqual([payout.id]);
    expect(found.items[0]).toMatchObject({ userEmail: w.other.email, userName: expect.any(String) });
    expect((await list('method=crypto&minAmount=32100&maxAmount=32100')).total).toBe(0);
    const sorted = await list('sort=amountCents&order=desc&pageSize=10');
    const amounts = sorted.items.map((p: { amountCents: number }) => p.amountCents);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/payouts', headers: w.member.headers })).statusCode,
    ).toBe(403);

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/payouts/${payout.id}`, headers: w.support.headers })
    ).json();
    expect(detail.payout.id).toBe(payout.id);
    expect(detail.eligibility).toMatchObject({ accountId: a.id, eligible: true, availableCents: FULL });
    expect(detail.history.map((p: { id: string }) => p.id)).toContain(payout.id);
    expect(detail.breach).toBeNull();
    expect(detail.verdictReviews).toBe(0);
  });
});

// Payouts through the API, before a request exists: the eligibility checklist and every bad request
// (4xx naming the reason, nothing stored).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import {
  bankDestination,
  eligibilityOf,
  FULL_SHARE,
  fundedWithProfit,
  openPayoutsWorld,
  requestPayout,
} from '../../../test/payout-fixtures.ts';
import { createAccount, ev, ingest, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  ({ t, w } = await openPayoutsWorld());
});
afterAll(async () => {
  await t.close();
});

const eligibility = (accountId: string, user = w.member) => eligibilityOf(t, user, accountId);
const payoutCount = async (accountId: string) => {
  const r = await t.database.db.execute(
    sql.raw(`select count(*)::int n from payouts where account_id = '${accountId}'`),
  );
  return Number((r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
};

describe('eligibility', () => {
  it('lists each check with its figures: available = profit × split, the firm share beside it', async () => {
    const a = await fundedWithProfit(t, w);
    const e = await eligibility(a.id);
    expect(e).toMatchObject({
      accountId: a.id,
      profitCents: 5000_00,
      splitBps: 8000,
      availableCents: FULL_SHARE,
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

  it('a trade the bridge reports opened after the last snapshot is an open position until it closes', async () => {
    const a = await fundedWithProfit(t, w);
    const ticket = `open-${a.id}`;
    await ingest(t, w.connectorKey, [ev.trade(ticket, a.login, '2026-03-05T09:00:00Z', null, 0)]);
    const open = await eligibility(a.id);
    expect(open.eligible).toBe(false);
    expect(open.checks.find((c: { key: string }) => c.key === 'no_open_positions')).toMatchObject({
      ok: false,
      openPositions: 1,
    });
    await ingest(t, w.connectorKey, [
      ev.trade(`${ticket}-closed`, a.login, '2026-03-05T09:00:00Z', '2026-03-05T11:00:00Z', 0, { ticket }),
    ]);
    const closed = await eligibility(a.id);
    expect(closed.checks.find((c: { key: string }) => c.key === 'no_open_positions')).toMatchObject({ ok: true });
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
    expect(open).toMatchObject({ availableCents: FULL_SHARE, reservedCents: 1000_00, eligible: false });
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
      amountCents: FULL_SHARE + 1,
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

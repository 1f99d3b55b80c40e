import { asc, eq, sql } from 'drizzle-orm';
import { dailyStats, payouts, tradingAccounts } from '../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemo } from './demo-seed.ts';
import { payoutDay, topUpTrade } from './payouts-demo.ts';

// Seeded in a morning, and just after midnight in the trading day's zone (Europe/Prague): the demo's
// last events then straddle the start of a new trading day, which once failed the funded account.
describe.each([
  ['in a morning', '2026-05-14T09:30:00Z'],
  ['just after midnight in the trading day’s zone', '2026-11-24T23:10:00Z'],
])('seeded %s', (_when, at) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ clock: new FakeClock(at), env: { DEMO_DATA: 'true' } });
    expect(await seedDemo(t, t.clock)).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo member’s funded account has one paid payout with its certificate and withdrawal, and is eligible again', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'member@example.com', password: 'Member123!' },
    });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const mine = (await t.app.inject({ method: 'GET', url: '/api/payouts', headers })).json();
    expect(mine.items).toHaveLength(1);
    const paid = mine.items[0];
    expect(paid).toMatchObject({ status: 'paid', method: 'bank_transfer', transferReference: 'DEMO-PAYOUT-1' });
    expect(paid.certificateCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(Date.parse(paid.paidAt)).toBeLessThan(Date.parse(at) - 14 * 86_400_000);

    const withdrawals = (await t.database.db.execute(
      sql`select amount_cents::int as amount from account_events where account_id = ${paid.accountId} and kind = 'balance'`,
    )) as unknown as { rows: Array<{ amount: number }> };
    expect(withdrawals.rows).toEqual([{ amount: -paid.grossCents }]);

    const certificates = (await t.app.inject({ method: 'GET', url: '/api/certificates', headers })).json().certificates;
    expect(certificates.filter((c: { kind: string }) => c.kind === 'payout')).toHaveLength(1);

    const eligibility = (await t.app.inject({ method: 'GET', url: '/api/payouts/eligibility', headers })).json();
    const funded = eligibility.accounts.find((a: { accountId: string }) => a.accountId === paid.accountId);
    expect(funded.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    expect(funded.eligible).toBe(true);
    expect(funded.checks.find((c: { key: string }) => c.key === 'interval').since).toBe('last_payout');
  });

  it('the paid payout comes from profit: the days before it closed above the initial balance, and its withdrawal stays', async () => {
    const [payout] = await t.database.db.select().from(payouts);
    const [account] = await t.database.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, payout!.accountId));
    const initial = account!.initialBalanceCents;
    const days = await t.database.db
      .select()
      .from(dailyStats)
      .where(eq(dailyStats.accountId, account!.id))
      .orderBy(asc(dailyStats.day));
    const paidDay = payout!.paidAt!.toISOString().slice(0, 10);
    const before = days.filter((d) => d.day < paidDay);
    const onPaidDay = days.find((d) => d.day === paidDay)!;
    // The day before it closed in profit, enough for the trader's share to cover the amount paid.
    const last = before.at(-1)!;
    expect(last.endBalanceCents).toBeGreaterThan(initial);
    expect(payout!.amountCents).toBeLessThanOrEqual(
      Math.floor(((last.endBalanceCents - initial) * payout!.splitBps) / 10_000),
    );
    // A positive run at the start: most days before the payout closed above the initial balance.
    expect(before.filter((d) => d.endBalanceCents > initial).length).toBeGreaterThan(before.length / 2);
    // The withdrawal took out profit only, and the balance after it stays without it.
    expect(onPaidDay.endBalanceCents).toBeGreaterThanOrEqual(initial);
    expect(onPaidDay.endBalanceCents).toBe(onPaidDay.startBalanceCents + onPaidDay.resultCents - payout!.grossCents);
    // Believable afterwards: losing days among the winning ones, and still in profit today.
    expect(days.filter((d) => d.day > paidDay && d.resultCents < 0).length).toBeGreaterThan(0);
    expect(account!.balanceCents).toBeGreaterThan(initial);
  });
});

describe('the demo payout’s day', () => {
  const day = (d: string, balance: number) => ({ day: d, balance });
  it('is the newest day that closed with the profit it pays from, else the newest day', () => {
    const days = [day('2026-11-10', 99_500_00), day('2026-11-09', 100_100_00), day('2026-11-08', 101_000_00)];
    expect(payoutDay(days, 100_000_00, 125_00)?.day).toBe('2026-11-08');
    expect(payoutDay(days, 100_000_00, 50_00)?.day).toBe('2026-11-09');
    expect(payoutDay(days, 100_000_00, 2_000_00)?.day).toBe('2026-11-10');
    expect(payoutDay([], 100_000_00, 1)).toBeUndefined();
  });
});

describe('the winning trade that makes the demo account eligible when its share is short', () => {
  it('earns what its prices say (1 lot EURUSD: US$1 a point), at least what is missing', () => {
    for (const needed of [1, 99, 100, 8_250, 54_321]) {
      const { closePrice, openPrice, volume, profit } = topUpTrade('50000007', needed, 0, 60_000);
      expect(profit).toBe(Math.round((closePrice - openPrice) * 100_000 * volume * 100));
      expect(profit).toBeGreaterThanOrEqual(needed);
    }
  });
});

// The dashboard's figures against a fixture computed by hand (orders with discounts and refunds,
// members, accounts across phases, payouts), for two ranges and their previous periods; then the
// aggregates after a refund, a payout paid and an account failing through the real paths.
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
import { firstRow, insertMember, insertOrder, runSql, type DashboardOrder } from '../../../test/dashboard-fixtures.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import type { TestUser } from '../../../test/test-users.ts';

let t: TestContext;
let w: TradingWorld;
const run = (query: string) => runSql(t, query);
const one = <T>(query: string) => firstRow<T>(t, query);

const member = (createdAt: string) => insertMember(t, createdAt);
const order = (o: DashboardOrder) => insertOrder(t, w.challengeId, o);

async function account(user: TestUser, phase: number, set: string): Promise<string> {
  const a = await createAccount(t, w, user, phase);
  await run(`update trading_accounts set ${set} where id = '${a.id}'`);
  return a.id;
}

const get = (who: TestUser, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/dashboard?${query}`, headers: who.headers });
const dashboard = async (query: string) => {
  const res = await get(w.admin, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  // Friday 20 March 2026, 12:00 UTC.
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' },
  });
  // Phase 0 evaluation, phase 1 funded (80 %). Its two members register now (20 March).
  w = await setupWorld(t, payoutChallenge());
  const u1 = await member('2026-03-15T10:00:00Z');
  const u2 = await member('2026-03-16T10:00:00Z');
  const u3 = await member('2026-03-10T10:00:00Z');
  const u4 = await member('2026-02-01T10:00:00Z');
  // 449.10 after a 49.90 discount.
  await order({
    user: u1,
    subtotal: 499_00,
    discount: 49_90,
    status: 'paid',
    createdAt: '2026-03-15T10:30:00Z',
    paidAt: '2026-03-15T11:00:00Z',
  });
  // 499.00 paid on the 16th, refunded on the 18th.
  await order({
    user: u2,
    subtotal: 499_00,
    status: 'refunded',
    createdAt: '2026-03-16T10:30:00Z',
    paidAt: '2026-03-16T11:00:00Z',
    refundedAt: '2026-03-18T09:00:00Z',
  });
  // u2's second order: no second conversion.
  await order({
    user: u2,
    subtotal: 199_00,
    status: 'paid',
    createdAt: '2026-03-17T08:00:00Z',
    paidAt: '2026-03-17T08:00:00Z',
  });
  // Paid on the 10th (previous week), refunded on the 15th (this week).
  await order({
    user: u3,
    subtotal: 299_00,
    status: 'refunded',
    createdAt: '2026-03-10T10:30:00Z',
    paidAt: '2026-03-10T11:00:00Z',
    refundedAt: '2026-03-15T12:00:00Z',
  });
  // 900.00 net (+ 189.00 VAT, not revenue) on 2 February.
  await order({
    user: u4,
    subtotal: 1000_00,
    discount: 100_00,
    vat: 189_00,
    status: 'paid',
    createdAt: '2026-02-02T10:00:00Z',
    paidAt: '2026-02-02T10:00:00Z',
  });
  // Waiting for a bank transfer; a failed payment; a paid order in another currency (left out).
  await order({ user: u1, subtotal: 499_00, status: 'pending', createdAt: '2026-03-19T10:00:00Z' });
  await order({ user: u3, subtotal: 499_00, status: 'failed', createdAt: '2026-03-19T11:00:00Z' });
  await order({
    user: u4,
    subtotal: 100_00,
    status: 'paid',
    currency: 'EUR',
    createdAt: '2026-03-19T12:00:00Z',
    paidAt: '2026-03-19T12:00:00Z',
  });

  // Accounts (opened now): phase 1 passed on the 17th, failed on the 18th (daily loss) and the
  // 12th (max loss); a funded one failed on the 19th; a funded one active with 1,000.00 profit.
  await account(
    w.member,
    0,
    `status = 'passed', passed_at = '2026-03-17T10:00:00Z', ended_at = '2026-03-17T10:00:00Z'`,
  );
  await account(w.member, 0, `status = 'failed', ended_at = '2026-03-18T10:00:00Z', breach = '{"rule":"daily_loss"}'`);
  await account(w.other, 0, `status = 'failed', ended_at = '2026-03-12T10:00:00Z', breach = '{"rule":"max_loss"}'`);
  await account(w.other, 1, `status = 'failed', ended_at = '2026-03-19T10:00:00Z', breach = '{"rule":"max_loss"}'`);
  const funded = await account(w.other, 1, `status = 'active', balance_cents = initial_balance_cents + 100000`);
  await account(w.other, 0, `status = 'active'`);
  // Payouts of the funded account: 500.00 asked on the 16th and paid on the 18th; 200.00 open since the 19th.
  for (const p of [
    `'paid', 50000, '2026-03-16T10:00:00Z', '2026-03-17T10:00:00Z', '2026-03-18T10:00:00Z', 'SEPA-1'`,
    `'requested', 20000, '2026-03-19T10:00:00Z', null, null, null`,
  ]) {
    await run(`
      insert into payouts (account_id, user_id, status, amount_cents, gross_cents, split_bps, currency, method, destination,
        requested_at, approved_at, paid_at, transfer_reference)
      select '${funded}', '${w.other.id}', s, a, a, 8000, 'USD', 'bank_transfer', '{"method":"bank_transfer"}', r::timestamptz,
        ap::timestamptz, pd::timestamptz, ref
      from (values (${p.replaceAll('_', '')})) v(s, a, r, ap, pd, ref)`);
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/dashboard', () => {
  it('7 days (UTC): the figures and those of the 6 days 13 hours before', async () => {
    const d = await dashboard('range=7d&tz=UTC');
    expect(d.currency).toBe('USD');
    expect(d.range).toMatchObject({
      key: '7d',
      from: '2026-03-14T00:00:00.000Z',
      to: '2026-03-20T13:00:00.000Z',
      previousFrom: '2026-03-07T11:00:00.000Z',
      previousTo: '2026-03-14T00:00:00.000Z',
      bucket: 'day',
    });
    // Paid 449.10 + 499.00 + 199.00 = 1,147.10; refunded 499.00 + 299.00 = 798.00.
    expect(d.current).toMatchObject({
      revenueCents: 349_10,
      paidNetCents: 1147_10,
      discountCents: 49_90,
      refundedCents: 798_00,
      refunds: 2,
      paidOrders: 3,
      averageOrderCents: 382_37,
      // u1, u2 and the world's two members; u1 and u2 bought.
      newMembers: 4,
      convertedMembers: 2,
      conversionBps: 5000,
      accountsOpened: 6,
      payoutsRequested: { count: 2, amountCents: 700_00 },
      payoutsPaid: { count: 1, amountCents: 500_00 },
      // 500.00 / 349.10
      payoutRatioBps: 14323,
      funnel: { registered: 4, bought: 2, passedPhase1: 1, funded: 2, paidOut: 1 },
    });
    expect(d.current.passRates).toEqual([
      { phaseKind: 'evaluation', phaseIndex: 0, passed: 1, failed: 1, rateBps: 5000 },
      { phaseKind: 'funded', phaseIndex: 1, passed: 0, failed: 1, rateBps: 0 },
    ]);
    expect(d.current.failuresByRule).toEqual([
      { rule: 'daily_loss', count: 1 },
      { rule: 'max_loss', count: 1 },
    ]);
    expect(d.previous).toMatchObject({
      revenueCents: 299_00,
      paidOrders: 1,
      averageOrderCents: 299_00,
      newMembers: 1,
      convertedMembers: 1,
      conversionBps: 10000,
      accountsOpened: 0,
      payoutsRequested: { count: 0, amountCents: 0 },
      payoutRatioBps: 0,
    });
    expect(d.previous.passRates).toEqual([
      { phaseKind: 'evaluation', phaseIndex: 0, passed: 0, failed: 1, rateBps: 0 },
    ]);
    expect(d.previous.failuresByRule).toEqual([{ rule: 'max_loss', count: 1 }]);
  });

  it('30 days: the month and the month before (the February order with VAT counts its net only)', async () => {
    const d = await dashboard('range=30d&tz=UTC');
    expect(d.range).toMatchObject({ from: '2026-02-19T00:00:00.000Z', previousFrom: '2026-01-20T11:00:00.000Z' });
    expect(d.current).toMatchObject({
      revenueCents: 648_10,
      paidOrders: 4,
      newMembers: 5,
      convertedMembers: 3,
      conversionBps: 6000,
    });
    expect(d.previous).toMatchObject({
      revenueCents: 900_00,
      paidNetCents: 900_00,
      discountCents: 100_00,
      paidOrders: 1,
      newMembers: 1,
      convertedMembers: 1,
    });
    // The chart: every day of the range, the refund day negative.
    expect(d.charts.revenue).toHaveLength(30);
    const day = (b: string) => d.charts.revenue.find((r: { bucket: string }) => r.bucket === b).byChallenge;
    expect(day('2026-03-15')).toEqual({ [w.challengeId]: 449_10 - 299_00 });
    expect(day('2026-03-18')).toEqual({ [w.challengeId]: -499_00 });
    expect(day('2026-03-01')).toEqual({});
    expect(d.charts.ordersByChallenge).toEqual([
      { challengeId: w.challengeId, name: expect.any(String), paidOrders: 4, revenueCents: 648_10 },
    ]);
  });

  it('a day ends at midnight in the viewer zone; "all" has no previous period; custom days', async () => {
    // In Tokyo (UTC+9) the 14th starts at 15:00 UTC on the 13th.
    const tokyo = await dashboard('range=7d&tz=Asia%2FTokyo');
    expect(tokyo.range.from).toBe('2026-03-13T15:00:00.000Z');
    const all = await dashboard('range=all&tz=UTC');
    expect(all.previous).toBeNull();
    expect(all.range.previousFrom).toBeNull();
    expect(all.current).toMatchObject({ revenueCents: 1548_10, paidOrders: 5, newMembers: 6 });
    const custom = await dashboard('range=custom&from=2026-03-15&to=2026-03-16&tz=UTC');
    expect(custom.range).toMatchObject({
      from: '2026-03-15T00:00:00.000Z',
      to: '2026-03-17T00:00:00.000Z',
      previousFrom: '2026-03-13T00:00:00.000Z',
    });
    expect(custom.current).toMatchObject({ revenueCents: 449_10 + 499_00 - 299_00, paidOrders: 2, newMembers: 2 });
    // Whole months come from the month rows, the days around them from the day rows.
    const quarter = await dashboard('range=custom&from=2026-01-01&to=2026-03-31&tz=UTC');
    expect(quarter.current).toMatchObject({ revenueCents: 1548_10, paidOrders: 5, newMembers: 6, convertedMembers: 4 });
    expect(quarter.range.bucket).toBe('day');
    const midFebruary = await dashboard('range=custom&from=2026-02-15&to=2026-03-31&tz=UTC');
    expect(midFebruary.current).toMatchObject({ revenueCents: 648_10, paidOrders: 4, newMembers: 5 });
    const long = await dashboard('range=custom&from=2025-10-01&to=2026-03-31&tz=UTC');
    expect(long.range.bucket).toBe('month');
    expect(long.charts.revenue.map((r: { bucket: string }) => r.bucket)).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(long.charts.revenue[4].byChallenge).toEqual({ [w.challengeId]: 900_00 });
  });

  it('now: accounts by phase and status, the trader share still withdrawable, what needs staff', async () => {
    const d = await dashboard('range=7d&tz=UTC');
    expect(d.now.activeByPhase).toEqual([
      { phaseKind: 'evaluation', phaseIndex: 0, count: 1 },
      { phaseKind: 'funded', phaseIndex: 1, count: 1 },
    ]);
    expect(d.now.accountsByStatus).toEqual(
      expect.arrayContaining([
        { status: 'active', count: 2 },
        { status: 'failed', count: 3 },
        { status: 'passed', count: 1 },
      ]),
    );
    // 1,000.00 profit × 80 %.
    expect(d.now).toMatchObject({ fundedActive: 1, liabilityCents: 800_00 });
    expect(d.needsYou).toMatchObject({ openPayouts: 1, manualOrders: 1, failedPayments: 1 });
    expect(d.needsYou.oldestPayouts[0]).toMatchObject({ amountCents: 200_00, ageHours: 26 });
    expect(d.lists.pendingPayouts).toHaveLength(1);
    expect(d.lists.latestOrders[0]).toMatchObject({ currency: 'EUR', number: expect.stringMatching(/^ORD-\d{6}$/) });
    expect(d.lists.breachedToday).toEqual([]);
  });

  it('SUPPORT reads it; members do not; bad input is a 400 naming the field', async () => {
    expect((await get(w.support, 'range=90d')).statusCode).toBe(200);
    expect((await get(w.member, 'range=90d')).statusCode).toBe(403);
    const badZone = await get(w.admin, 'range=7d&tz=Mars%2FOlympus');
    expect(badZone.statusCode).toBe(400);
    expect(badZone.body).toContain('tz');
    const noTo = await get(w.admin, 'range=custom&from=2026-03-01');
    expect(noTo.statusCode).toBe(400);
    expect(noTo.body).toContain('to');
    expect((await get(w.admin, 'range=custom&from=2026-03-05&to=2026-03-01')).statusCode).toBe(400);
    expect((await get(w.admin, 'range=year')).statusCode).toBe(400);
    expect((await get(w.admin, 'range=custom&from=0001-01-01&to=2026-01-01')).statusCode).toBe(400);
  });

  it('stays right after a refund, a payout paid and an account failing (the real paths)', async () => {
    const before = await dashboard('range=7d&tz=UTC');

    // Refund the 449.10 order through the orders desk: counts today.
    const paid = await one<{ id: string }>(`select id from orders where net_cents = 44910`);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.id}/refund`,
      headers: w.admin.headers,
      payload: { reason: 'asked' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    // A funded account with 5,000.00 profit (4,000.00 share): 1,000.00 asked, approved, paid.
    const a = await fundedWithProfit(t, w, { user: w.member, day: '2026-03-01' });
    const asked = await requestPayout(t, w.member, {
      accountId: a.id,
      amountCents: 1000_00,
      destination: bankDestination,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().payout.id as string;
    expect((await staffAction(t, w.admin, id, 'approve')).statusCode).toBe(200);
    expect((await staffAction(t, w.admin, id, 'mark-paid', { reference: 'SEPA-9' })).statusCode).toBe(200);

    // The active phase-1 account loses 11,000.00 this morning: failed.
    const active = await one<{ id: string; login: string }>(
      `select id, login from trading_accounts where phase_index = 0 and status = 'active'`,
    );
    const loss = await ingest(t, w.connectorKey, [
      ev.trade('dash-loss-1', active.login, '2026-03-20T08:00:00Z', '2026-03-20T09:00:00Z', -11_000),
    ]);
    expect(loss.statusCode, loss.body).toBe(200);
    const failed = await one<{ status: string; rule: string }>(
      `select status, breach->>'rule' as rule from trading_accounts where id = '${active.id}'`,
    );
    expect(failed.status).toBe('failed');

    // The withdrawable share is recomputed at most every 30 s.
    t.clock.advance(60_000);
    const after = await dashboard('range=7d&tz=UTC');
    expect(after.current.revenueCents).toBe(before.current.revenueCents - 449_10);
    expect(after.current.refunds).toBe(before.current.refunds + 1);
    expect(after.current.paidOrders).toBe(before.current.paidOrders);
    expect(after.current.payoutsRequested).toEqual({ count: 3, amountCents: 1700_00 });
    expect(after.current.payoutsPaid).toEqual({ count: 2, amountCents: 1500_00 });
    expect(after.current.accountsOpened).toBe(7);
    const phase1 = after.current.passRates.find((p: { phaseIndex: number }) => p.phaseIndex === 0);
    expect(phase1).toMatchObject({ passed: 1, failed: 2, rateBps: 3333 });
    const byRule = Object.fromEntries(
      after.current.failuresByRule.map((r: { rule: string; count: number }) => [r.rule, r.count]),
    );
    expect(byRule[failed.rule]).toBe(
      (before.current.failuresByRule.find((r: { rule: string }) => r.rule === failed.rule)?.count ?? 0) + 1,
    );
    expect(after.lists.breachedToday).toEqual([
      expect.objectContaining({ accountId: active.id, rule: failed.rule, endedAt: '2026-03-20T09:00:00.000Z' }),
    ]);
    // Funded: 800.00 + (5,000.00 − 1,250.00 withdrawn) × 80 % = 800.00 + 3,000.00.
    expect(after.now).toMatchObject({ fundedActive: 2, liabilityCents: 3800_00 });
    expect(after.now.activeByPhase).toEqual([{ phaseKind: 'funded', phaseIndex: 1, count: 2 }]);

    // The aggregates equal a rebuild from the rows.
    const snapshot = () =>
      run(`select (select json_agg(t order by grain, hour, challenge_id, currency) from dashboard_order_hours t) o,
        (select json_agg(t order by grain, hour) from dashboard_member_hours t) m,
        (select json_agg(t order by grain, hour, phase_kind, phase_index, event, rule) from dashboard_account_hours t where count <> 0) a,
        (select json_agg(t order by status, phase_kind, phase_index) from dashboard_account_counts t where count <> 0) c,
        (select json_agg(t order by grain, hour, currency) from dashboard_payout_hours t) p`);
    const kept = JSON.stringify(await snapshot());
    await run('select dashboard_rebuild()');
    expect(JSON.stringify(await snapshot())).toBe(kept);
  });
});

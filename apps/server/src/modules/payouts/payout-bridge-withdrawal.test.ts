// A payout's withdrawal counted once when the bridge also reports it from the trading server
// (decision 038), whichever of the two arrives first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankDestination,
  FULL_SHARE,
  fundedWithProfit,
  openPayoutsWorld,
  requestPayout,
  staffAction,
} from '../../../test/payout-fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { ev, ingest, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  ({ t, w } = await openPayoutsWorld());
});
afterAll(() => t.close());

/** 105,000.00 after the profit; the payout withdraws its gross 5,000.00 (4,000.00 to the trader). */
const GROSS = 5000;

async function approvedPayout() {
  const a = await fundedWithProfit(t, w);
  const res = await requestPayout(t, w.member, {
    accountId: a.id,
    amountCents: FULL_SHARE,
    destination: bankDestination,
  });
  const { payout } = res.json();
  expect((await staffAction(t, w.admin, payout.id, 'approve')).statusCode).toBe(200);
  return { a, payoutId: payout.id as string };
}

async function balanceOf(accountId: string): Promise<number> {
  const r = await t.database.db.execute(`select balance_cents from trading_accounts where id = '${accountId}'`);
  return Number((r as unknown as { rows: Array<{ balance_cents: string }> }).rows[0]!.balance_cents);
}

async function withdrawals(accountId: string) {
  const r = await t.database.db.execute(
    `select event_id, amount_cents::int as amount, payout_id from account_events
     where account_id = '${accountId}' and kind = 'balance' order by seq`,
  );
  return (r as unknown as { rows: Array<{ event_id: string; amount: number; payout_id: string | null }> }).rows;
}

const bridgeWithdrawal = (id: string, login: string, payout: string, amount = -GROSS) => ({
  ...ev.balance(id, login, '2026-03-20T11:00:00Z', amount, 'MT5 withdrawal', 'withdrawal'),
  payout,
});

describe("a payout's withdrawal reported by the bridge too", () => {
  it('after the payout was marked paid: a duplicate, the balance falls once', async () => {
    const { a, payoutId } = await approvedPayout();
    expect((await staffAction(t, w.admin, payoutId, 'mark-paid', { reference: 'SEPA-1' })).statusCode).toBe(200);
    expect(await balanceOf(a.id)).toBe(100_000_00);

    const res = await ingest(t, w.connectorKey, [bridgeWithdrawal('mt5-deal-1', a.login, payoutId)]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await balanceOf(a.id)).toBe(100_000_00);
    expect(await withdrawals(a.id)).toEqual([
      { event_id: `payout-${payoutId}`, amount: -GROSS * 100, payout_id: payoutId },
    ]);
  });

  it('before the payout was marked paid: counted then, and marking it paid withdraws nothing more', async () => {
    const { a, payoutId } = await approvedPayout();
    const res = await ingest(t, w.connectorKey, [bridgeWithdrawal('mt5-deal-2', a.login, payoutId)]);
    expect(res.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await balanceOf(a.id)).toBe(100_000_00);

    // Staff see it on the request, with the event that reported it.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payouts/${payoutId}`,
      headers: w.support.headers,
    });
    expect(detail.json().reportedWithdrawal).toEqual({ eventId: 'mt5-deal-2', at: '2026-03-20T11:00:00.000Z' });

    // The money is out: the payout cannot be rejected any more, and is paid without a second withdrawal.
    const reject = await staffAction(t, w.admin, payoutId, 'reject', { reason: 'changed our mind' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe('PAYOUT_ALREADY_WITHDRAWN');
    const paid = await staffAction(t, w.admin, payoutId, 'mark-paid', { reference: 'SEPA-2' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payout).toMatchObject({
      status: 'paid',
      certificateCode: expect.stringMatching(/^[0-9A-Z]{4}-/),
    });
    expect(await balanceOf(a.id)).toBe(100_000_00);
    expect(await withdrawals(a.id)).toEqual([{ event_id: 'mt5-deal-2', amount: -GROSS * 100, payout_id: payoutId }]);
    // The bridge sending it again is a duplicate too.
    expect(
      (await ingest(t, w.connectorKey, [bridgeWithdrawal('mt5-deal-2b', a.login, payoutId)])).json(),
    ).toMatchObject({
      accepted: 0,
      duplicates: 1,
    });
  });

  it("tells the member, on their list, when an approved payout's profit has left the account", async () => {
    const { a, payoutId } = await approvedPayout();
    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/payouts?accountId=${a.id}`,
        headers: w.member.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().items.find((p: { id: string }) => p.id === payoutId);
    };
    expect(await listed()).toMatchObject({ status: 'approved', withdrawnAt: null });
    await ingest(t, w.connectorKey, [bridgeWithdrawal('mt5-deal-m', a.login, payoutId)]);
    expect(await listed()).toMatchObject({ status: 'approved', withdrawnAt: '2026-03-20T11:00:00.000Z' });
    await staffAction(t, w.admin, payoutId, 'mark-paid', { reference: 'SEPA-M' });
    expect(await listed()).toMatchObject({ status: 'paid', withdrawnAt: null });
  });

  it('names the payout in either case: the same payout', async () => {
    const { a, payoutId } = await approvedPayout();
    expect((await staffAction(t, w.admin, payoutId, 'mark-paid', { reference: 'SEPA-UC' })).statusCode).toBe(200);
    const res = await ingest(t, w.connectorKey, [
      bridgeWithdrawal('mt5-deal-uc', a.login, payoutId.toUpperCase()),
      bridgeWithdrawal('mt5-deal-lc', a.login, payoutId),
    ]);
    expect(res.json()).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await balanceOf(a.id)).toBe(100_000_00);
  });

  it('twice in one batch: the first counts', async () => {
    const { a, payoutId } = await approvedPayout();
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payouts/${payoutId}`,
      headers: w.admin.headers,
    });
    expect(before.json().reportedWithdrawal).toBeNull();
    const res = await ingest(t, w.connectorKey, [
      bridgeWithdrawal('mt5-deal-3', a.login, payoutId),
      bridgeWithdrawal('mt5-deal-3-again', a.login, payoutId),
    ]);
    expect(res.json()).toMatchObject({ accepted: 1, duplicates: 1 });
    expect(await balanceOf(a.id)).toBe(100_000_00);
  });

  it('refuses a withdrawal that does not pay the payout it names, and stores nothing of the batch', async () => {
    const { a, payoutId } = await approvedPayout();
    const other = await fundedWithProfit(t, w);
    const { payout: requested } = (
      await requestPayout(t, w.member, { accountId: other.id, amountCents: 100_00, destination: bankDestination })
    ).json();
    const cases: Array<[unknown[], RegExp]> = [
      [[bridgeWithdrawal('bad-1', a.login, payoutId, -GROSS + 1)], /withdraws 500000 cents .*not 499900/],
      [[bridgeWithdrawal('bad-2', other.login, payoutId)], /is not a payout of account/],
      [[bridgeWithdrawal('bad-3', a.login, '6f1f8a52-3c1e-4d5e-9a0b-1c2d3e4f5a6b')], /is not a payout of account/],
      [[bridgeWithdrawal('bad-4', other.login, requested.id, -125)], /is requested: only an approved payout/],
    ];
    for (const [events, message] of cases) {
      const res = await ingest(t, w.connectorKey, [
        ev.snapshot(`fine-${events.length}-${Math.random()}`, a.login, '2026-03-20T10:30:00Z', 105_000, 105_000),
        ...(events as never[]),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toMatch(/^events\.1\.payout: /);
      expect(res.json().message).toMatch(message);
    }
    const wrongKind = await ingest(t, w.connectorKey, [
      { ...ev.balance('bad-5', a.login, '2026-03-20T11:00:00Z', 10), payout: payoutId },
    ]);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toContain('Only a withdrawal pays a payout');
    expect(await balanceOf(a.id)).toBe(105_000_00);
    expect(await withdrawals(a.id)).toEqual([]);
  });
});

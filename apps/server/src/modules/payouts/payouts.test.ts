// Payouts through the API once requested: the lifecycle with its compare-and-set, paying (withdrawal
// + certificate), the staff queue, audit and mails.
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
  staffAction,
} from '../../../test/payout-fixtures.ts';
import { ev, ingest, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  ({ t, w } = await openPayoutsWorld());
});
afterAll(async () => {
  await t.close();
});

const eligibility = (accountId: string, user = w.member) => eligibilityOf(t, user, accountId);
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

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

  it('is not paid while positions are open, nor once the account has failed since its approval', async () => {
    const approvedPayout = async (accountId: string) => {
      const { payout } = (
        await requestPayout(t, w.member, { accountId, amountCents: 1000_00, destination: bankDestination })
      ).json();
      expect((await staffAction(t, w.admin, payout.id, 'approve')).statusCode).toBe(200);
      return payout.id as string;
    };
    const a = await fundedWithProfit(t, w, { day: '2026-03-02' });
    const first = await approvedPayout(a.id);
    // Trading went on after the approval: a position is open.
    await ingest(t, w.connectorKey, [ev.snapshot('po-1', a.login, '2026-03-03T09:00:00Z', 105_000, 104_900, 1)]);
    const open = await staffAction(t, w.admin, first, 'mark-paid', { reference: 'SEPA-OPEN' });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ code: 'PAYOUT_NOT_ELIGIBLE' });
    expect(open.json().message).toContain('1 position(s) are open');
    await ingest(t, w.connectorKey, [ev.snapshot('po-2', a.login, '2026-03-03T10:00:00Z', 105_000, 105_000, 0)]);
    expect((await staffAction(t, w.admin, first, 'mark-paid', { reference: 'SEPA-CLOSED' })).statusCode).toBe(200);

    const b = await fundedWithProfit(t, w, { day: '2026-03-02' });
    const second = await approvedPayout(b.id);
    // A loss beyond the max loss: the account fails before the transfer is made.
    await ingest(t, w.connectorKey, [
      ev.trade('po-3', b.login, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', -15_000),
    ]);
    const failed = await staffAction(t, w.admin, second, 'mark-paid', { reference: 'SEPA-FAILED' });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toContain('no longer a funded, active account (it is failed)');
    expect(await rows<{ status: string }>(`select status from payouts where id = '${second}'`)).toEqual([
      { status: 'approved' },
    ]);
    expect((await staffAction(t, w.admin, second, 'reject', { reason: 'account failed' })).statusCode).toBe(200);
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
        { accountId: a.id, amountCents: FULL_SHARE, destination: bankDestination },
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
    expect(certs).toEqual([{ kind: 'payout', amount_cents: FULL_SHARE, account_id: a.id }]);

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
    expect(detail.eligibility).toMatchObject({ accountId: a.id, eligible: true, availableCents: FULL_SHARE });
    expect(detail.history.map((p: { id: string }) => p.id)).toContain(payout.id);
    expect(detail.breach).toBeNull();
    expect(detail.verdictReviews).toBe(0);
  });
});

// A refund reaches whichever account the order led to: the phase it got to after passing, or the
// fresh account a staff reset opened in place of its own. The orders desk's timeline tells the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { adminPost, checkout } from '../../../test/order-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: {
      DEMO_DATA: 'true',
      PAYMENT_PROVIDERS: 'demo',
      // A test moves the clock a day on (trades reported after they closed): sessions outlive it.
      SESSION_IDLE_MINUTES: '43200',
      SESSION_ABSOLUTE_HOURS: '8760',
    },
  });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

const audit = (targetId: string) =>
  t.database.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.targetId, targetId) });
const accountOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/accounts/${id}`, headers: w.member.headers })).json().account;
/** The desk's timeline as [kind, account login, closing reason]. */
async function timelineOf(orderId: string) {
  const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: w.admin.headers });
  return detail
    .json()
    .timeline.map((e: { kind: string; account: string | null; detail: string | null }) => [
      e.kind,
      e.account,
      e.kind === 'account_closed' ? e.detail : null,
    ]);
}

describe('a refund and the accounts an order led to', () => {
  it('a refund after phase 1 was passed closes the phase-2 account it led to; the passed one stays passed', async () => {
    const paid = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'demo' })).json().order;
    const phase1 = await accountOf(paid.accountId);
    // The bridge reports the trades after they closed.
    t.clock.set('2026-03-21T10:30:00Z');
    const passed = await ingest(t, w.connectorKey, [
      ev.trade('rf-1', phase1.login, '2026-03-20T13:00:00Z', '2026-03-20T14:00:00Z', 50),
      ev.trade('rf-2', phase1.login, '2026-03-21T09:00:00Z', '2026-03-21T10:00:00Z', 10_000),
    ]);
    expect(passed.json().accounts[0], passed.body).toMatchObject({ status: 'passed' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers: w.member.headers })).json();
    const phase2Id = list.accounts.find((a: { id: string }) => a.id === paid.accountId).nextAccountId as string;
    expect(phase2Id).toBeTruthy();

    t.clock.advance(60_000);
    expect((await adminPost(t, w.admin, `${paid.id}/refund`, { reason: 'chargeback' })).statusCode).toBe(200);
    expect(await accountOf(phase2Id)).toMatchObject({ status: 'closed' });
    expect(await accountOf(paid.accountId)).toMatchObject({ status: 'passed' });
    expect((await audit(phase2Id)).map((a) => a.action)).toEqual(['account.close']);
    // The desk's timeline follows the order to the phase it reached.
    const phase2 = await accountOf(phase2Id);
    expect(await timelineOf(paid.id)).toEqual([
      ['created', null, null],
      ['paid', null, null],
      ['account_provisioned', phase1.login, null],
      ['account_passed', phase1.login, null],
      ['next_phase_opened', phase2.login, null],
      ['refunded', null, null],
      ['account_closed', phase2.login, 'refunded'],
    ]);
  });

  it('a refund after a staff reset closes the fresh account the reset opened', async () => {
    const paid = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'demo' })).json().order;
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${paid.accountId}/reset`,
      headers: w.admin.headers,
      payload: { reason: 'Member asked for a clean start' },
    });
    expect(reset.statusCode, reset.body).toBe(201);
    const fresh = reset.json().account as { id: string; login: string };
    t.clock.advance(60_000);

    expect((await adminPost(t, w.admin, `${paid.id}/refund`, { reason: 'chargeback' })).statusCode).toBe(200);
    expect(await accountOf(fresh.id)).toMatchObject({ status: 'closed', replacedById: null });
    expect(await accountOf(paid.accountId)).toMatchObject({ status: 'closed', replacedById: fresh.id });
    expect((await audit(fresh.id)).map((a) => a.action)).toEqual(['account.close']);
    expect(await timelineOf(paid.id)).toEqual([
      ['created', null, null],
      ['paid', null, null],
      ['account_provisioned', paid.accountLogin, null],
      ['account_closed', paid.accountLogin, 'reset'],
      ['account_reset', fresh.login, null],
      ['refunded', null, null],
      ['account_closed', fresh.login, 'refunded'],
    ]);
  });
});

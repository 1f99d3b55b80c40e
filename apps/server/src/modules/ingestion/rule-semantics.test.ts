// The rule semantics that decide disputes, end to end through the ingestion API and the read API:
// one verdict everywhere and its review, closed tickets counted once, payouts, midnight, evidence.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createAccount,
  ev,
  ingest,
  setupWorld,
  twoStepChallenge,
  type TradingWorld,
} from '../../../test/trading-fixtures.ts';
import { runClockSweep } from '../accounts/index.ts';

const GRACE = 10 * 60_000;
let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' }, // the clock moves hours
  });
  // 100K, target 10 %, daily 5 %, static 10 %, no minimum of days: the reproduction.
  w = await setupWorld(
    t,
    twoStepChallenge({
      phases: [
        { kind: 'evaluation', profitTargetBps: 1000, maxDailyLossBps: 500, maxLossBps: 1000, minTradingDays: 0 },
        {
          kind: 'funded',
          profitTargetBps: null,
          maxDailyLossBps: 500,
          maxLossBps: 1000,
          profitSplitBps: 8000,
          payoutIntervalDays: 14,
        },
      ],
    }),
  );
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers = w.member.headers) => t.app.inject({ method: 'GET', url, headers });
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/** Batch 1 fails the account at 10:00; batch 2, late, says it had passed at 09:00. */
async function failedThenContradicted(tag: string) {
  const a = await createAccount(t, w);
  const first = await ingest(t, w.connectorKey, [
    ev.snapshot(`${tag}-1`, a.login, '2026-03-19T09:00:00Z', 100000, 89999.99),
  ]);
  expect(first.json().accounts[0]).toMatchObject({ status: 'failed', breach: { rule: 'max_loss' } });
  const late = await ingest(t, w.connectorKey, [
    ev.snapshot(`${tag}-2`, a.login, '2026-03-19T08:00:00Z', 110000, 110000),
  ]);
  expect(late.statusCode).toBe(200);
  return a;
}

describe('one verdict everywhere; late data that disagrees is flagged for review', () => {
  it('keeps the stored verdict, and the objectives, limits and breach report tell the same story', async () => {
    const a = await failedThenContradicted('one');
    const o = (await get(`/api/accounts/${a.id}`)).json();
    expect(o.account).toMatchObject({ status: 'failed', breach: { rule: 'max_loss', levelCents: 90_000_00 } });
    const byRule = Object.fromEntries(o.objectives.map((r: { rule: string; status: string }) => [r.rule, r.status]));
    expect(byRule.max_loss).toBe('failed');
    expect(Object.values(byRule).every((s) => s === 'passed')).toBe(false);
    const report = (await get(`/api/accounts/${a.id}/breach`)).json();
    expect(report.breach.formula.text).toBe(
      'equity 89,999.99 < initial 100,000.00 − 10.00 % × initial 100,000.00 = 90,000.00',
    );
    // The evidence: the snapshots of the hours before, ending at the breach.
    expect(report.equityPath.at(-1)).toEqual({
      time: '2026-03-19T09:00:00.000Z',
      balanceCents: 100_000_00,
      equityCents: 89_999_99,
    });
  });

  it('staff see the review with both verdicts; SUPPORT reads, only ADMIN resolves, with a reason, audited', async () => {
    const a = await failedThenContradicted('keep');
    const list = await get(`/api/admin/verdict-reviews?accountId=${a.id}`, w.support.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    const review = list.json().items[0];
    expect(review).toMatchObject({
      accountLogin: a.login,
      status: 'open',
      storedVerdict: { status: 'failed', breach: { rule: 'max_loss', at: '2026-03-19T09:00:00.000Z' } },
      recomputedVerdict: { status: 'passed', passedAt: '2026-03-19T08:00:00.000Z' },
    });
    const url = `/api/admin/verdict-reviews/${review.id}/resolve`;
    const payload = { action: 'keep', reason: 'The late snapshot was a bridge replay of a demo server' };
    expect((await t.app.inject({ method: 'POST', url, headers: w.support.headers, payload })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload: { action: 'keep', reason: '' } }))
        .statusCode,
    ).toBe(400);
    const kept = await t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().review).toMatchObject({ status: 'kept', reason: payload.reason, resolvedBy: w.admin.id });
    expect((await t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload })).statusCode).toBe(409);
    expect((await get(`/api/accounts/${a.id}`)).json().account.status).toBe('failed');
    const audit = await rows<{ action: string }>(
      `select action from audit_log where target_id = '${a.id}' and action like 'verdict_review.%'`,
    );
    expect(audit.map((r) => r.action)).toEqual(['verdict_review.keep']);
  });

  it('applying the recomputed verdict passes the account and provisions its next phase once', async () => {
    const a = await failedThenContradicted('apply');
    const [review] = (await get(`/api/admin/verdict-reviews?accountId=${a.id}`, w.admin.headers)).json().items;
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/verdict-reviews/${review.id}/resolve`,
      headers: w.admin.headers,
      payload: { action: 'apply', reason: 'Snapshot at 08:00 confirmed by the platform statement' },
    });
    expect(applied.statusCode).toBe(200);
    const o = (await get(`/api/accounts/${a.id}`)).json();
    expect(o.account).toMatchObject({ status: 'passed', breach: null, passedAt: '2026-03-19T08:00:00.000Z' });
    expect(o.account.nextAccountId).not.toBeNull();
    expect(o.objectives.every((r: { status: string }) => r.status === 'passed')).toBe(true);
  });

  it('a late event that leaves the verdict as it was opens no review', async () => {
    const a = await createAccount(t, w);
    await ingest(t, w.connectorKey, [ev.snapshot('same-1', a.login, '2026-03-19T09:00:00Z', 100000, 89999.99)]);
    await ingest(t, w.connectorKey, [ev.snapshot('same-2', a.login, '2026-03-19T08:00:00Z', 100500, 100500)]);
    expect((await get(`/api/admin/verdict-reviews?accountId=${a.id}`, w.admin.headers)).json().total).toBe(0);
  });
});

describe('a closed trade is counted once per account, by ticket', () => {
  const trade = (id: string, login: string, profit: number, ticket = 'T-1') =>
    ev.trade(id, login, '2026-03-19T08:00:00Z', '2026-03-19T08:30:00Z', profit, { ticket });

  it('the same ticket under another event id is a duplicate; with other figures it is refused, naming the event', async () => {
    const a = await createAccount(t, w);
    expect((await ingest(t, w.connectorKey, [trade('c-1', a.login, 250)])).json()).toMatchObject({ accepted: 1 });
    const again = await ingest(t, w.connectorKey, [trade('c-2', a.login, 250)]);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 1 });
    const conflict = await ingest(t, w.connectorKey, [
      ev.snapshot('c-3', a.login, '2026-03-19T09:00:00Z', 100243, 100243),
      trade('c-4', a.login, 999),
    ]);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().message).toBe(
      'events.1: trade ticket "T-1" of account "' + a.login + '" was already received with other figures (event "c-1")',
    );
    const stored = await rows<{ n: number }>(
      `select count(*)::int as n from account_events where account_id = '${a.id}'`,
    );
    expect(stored[0]!.n).toBe(1); // nothing of the refused batch was kept
    expect((await get(`/api/accounts/${a.id}`)).json().metrics).toMatchObject({ trades: 1, balanceCents: 100_243_00 });
  });

  it('the same ticket twice inside one batch counts once; with other figures the batch is refused', async () => {
    const a = await createAccount(t, w);
    const same = await ingest(t, w.connectorKey, [
      trade('d-1', a.login, 250, 'T-5'),
      trade('d-2', a.login, 250, 'T-5'),
    ]);
    expect(same.json()).toMatchObject({ accepted: 1, duplicates: 1 });
    expect((await get(`/api/accounts/${a.id}`)).json().metrics).toMatchObject({ trades: 1, balanceCents: 100_243_00 });
    const b = await createAccount(t, w);
    const other = await ingest(t, w.connectorKey, [
      trade('e-1', b.login, 250, 'T-6'),
      trade('e-2', b.login, 300, 'T-6'),
    ]);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      'events.1: trade ticket "T-6" of account "' + b.login + '" was already received with other figures (event "e-1")',
    );
    const stored = await rows<{ n: number }>(
      `select count(*)::int as n from account_events where account_id = '${b.id}'`,
    );
    expect(stored[0]!.n).toBe(0);
  });

  it('an open-trade event followed by its close under the same ticket is one trade', async () => {
    const a = await createAccount(t, w);
    await ingest(t, w.connectorKey, [ev.trade('o-1', a.login, '2026-03-19T08:00:00Z', null, 0, { ticket: 'T-9' })]);
    const close = await ingest(t, w.connectorKey, [trade('o-2', a.login, 100, 'T-9')]);
    expect(close.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    expect((await get(`/api/accounts/${a.id}`)).json().metrics).toMatchObject({ trades: 1, tradingDays: 1 });
  });

  it('two connectors sending the same closed trade count it once', async () => {
    const a = await createAccount(t, w);
    const k2 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connectors',
      headers: w.admin.headers,
      payload: { name: 'Second bridge' },
    });
    await ingest(t, w.connectorKey, [trade('x-1', a.login, 400, 'T-77')]);
    expect((await ingest(t, k2.json().key, [trade('x-1', a.login, 400, 'T-77')])).json().duplicates).toBe(1);
    expect((await get(`/api/accounts/${a.id}`)).json().metrics.trades).toBe(1);
  });
});

describe('payouts are not losses and do not buy room', () => {
  it('a funded 100K with +10,000 and an 8,000 payout (10,000 withdrawn) breaches below 90,000', async () => {
    const a = await createAccount(t, w, w.member, 1);
    await ingest(t, w.connectorKey, [
      ev.snapshot('p-1', a.login, '2026-03-19T08:00:00Z', 110000, 110000),
      ev.balance('p-2', a.login, '2026-03-19T09:00:00Z', -10000, 'payout 8,000 at 80 %', 'withdrawal'),
    ]);
    const o = (await get(`/api/accounts/${a.id}`)).json();
    expect(o.account.status).toBe('active');
    expect(o.metrics).toMatchObject({ balanceCents: 100_000_00, withdrawnCents: 10_000_00, profitCents: 0 });
    const r = await ingest(t, w.connectorKey, [
      ev.snapshot('p-3', a.login, '2026-03-19T10:00:00Z', 100000, 89999.99, 1),
    ]);
    expect(r.json().accounts[0]).toMatchObject({ status: 'failed', breach: { rule: 'max_loss', level: 90000 } });
  });
});

describe('midnight is a check, taken by the clock job without waiting for an event', () => {
  it('a floating loss carried over midnight fails the account at 00:00 local time, after the grace', async () => {
    const a = await createAccount(t, w);
    // 20 March, 21:00 UTC = 22:00 CET: balance 103,000 with 5,000.01 of floating loss.
    await ingest(t, w.connectorKey, [ev.snapshot('m-1', a.login, '2026-03-20T21:00:00Z', 103000, 97999.99, 2)]);
    t.clock.set('2026-03-20T23:09:59Z'); // midnight (23:00 UTC) + grace − 1 s
    await runClockSweep(t.database, t.clock, GRACE);
    expect((await get(`/api/accounts/${a.id}`)).json().account.status).toBe('active');
    t.clock.set('2026-03-20T23:10:00Z');
    await runClockSweep(t.database, t.clock, GRACE);
    const o = (await get(`/api/accounts/${a.id}`)).json();
    expect(o.account).toMatchObject({
      status: 'failed',
      endedAt: '2026-03-20T23:00:00.000Z',
      breach: { rule: 'daily_loss', at: '2026-03-20T23:00:00.000Z', levelCents: 98_000_00, dayKey: '2026-03-21' },
    });
    t.clock.set('2026-03-20T12:00:00Z');
  });

  it('a late event that changes nothing opens no review of the clock’s verdict', async () => {
    const a = await createAccount(t, w);
    await ingest(t, w.connectorKey, [ev.snapshot('ml-1', a.login, '2026-03-20T21:00:00Z', 103000, 97999.99, 2)]);
    t.clock.set('2026-03-20T23:10:00Z');
    await runClockSweep(t.database, t.clock, GRACE);
    expect((await get(`/api/accounts/${a.id}`)).json().account).toMatchObject({ status: 'failed' });
    // The bridge back-fills a snapshot from before midnight: the replay fails the account the same way.
    const late = await ingest(t, w.connectorKey, [
      ev.snapshot('ml-0', a.login, '2026-03-20T20:00:00Z', 103000, 102500, 2),
    ]);
    expect(late.json().accounts[0]).toMatchObject({ status: 'failed', breach: { rule: 'daily_loss' } });
    expect((await get(`/api/admin/verdict-reviews?accountId=${a.id}`, w.admin.headers)).json().total).toBe(0);
    t.clock.set('2026-03-20T12:00:00Z');
  });
});

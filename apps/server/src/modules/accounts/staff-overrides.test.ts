import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser } from '../../../test/test-users.ts';
import { ev, ingest, setupWorld, twoStepChallenge, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { TRADING_DAY_TZ: 'Europe/Prague', SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' },
  });
  // Phase 1 has a 5-day time limit, so extending has something to extend.
  w = await setupWorld(
    t,
    twoStepChallenge({
      phases: [
        { kind: 'evaluation', profitTargetBps: 1000, maxDailyLossBps: 500, maxLossBps: 1000, maxDays: 5 },
        { kind: 'funded', profitTargetBps: null, maxDailyLossBps: 500, maxLossBps: 1000, profitSplitBps: 8000 },
      ],
    }),
  );
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers = w.admin.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const overview = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/accounts/${id}`, headers: w.member.headers })).json();
const auditOf = async (action: string, targetId: string) =>
  (await t.database.db.query.auditLog.findMany()).filter((e) => e.action === action && e.targetId === targetId);

async function newAccount() {
  const res = await post('/api/admin/accounts', { email: w.member.email, challengeId: w.challengeId });
  return res.json().account as { id: string; login: string };
}

describe('staff overrides', () => {
  it('reinstates a failed account: it trades again, the breach stays in the audit history', async () => {
    const a = await newAccount();
    // Not failed yet: nothing to reinstate, and nothing changes.
    await ingest(t, w.connectorKey, [ev.snapshot(`ok-${a.login}`, a.login, '2026-03-19T09:00:00Z', 100000, 100000, 0)]);
    const early = await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: 'no reason' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { status: 'Only a failed account can be reinstated; this one is active' },
    });
    expect(early.json().message).toMatch(/^status: Only a failed account can be reinstated/);

    // 6 % down in a day: the daily loss (5 %) fails it.
    const failed = await ingest(t, w.connectorKey, [
      ev.snapshot(`dd-${a.login}`, a.login, '2026-03-19T10:00:00Z', 100000, 94000, 1),
    ]);
    expect(failed.json().accounts[0].status).toBe('failed');

    // SUPPORT reads only; a reason is required.
    expect((await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: 'x' }, w.support.headers)).statusCode).toBe(
      403,
    );
    const noReason = await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/^reason: /);
    expect((await overview(a.id)).account.status).toBe('failed');

    const res = await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: 'Price spike from a bad feed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({ id: a.id, status: 'active', breach: null, endedAt: null });
    const [entry] = await auditOf('account.reinstate', a.id);
    expect(entry?.actorId).toBe(w.admin.id);
    expect(entry?.before).toMatchObject({ status: 'failed', breach: { rule: 'daily_loss' } });
    expect(entry?.after).toMatchObject({ status: 'active', reason: 'Price spike from a bad feed' });

    // The engine takes it from there: the bridge's next figures are judged again (the position that
    // caused the breach was closed), through midnight into the next day.
    const recovered = await ingest(t, w.connectorKey, [
      ev.snapshot(`r-${a.login}`, a.login, '2026-03-19T11:00:00Z', 99500, 99500, 0),
      ev.snapshot(`n-${a.login}`, a.login, '2026-03-20T09:00:00Z', 99500, 99000, 0),
    ]);
    expect(recovered.json().accounts[0].status).toBe('active');
    // A late event (stamped after the recovery, before the last event) replays the whole history:
    // the forgiven breach is not found again.
    const late = await ingest(t, w.connectorKey, [
      ev.trade(`late-${a.login}`, a.login, '2026-03-19T11:30:00Z', '2026-03-19T12:00:00Z', 0),
    ]);
    expect(late.json().accounts[0].status).toBe('active');
    expect((await overview(a.id)).account).toMatchObject({ status: 'active', breach: null });
    // And it can fail again: a reinstatement is not an immunity.
    const again = await ingest(t, w.connectorKey, [
      ev.snapshot(`f-${a.login}`, a.login, '2026-03-20T10:00:00Z', 99500, 93000, 1),
    ]);
    expect(again.json().accounts[0].status).toBe('failed');
  });

  it('extends an open account’s time limit, and asks for more days to reinstate a time-limit failure', async () => {
    const a = await newAccount();
    await ingest(t, w.connectorKey, [
      ev.trade(`t-${a.login}`, a.login, '2026-03-16T08:00:00Z', '2026-03-16T09:00:00Z', 100),
    ]);
    // Started 16 March (Prague), 5 days: the deadline is 21 March 00:00 CET.
    expect((await overview(a.id)).deadlineAt).toBe('2026-03-20T23:00:00.000Z');
    const bad = await post(`/api/admin/accounts/${a.id}/extend`, { reason: 'holiday', days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^days: /);

    const res = await post(`/api/admin/accounts/${a.id}/extend`, { reason: 'Platform outage on 18 March', days: 3 });
    expect(res.statusCode).toBe(200);
    const o = await overview(a.id);
    expect(o.deadlineAt).toBe('2026-03-23T23:00:00.000Z');
    expect(o.rules.maxDays).toBe(8);
    expect((await auditOf('account.extend', a.id))[0]?.after).toMatchObject({ maxDays: 8 });

    // Past the new deadline (and the grace) it fails on the time limit.
    t.clock.set('2026-03-24T00:00:00Z');
    expect((await overview(a.id)).account.breach).toMatchObject({ rule: 'time_limit' });
    const without = await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: 'outage' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toMatch(/^extendDays: /);
    const withDays = await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: 'outage', extendDays: 2 });
    expect(withDays.statusCode).toBe(200);
    expect((await overview(a.id)).account.status).toBe('active');
    expect((await overview(a.id)).deadlineAt).toBe('2026-03-25T23:00:00.000Z');
    t.clock.set('2026-03-20T12:00:00Z');

    // A funded account has no time limit: the refusal names the days asked for; nothing changes.
    const funded = (
      await post('/api/admin/accounts', { email: w.member.email, challengeId: w.challengeId, phase: 1 })
    ).json().account as { id: string };
    const noLimit = await post(`/api/admin/accounts/${funded.id}/extend`, { reason: 'x', days: 2 });
    expect(noLimit.statusCode).toBe(409);
    expect(noLimit.json().fields).toEqual({ days: 'The account has no time limit' });
    expect((await overview(funded.id)).rules.maxDays).toBeNull();
  });

  it('a reinstated time-limit failure is reported at its new deadline with the figures then, not the old ones', async () => {
    const a = await newAccount();
    await ingest(t, w.connectorKey, [
      ev.trade(`dl1-${a.login}`, a.login, '2026-03-16T08:00:00Z', '2026-03-16T09:00:00Z', 100),
    ]);
    // Past the deadline (20 March 23:00 UTC) the bridge reports again; the grace over, it fails at
    // 100,093 (the trade's 100 less its 7 commission).
    t.clock.set('2026-03-21T06:00:00Z');
    await ingest(t, w.connectorKey, [
      ev.snapshot(`dl2-${a.login}`, a.login, '2026-03-21T01:00:00Z', 100093, 100093, 0),
    ]);
    expect((await overview(a.id)).account.breach).toMatchObject({ rule: 'time_limit', balanceCents: 10_009_300 });

    const res = await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: 'outage', extendDays: 3 });
    expect(res.statusCode).toBe(200);
    await ingest(t, w.connectorKey, [
      ev.trade(`dl3-${a.login}`, a.login, '2026-03-21T08:00:00Z', '2026-03-21T09:00:00Z', 500),
    ]);
    // Past the new deadline (23 March 23:00 UTC) without the target: failed at 100,586, the balance then.
    t.clock.set('2026-03-24T06:00:00Z');
    const breach = (await overview(a.id)).account.breach;
    expect(breach).toMatchObject({ rule: 'time_limit', at: expect.stringMatching(/^2026-03-23T23:00/) });
    expect(breach).toMatchObject({ balanceCents: 10_058_600, equityCents: 10_058_600 });
    t.clock.set('2026-03-20T12:00:00Z');
  });

  it('resets to a fresh account of the same phase and closes the open old one', async () => {
    const a = await newAccount();
    const res = await post(`/api/admin/accounts/${a.id}/reset`, { reason: 'Member asked for a clean start' });
    expect(res.statusCode).toBe(201);
    const { account, previous } = res.json();
    expect(previous).toMatchObject({ id: a.id, status: 'closed' });
    expect(account).toMatchObject({ status: 'pending', phaseIndex: 0, userId: w.member.id });
    expect(account.login).not.toBe(a.login);
    expect((await auditOf('account.reset', a.id))[0]?.after).toMatchObject({ newAccountId: account.id });
    // The old one names its replacement; a second reset of it opens nothing more.
    expect((await overview(a.id)).account).toMatchObject({ replacedById: account.id });
    expect((await overview(account.id)).account).toMatchObject({ replacedById: null });
    const twice = await post(`/api/admin/accounts/${a.id}/reset`, { reason: 'Clicked twice' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({
      replacedById: `The account was reset already: reset account ${account.login} instead`,
    });
    expect(await auditOf('account.reset', a.id)).toHaveLength(1);
    // The old one is closed for good: resetting is not a way to reopen it.
    const again = await post(`/api/admin/accounts/${a.id}/extend`, { reason: 'x', days: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({
      status: "Only an open account's time limit can be extended; this one is closed",
    });
    const closeAgain = await post(`/api/admin/accounts/${a.id}/close`, { reason: 'x' });
    expect(closeAgain.statusCode).toBe(409);
    expect(closeAgain.json().fields).toEqual({ status: 'The account is already closed' });
    expect((await post(`/api/admin/accounts/${a.id}/reset`, { reason: 'x' }, w.support.headers)).statusCode).toBe(403);
    expect(
      (await post('/api/admin/accounts/00000000-0000-4000-8000-000000000000/reset', { reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('resets no passed account: its next phase is already open', async () => {
    const a = await newAccount();
    const passed = await ingest(t, w.connectorKey, [
      ev.trade(`p1-${a.login}`, a.login, '2026-03-19T09:00:00Z', '2026-03-19T10:00:00Z', 50),
      ev.trade(`p2-${a.login}`, a.login, '2026-03-20T09:00:00Z', '2026-03-20T10:00:00Z', 10_000),
    ]);
    expect(passed.json().accounts[0], passed.body).toMatchObject({ status: 'passed' });
    const res = await post(`/api/admin/accounts/${a.id}/reset`, { reason: 'Clean start' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({
      status: 'A passed account is not reset: its next phase was opened when it passed',
    });
    expect(await auditOf('account.reset', a.id)).toEqual([]);
    expect((await overview(a.id)).account).toMatchObject({ status: 'passed', replacedById: null });
  });

  it('opens no fresh account for an anonymised owner: 409 naming userId, the old one unchanged', async () => {
    const owner = await createUser(t);
    const created = await post('/api/admin/accounts', { email: owner.email, challengeId: w.challengeId });
    const a = created.json().account as { id: string };
    expect((await post(`/api/admin/users/${owner.id}/anonymise`, {})).statusCode).toBe(200);
    const res = await post(`/api/admin/accounts/${a.id}/reset`, { reason: 'Clean start' });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().fields)).toEqual(['userId']);
    expect(await auditOf('account.reset', a.id)).toEqual([]);
  });
});

import type { IngestEventInput } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { runClockSweep } from './clock-sweep.job.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createAccount,
  ev,
  ingest,
  setupWorld,
  twoStepChallenge,
  type TradingWorld,
} from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { TRADING_DAY_TZ: 'Europe/Prague', SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' },
  });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('POST /api/admin/accounts', () => {
  it('gives a user a pending account with a new login, platform credentials and the rules copied', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: w.member.email, challengeId: w.challengeId, phase: 0 },
    });
    expect(res.statusCode).toBe(201);
    const a = res.json().account;
    expect(a).toMatchObject({
      userId: w.member.id,
      challengeId: w.challengeId,
      phaseIndex: 0,
      phaseCount: 3,
      phaseKind: 'evaluation',
      status: 'pending',
      platform: 'demo',
      currency: 'USD',
      initialBalanceCents: 100_000_00,
      balanceCents: 100_000_00,
      equityCents: 100_000_00,
      breach: null,
      previousAccountId: null,
      nextAccountId: null,
    });
    expect(a.login).toMatch(/^\d{8,}$/);
    expect(a.password).toMatch(/^[A-Za-z0-9]{12}$/);
    const b = await createAccount(t, w);
    expect(b.login).not.toBe(a.login);
  });

  it('answers 404 for an unknown user or challenge, 400 for a phase the challenge lacks, 403 for support', async () => {
    const unknownUser = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: 'nobody@example.com', challengeId: w.challengeId },
    });
    expect(unknownUser.statusCode).toBe(404);
    const unknownChallenge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: w.member.email, challengeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownChallenge.statusCode).toBe(404);
    const phase = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: w.member.email, challengeId: w.challengeId, phase: 3 },
    });
    expect(phase.statusCode).toBe(400);
    expect(phase.json().message).toMatch(/^phase: /);
    const support = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.support.headers,
      payload: { email: w.member.email, challengeId: w.challengeId },
    });
    expect(support.statusCode).toBe(403);
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.member.headers,
      payload: { email: w.member.email, challengeId: w.challengeId },
    });
    expect(member.statusCode).toBe(403);
  });
});

describe('member read API', () => {
  it('shows the overview: rules, objectives, metrics, room before each limit, next reset and time zone', async () => {
    const a = await createAccount(t, w);
    await ingest(t, w.connectorKey, [
      ev.trade('o-1', a.login, '2026-03-18T08:00:00Z', '2026-03-18T09:00:00Z', 1500),
      ev.trade('o-2', a.login, '2026-03-19T08:00:00Z', '2026-03-19T09:00:00Z', -500),
      ev.snapshot('o-3', a.login, '2026-03-20T10:00:00Z', 100986, 100500.5, 1),
    ]);
    const res = await get(`/api/accounts/${a.id}`, w.member.headers);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.account).toMatchObject({ id: a.id, status: 'active', balanceCents: 100_986_00, equityCents: 100_500_50 });
    expect(o.rules).toMatchObject({
      profitTargetBps: 1000,
      maxDailyLossBps: 500,
      maxLossBps: 1000,
      drawdownType: 'static',
    });
    expect(o.metrics).toMatchObject({
      trades: 2,
      wins: 1,
      losses: 1,
      tradingDays: 2,
      profitCents: 986_00,
      openPositions: 1,
    });
    expect(o.timeZone).toBe('Europe/Prague');
    expect(o.tradingDay).toBe('2026-03-20');
    expect(o.nextDailyResetAt).toBe('2026-03-20T23:00:00.000Z'); // midnight in Prague (CET)
    // Max loss (static): 90,000.00; room = equity − level.
    expect(o.limits.maxLoss).toMatchObject({ levelCents: 90_000_00, roomCents: 100_500_50 - 90_000_00 });
    expect(o.limits.dailyLoss.roomCents).toBe(o.account.equityCents - o.limits.dailyLoss.levelCents);
    expect(o.limits.profitTargetBalanceCents).toBe(110_000_00);
    expect(o.objectives.map((x: { rule: string }) => x.rule)).toEqual([
      'profit_target',
      'min_trading_days',
      'max_daily_loss',
      'max_loss',
    ]);
    expect(o.objectives.find((x: { rule: string }) => x.rule === 'min_trading_days')).toMatchObject({
      limit: 2,
      current: 2,
      status: 'passed',
    });
    expect(o.currency).toBe('USD');
  });

  it("answers 404 for somebody else's account on every read, and lists only one's own", async () => {
    const a = await createAccount(t, w);
    for (const suffix of ['', '/trades', '/equity', '/daily']) {
      const res = await get(`/api/accounts/${a.id}${suffix}`, w.other.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const list = (await get('/api/accounts', w.other.headers)).json().accounts;
    expect(list).toEqual([]);
    expect((await get(`/api/accounts/${a.id}`)).statusCode).toBe(401);
  });

  it('downsamples the equity series to at most 500 points for any range, keeping the dips', async () => {
    const a = await createAccount(t, w);
    const start = Date.UTC(2026, 2, 2, 0, 0);
    for (let b = 0; b < 3; b++) {
      const events: IngestEventInput[] = [];
      for (let i = 0; i < 400; i++) {
        const n = b * 400 + i;
        const equity = n === 777 ? 96000 : 100000 + (n % 50);
        events.push(ev.snapshot(`eq-${n}`, a.login, new Date(start + n * 60_000).toISOString(), 100000, equity, 1));
      }
      expect((await ingest(t, w.connectorKey, events)).statusCode).toBe(200);
    }
    const all = (await get(`/api/accounts/${a.id}/equity`, w.member.headers)).json();
    expect(all.points.length).toBeLessThanOrEqual(500);
    expect(all.points.length).toBeGreaterThan(400);
    expect(all.downsampled).toBe(true);
    expect(Math.min(...all.points.map((p: { minEquityCents: number }) => p.minEquityCents))).toBe(96_000_00);
    const times = all.points.map((p: { time: string }) => p.time);
    expect([...times].sort()).toEqual(times);
    const few = (
      await get(
        `/api/accounts/${a.id}/equity?from=${new Date(start).toISOString()}&to=${new Date(start + 9 * 60_000).toISOString()}`,
        w.member.headers,
      )
    ).json();
    expect(few.points).toHaveLength(10);
    expect(few.downsampled).toBe(false);
    const fifty = (await get(`/api/accounts/${a.id}/equity?points=50`, w.member.headers)).json();
    expect(fifty.points.length).toBeLessThanOrEqual(50);
    expect((await get(`/api/accounts/${a.id}/equity?points=501`, w.member.headers)).statusCode).toBe(400);
  });

  it('summarises each trading day in the configured time zone', async () => {
    const a = await createAccount(t, w);
    await ingest(t, w.connectorKey, [
      // 23:30 UTC on 2 March is 00:30 on 3 March in Prague.
      ev.trade('dd-1', a.login, '2026-03-02T22:00:00Z', '2026-03-02T23:30:00Z', 100, { volume: 0.5 }),
      ev.trade('dd-2', a.login, '2026-03-03T08:00:00Z', '2026-03-03T09:00:00Z', -40, { volume: 1.25 }),
      ev.trade('dd-3', a.login, '2026-03-04T08:00:00Z', '2026-03-04T09:00:00Z', 10),
    ]);
    const d = (await get(`/api/accounts/${a.id}/daily`, w.member.headers)).json();
    expect(d.timeZone).toBe('Europe/Prague');
    expect(
      d.days.map((x: { day: string; trades: number; lots: number; resultCents: number }) => [
        x.day,
        x.trades,
        x.lots,
        x.resultCents,
      ]),
    ).toEqual([
      ['2026-03-03', 2, 1.75, 100_00 - 40_00 - 14_00],
      ['2026-03-04', 1, 1, 10_00 - 7_00],
    ]);
  });
});

describe('staff read API', () => {
  it("lets staff (support included) read a user's accounts; members are refused; the user must own the account", async () => {
    const a = await createAccount(t, w);
    for (const u of [w.admin, w.support]) {
      const list = await get(`/api/admin/users/${w.member.id}/accounts`, u.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json().accounts.some((x: { id: string }) => x.id === a.id)).toBe(true);
      for (const suffix of ['', '/trades', '/equity', '/daily']) {
        expect((await get(`/api/admin/users/${w.member.id}/accounts/${a.id}${suffix}`, u.headers)).statusCode).toBe(
          200,
        );
      }
      expect((await get(`/api/admin/users/${w.other.id}/accounts/${a.id}`, u.headers)).statusCode).toBe(404);
    }
    expect(
      (await get(`/api/admin/users/00000000-0000-4000-8000-000000000000/accounts`, w.admin.headers)).statusCode,
    ).toBe(404);
    expect((await get(`/api/admin/users/${w.member.id}/accounts`, w.member.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/users/${w.member.id}/certificates`, w.support.headers)).statusCode).toBe(200);
  });
});

describe('time limit', () => {
  it('fails an account past its deadline when read and in the scheduled job', async () => {
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({
        phases: [
          { kind: 'evaluation', profitTargetBps: 1000, maxDailyLossBps: 500, maxLossBps: 1000, maxDays: 5 },
          { kind: 'funded', profitTargetBps: null, maxDailyLossBps: 500, maxLossBps: 1000 },
        ],
      }),
    });
    const challengeId = c.json().challenge.id;
    const mk = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/accounts',
          headers: w.admin.headers,
          payload: { email: w.member.email, challengeId },
        })
      ).json().account;
    const onRead = await mk();
    const byJob = await mk();
    const idle = await mk();
    for (const a of [onRead, byJob]) {
      await ingest(t, w.connectorKey, [
        ev.trade(`tl-${a.login}`, a.login, '2026-03-16T08:00:00Z', '2026-03-16T09:00:00Z', 100),
      ]);
    }
    const before = (await get(`/api/accounts/${onRead.id}`, w.member.headers)).json();
    expect(before.account.status).toBe('active');
    // Started 16 March (Prague): 5 days allow trading through 20 March; the deadline is 21 March 00:00 CET.
    expect(before.deadlineAt).toBe('2026-03-20T23:00:00.000Z');

    // The verdict waits for the data: VERDICT_GRACE_MINUTES (10) past the deadline, not a ms before.
    const GRACE = 10 * 60_000;
    t.clock.set(new Date(Date.parse('2026-03-20T23:00:00Z') + GRACE - 1).toISOString());
    expect((await get(`/api/accounts/${onRead.id}`, w.member.headers)).json().account.status).toBe('active');
    expect(await runClockSweep(t.database, t.clock, GRACE)).toBe(1); // byJob's trading day rolled, no verdict yet
    expect((await get(`/api/accounts/${byJob.id}`, w.member.headers)).json().account.status).toBe('active');
    t.clock.set(new Date(Date.parse('2026-03-20T23:00:00Z') + GRACE).toISOString());
    const read = (await get(`/api/accounts/${onRead.id}`, w.member.headers)).json();
    expect(read.account.status).toBe('failed');
    expect(read.account.breach).toMatchObject({ rule: 'time_limit', at: '2026-03-20T23:00:00.000Z' });
    // (Other tests' accounts in this file roll their trading day in the same sweep.)
    expect(await runClockSweep(t.database, t.clock, GRACE)).toBeGreaterThanOrEqual(1);
    expect(await runClockSweep(t.database, t.clock, GRACE)).toBe(0);
    const job = (await get(`/api/accounts/${byJob.id}`, w.member.headers)).json();
    expect(job.account).toMatchObject({ status: 'failed', endedAt: '2026-03-20T23:00:00.000Z' });
    // A pending account has not started its clock.
    expect((await get(`/api/accounts/${idle.id}`, w.member.headers)).json().account.status).toBe('pending');
    // Late events never revive it.
    const late = await ingest(t, w.connectorKey, [
      ev.trade(`tl2-${byJob.login}`, byJob.login, '2026-03-17T08:00:00Z', '2026-03-17T09:00:00Z', 20000),
    ]);
    expect(late.json().accounts[0].status).toBe('failed');
    t.clock.set('2026-03-20T12:00:00Z');
  });
});

describe('admin account list and close', () => {
  it('lists every account for staff, filtered by status; admin closes an open account (audited), support cannot', async () => {
    const a = await createAccount(t, w);
    const all = await get('/api/admin/accounts?status=pending&limit=1000', w.support.headers);
    expect(all.statusCode).toBe(200);
    expect(all.json().accounts.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    expect(all.json().accounts.some((x: { id: string }) => x.id === a.id)).toBe(true);
    expect((await get('/api/admin/accounts', w.member.headers)).statusCode).toBe(403);

    const url = `/api/admin/accounts/${a.id}/close`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: w.support.headers, payload: { reason: 'x' } })).statusCode,
    ).toBe(403);
    const closed = await t.app.inject({
      method: 'POST',
      url,
      headers: w.admin.headers,
      payload: { reason: 'Requested by the trader' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().account).toMatchObject({ status: 'closed' });
    expect(
      (await t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload: { reason: 'again' } })).statusCode,
    ).toBe(409);
    // Events still arrive and are stored; the status stays closed.
    const res = await ingest(t, w.connectorKey, [
      ev.snapshot(`cl-${a.login}`, a.login, '2026-03-19T10:00:00Z', 100000, 90000, 1),
    ]);
    expect(res.json().accounts[0]).toMatchObject({ status: 'closed', breach: null });
  });
});

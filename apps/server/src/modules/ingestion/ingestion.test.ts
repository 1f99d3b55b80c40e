import { decimalToCents } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** Stored events of one kind (or of every kind) for an account. */
const count = async (kind: 'trade' | 'snapshot' | 'balance' | 'any', accountId: string) => {
  const ofKind = kind === 'any' ? '' : ` and kind = '${kind}'`;
  const r = await t.database.db.execute(
    sql.raw(`select count(*)::int as n from account_events where account_id = '${accountId}'${ofKind}`),
  );
  return (r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};
const overview = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/accounts/${id}`, headers: w.member.headers })).json();

describe('decimal money', () => {
  it('converts once to cents, rounding half away from zero', () => {
    expect(decimalToCents(12.34)).toBe(1234);
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents(1.005)).toBe(101);
    expect(decimalToCents(-1.005)).toBe(-101);
    expect(decimalToCents(-0.004)).toBe(0);
    expect(decimalToCents(1e-7)).toBe(0);
    expect(decimalToCents(99999999.999)).toBe(10000000000);
  });
});

describe('POST /api/integrations/trading/events: authentication', () => {
  it('answers 401 without a key, with an unknown key and with a revoked key', async () => {
    const a = await createAccount(t, w);
    const body = [ev.snapshot('auth-1', a.login, '2026-03-02T10:00:00Z', 100000, 100000)];
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/trading/events',
      payload: { events: body },
    });
    expect(none.statusCode).toBe(401);
    expect((await ingest(t, 'fpc_nope', body)).statusCode).toBe(401);
    // A session token is not a connector key.
    expect((await ingest(t, w.member.token, body)).statusCode).toBe(401);
    // A bad body from an unknown caller is still 401, not a validation answer.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/trading/events',
      headers: { authorization: 'Bearer x' },
      payload: { nope: 1 },
    });
    expect(bad.statusCode).toBe(401);

    const k = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connectors',
      headers: w.admin.headers,
      payload: { name: 'temp' },
    });
    const key = k.json().key as string;
    expect((await ingest(t, key, body)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/connectors/${k.json().id}/revoke`,
      headers: w.admin.headers,
    });
    expect(revoked.json().connector.revokedAt).not.toBeNull();
    const after = await ingest(t, key, [ev.snapshot('auth-2', a.login, '2026-03-02T11:00:00Z', 100000, 100000)]);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });
});

describe('validation', () => {
  it('answers 400 naming the index and field of a bad event, and stores nothing of the batch', async () => {
    const a = await createAccount(t, w);
    const res = await ingest(t, w.connectorKey, [
      ev.snapshot('v-1', a.login, '2026-03-02T10:00:00Z', 100000, 100000),
      ev.trade('v-2', a.login, '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z', 10),
      { ...ev.snapshot('v-3', a.login, '2026-03-02T12:00:00Z', 100000, 100000), equity: 'lots' } as never,
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toMatch(/^events\.2\.equity: /);
    expect(await count('any', a.id)).toBe(0);
  });

  it.each([
    [{ time: 'yesterday' }, 'time'],
    [{ openPositions: -1 }, 'openPositions'],
    [{ type: 'teleport' }, 'type'],
    [{ extra: 1 }, ''],
  ])('names the field of %o', async (patch, field) => {
    const a = await createAccount(t, w);
    const res = await ingest(t, w.connectorKey, [
      ev.snapshot('f-0', a.login, '2026-03-02T10:00:00Z', 100000, 100000),
      { ...ev.snapshot('f-1', a.login, '2026-03-02T10:00:00Z', 100000, 100000), ...patch } as never,
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^events\\.1${field ? `\\.${field}` : ''}`));
  });

  it('rejects a trade closed before it opened, and more than 1,000 events', async () => {
    const a = await createAccount(t, w);
    const res = await ingest(t, w.connectorKey, [
      ev.trade('c-1', a.login, '2026-03-02T12:00:00Z', '2026-03-02T11:00:00Z', 1),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^events\.0\.closeTime/);
    const many = Array.from({ length: 1001 }, (_, i) =>
      ev.snapshot(`m-${i}`, a.login, '2026-03-02T10:00:00Z', 100000, 100000),
    );
    const big = await ingest(t, w.connectorKey, many);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/^events: At most 1000/);
  });

  it('answers 400 for an unknown account login, naming the event, and stores nothing', async () => {
    const a = await createAccount(t, w);
    const res = await ingest(t, w.connectorKey, [
      ev.snapshot('u-1', a.login, '2026-03-02T10:00:00Z', 100000, 100000),
      ev.snapshot('u-2', '99999999999', '2026-03-02T10:00:00Z', 100000, 100000),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('events.1.account: unknown account login "99999999999"');
    expect(await count('snapshot', a.id)).toBe(0);
  });
});

describe('idempotency and ordering', () => {
  it('skips and counts an event id seen before, in a later batch or the same one', async () => {
    const a = await createAccount(t, w);
    const batch = [
      ev.snapshot('i-1', a.login, '2026-03-02T10:00:00Z', 100000, 99950, 1),
      ev.trade('i-2', a.login, '2026-03-02T09:00:00Z', '2026-03-02T11:00:00Z', 120.5),
    ];
    const first = await ingest(t, w.connectorKey, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      accepted: 2,
      duplicates: 0,
      accounts: [{ account: a.login, status: 'active', breach: null, passed: false }],
    });
    const again = await ingest(t, w.connectorKey, [
      ...batch,
      ev.snapshot('i-3', a.login, '2026-03-02T12:00:00Z', 100113.5, 100113.5),
      batch[0]!,
    ]);
    expect(again.json()).toMatchObject({ accepted: 1, duplicates: 3 });
    expect(await count('trade', a.id)).toBe(1);
    expect(await count('snapshot', a.id)).toBe(2);
    const o = await overview(a.id);
    expect(o.metrics.trades).toBe(1);
    expect(o.metrics.balanceCents).toBe(100_113_50);
  });

  it('one id for two accounts in one batch is each account’s own event (a bridge serving two servers)', async () => {
    const a = await createAccount(t, w);
    const b = await createAccount(t, w);
    const batch = [
      ev.trade('deal-1', a.login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 50),
      ev.trade('deal-1', b.login, '2026-03-02T09:30:00Z', '2026-03-02T10:30:00Z', -20),
    ];
    const first = await ingest(t, w.connectorKey, batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(
      first
        .json()
        .accounts.map((x: { account: string }) => x.account)
        .sort(),
    ).toEqual([a.login, b.login].sort());
    expect([await count('trade', a.id), await count('trade', b.id)]).toEqual([1, 1]);
    // Sent again with one new event of A's: each old one is a duplicate of its own account's.
    const again = await ingest(t, w.connectorKey, [
      ...batch,
      ev.snapshot('snap-a', a.login, '2026-03-02T11:00:00Z', 100050, 100050),
    ]);
    expect(again.json()).toMatchObject({ accepted: 1, duplicates: 2 });
    expect((await overview(b.id)).metrics.balanceCents).toBe(99_973_00); // −20.00 and −7.00 commission
  });

  it('a dry run answers as the batch would be answered and keeps nothing', async () => {
    const a = await createAccount(t, w);
    const batch = [ev.snapshot('dry-1', a.login, '2026-03-02T10:00:00Z', 100000, 80000, 1)];
    const dry = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/trading/events?dryRun=true',
      headers: { authorization: `Bearer ${w.connectorKey}` },
      payload: { events: batch },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      accepted: 1,
      duplicates: 0,
      accounts: [{ account: a.login, status: 'failed', breach: { rule: 'max_loss' } }],
    });
    expect(await count('any', a.id)).toBe(0);
    expect((await overview(a.id)).account.status).toBe('pending');
    // The same batch for real: new, not a duplicate of the dry run.
    const real = await ingest(t, w.connectorKey, batch);
    expect(real.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(real.json().dryRun).toBeUndefined();
    // Bad input is refused as it would be.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/trading/events?dryRun=maybe',
      headers: { authorization: `Bearer ${w.connectorKey}` },
      payload: { events: batch },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('evaluates in event-time order whatever the order inside the batch', async () => {
    const a = await createAccount(t, w);
    const b = await createAccount(t, w);
    const events = (login: string) => [
      ev.trade(`${login}-t1`, login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', -2000),
      ev.trade(`${login}-t2`, login, '2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z', 3500.25),
      ev.snapshot(`${login}-s1`, login, '2026-03-03T11:00:00Z', 101486.25, 101300, 1),
      ev.trade(`${login}-t3`, login, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', -4800),
    ];
    await ingest(t, w.connectorKey, events(a.login));
    await ingest(t, w.connectorKey, events(b.login).reverse());
    const oa = await overview(a.id);
    const ob = await overview(b.id);
    expect(ob.metrics).toEqual(oa.metrics);
    expect(ob.objectives).toEqual(oa.objectives);
  });

  it('recomputes an account from its stored history when an older event arrives', async () => {
    const inOrder = await createAccount(t, w);
    const late = await createAccount(t, w);
    const e = (login: string) => ({
      t1: ev.trade(`${login}-a`, login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 1000),
      t2: ev.trade(`${login}-b`, login, '2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z', -3000),
      t3: ev.trade(`${login}-c`, login, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', 500),
    });
    const x = e(inOrder.login);
    await ingest(t, w.connectorKey, [x.t1, x.t2, x.t3]);
    const y = e(late.login);
    await ingest(t, w.connectorKey, [y.t1, y.t3]);
    const res = await ingest(t, w.connectorKey, [y.t2]);
    expect(res.json().accepted).toBe(1);
    const a = await overview(inOrder.id);
    const b = await overview(late.id);
    expect(b.metrics).toEqual(a.metrics);
    expect(b.metrics.longestLossStreak).toBe(1);
    expect(b.metrics.longestWinStreak).toBe(1); // +, −, +: appending the late loss would give 2
    expect(b.metrics.trades).toBe(3);
    const daysA = (
      await t.app.inject({ method: 'GET', url: `/api/accounts/${inOrder.id}/daily`, headers: w.member.headers })
    ).json();
    const daysB = (
      await t.app.inject({ method: 'GET', url: `/api/accounts/${late.id}/daily`, headers: w.member.headers })
    ).json();
    expect(daysB.days).toEqual(daysA.days);
    expect(daysB.days.map((d: { day: string }) => d.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
  });
});

describe('verdicts and transitions', () => {
  it('fails an account on a daily-loss breach with its report; later events never revive it', async () => {
    const a = await createAccount(t, w);
    // 5 % of 100,000 = 5,000: the level is 95,000.00; equal is not a breach, one cent below is.
    const atLevel = await ingest(t, w.connectorKey, [
      ev.snapshot('d-1', a.login, '2026-03-05T10:00:00Z', 100000, 95000, 2),
    ]);
    expect(atLevel.json().accounts[0]).toMatchObject({ status: 'active', breach: null });
    const below = await ingest(t, w.connectorKey, [
      ev.snapshot('d-2', a.login, '2026-03-05T10:05:00Z', 100000, 94999.99, 2),
    ]);
    expect(below.json().accounts[0]).toEqual({
      account: a.login,
      status: 'failed',
      passed: false,
      breach: { rule: 'daily_loss', at: '2026-03-05T10:05:00.000Z', equity: 94999.99, level: 95000 },
    });
    const revive = await ingest(t, w.connectorKey, [
      ev.trade('d-3', a.login, '2026-03-06T09:00:00Z', '2026-03-06T10:00:00Z', 20000),
      ev.snapshot('d-4', a.login, '2026-03-06T11:00:00Z', 119993, 119993, 0),
    ]);
    expect(revive.json().accounts[0].status).toBe('failed');
    const o = await overview(a.id);
    expect(o.account.status).toBe('failed');
    expect(o.account.breach).toMatchObject({
      rule: 'daily_loss',
      equityCents: 94_999_99,
      levelCents: 95_000_00,
      openPositions: 2,
    });
    expect(o.account.endedAt).toBe('2026-03-05T10:05:00.000Z');
  });

  it('passes phase 1 → certificate and a pending phase-2 account; phase 2 → funded account and certificate', async () => {
    const p1 = await createAccount(t, w);
    const res = await ingest(t, w.connectorKey, [
      ev.trade('p-1', p1.login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 50),
      ev.trade('p-2', p1.login, '2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z', 10000),
    ]);
    expect(res.json().accounts[0]).toMatchObject({ status: 'passed', passed: true, breach: null });
    const list = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers: w.member.headers })).json()
      .accounts;
    const passed = list.find((x: { id: string }) => x.id === p1.id);
    expect(passed.nextAccountId).toBeTruthy();
    const p2 = list.find((x: { id: string }) => x.id === passed.nextAccountId);
    expect(p2).toMatchObject({
      status: 'pending',
      phaseIndex: 1,
      phaseKind: 'evaluation',
      previousAccountId: p1.id,
      userId: w.member.id,
    });
    expect(p2.login).not.toBe(p1.login);

    // Re-sending the passing events changes nothing: one next account, one certificate.
    await ingest(t, w.connectorKey, [ev.trade('p-3', p1.login, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', 10)]);
    const p2pass = await ingest(t, w.connectorKey, [
      ev.trade('p2-1', p2.login, '2026-03-05T09:00:00Z', '2026-03-05T10:00:00Z', 20),
      ev.trade('p2-2', p2.login, '2026-03-06T09:00:00Z', '2026-03-06T10:00:00Z', 5000),
    ]);
    expect(p2pass.json().accounts[0]).toMatchObject({ status: 'passed', passed: true });
    const all = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers: w.member.headers })).json()
      .accounts;
    const funded = all.find((x: { previousAccountId: string | null }) => x.previousAccountId === p2.id);
    expect(funded).toMatchObject({ status: 'pending', phaseIndex: 2, phaseKind: 'funded' });
    const certs = (await t.app.inject({ method: 'GET', url: '/api/certificates', headers: w.member.headers })).json()
      .certificates;
    const mine = certs.filter((c: { accountId: string }) => [p1.id, p2.id, funded.id].includes(c.accountId));
    expect(mine.map((c: { kind: string; accountId: string }) => `${c.kind}:${c.accountId}`).sort()).toEqual(
      [`funded:${funded.id}`, `phase_passed:${p1.id}`, `phase_passed:${p2.id}`].sort(),
    );
    for (const c of mine) expect(c.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // A funded account never passes: it stays active with profit.
    const f = await ingest(t, w.connectorKey, [
      ev.trade('f-1', funded.login, '2026-03-09T09:00:00Z', '2026-03-09T10:00:00Z', 30000),
    ]);
    expect(f.json().accounts[0]).toMatchObject({ status: 'active', passed: false });
  });
});

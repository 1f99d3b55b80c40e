// GET /api/accounts/stream over real HTTP: pushes after ingestion, the clock and a verdict review,
// only to the account's owner; heartbeats; the per-member bound; revoked sessions; shutdown; and two
// instances on one database (an ingestion on one reaches a stream on the other).
import { accountStreamMessageSchema, MAX_ACCOUNT_STREAMS_PER_MEMBER } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { FakeClock } from '../src/lib/clock.ts';
import { runClockSweep } from '../src/modules/accounts/index.ts';
import { secondInstance } from './second-instance.ts';
import { openStream, type SseStream } from './sse-client.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from './test-app.ts';
import { onRealPostgres } from './test-database.ts';
import { createAccount, ev, ingest, setupWorld, twoStepChallenge, type TradingWorld } from './trading-fixtures.ts';
import type { TestUser } from './test-users.ts';

const GRACE = 10 * 60_000;
const nowMs = () => performance.timeOrigin + performance.now();
const accountEvents = (s: SseStream) => s.events.filter((e) => e.event === 'account');
const messages = (s: SseStream) => accountEvents(s).map((e) => accountStreamMessageSchema.parse(JSON.parse(e.data)));

async function listenOn(app: App['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

async function secondSession(t: TestContext, user: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: VALID_PASSWORD, userGeolocation: null },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().accessToken as string;
}

describe('live account stream', () => {
  let t: TestContext;
  let w: TradingWorld;
  let base: string;
  const open: SseStream[] = [];
  const stream = async (token: string) => {
    const s = await openStream(base, token);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp({
      clock: new FakeClock('2026-03-20T12:00:00Z'),
      env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' },
    });
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
    base = await listenOn(t.app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  it('an ingestion batch reaches its owner within a second, and no one else', async () => {
    const mine = await createAccount(t, w, w.member);
    const theirs = await createAccount(t, w, w.other);
    const member = await stream(w.member.token);
    const other = await stream(w.other.token);
    expect(member.status).toBe(200);
    expect(await member.waitFor((s) => s.comments >= 1)).toBe(true); // ': connected'

    const before = nowMs();
    const res = await ingest(t, w.connectorKey, [
      ev.snapshot('live-1', mine.login, '2026-03-20T09:00:00Z', 100000, 100250),
    ]);
    expect(res.statusCode).toBe(200);
    expect(await member.waitFor((s) => accountEvents(s).length === 1, 1000)).toBe(true);
    expect(accountEvents(member)[0]!.at - before).toBeLessThan(1000);
    expect(messages(member)).toEqual([{ accountId: mine.id, status: 'active', breach: null, passed: false }]);

    // The other member's batch goes to them only.
    await ingest(t, w.connectorKey, [ev.snapshot('live-2', theirs.login, '2026-03-20T09:00:00Z', 100000, 99000)]);
    expect(await other.waitFor((s) => accountEvents(s).length === 1, 1000)).toBe(true);
    expect(messages(other)[0]!.accountId).toBe(theirs.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(messages(member).map((m) => m.accountId)).toEqual([mine.id]);
    expect(messages(other).map((m) => m.accountId)).toEqual([theirs.id]);
    member.close();
    other.close();
  });

  it('a breach arrives with its report; a pass with passed: true', async () => {
    const a = await createAccount(t, w, w.member);
    const s = await stream(w.member.token);
    await ingest(t, w.connectorKey, [ev.snapshot('brk-1', a.login, '2026-03-20T09:00:00Z', 100000, 89999.99)]);
    expect(await s.waitFor((x) => accountEvents(x).length === 1, 1000)).toBe(true);
    const [m] = messages(s);
    expect(m).toMatchObject({ accountId: a.id, status: 'failed', passed: false, breach: { rule: 'max_loss' } });
    expect(m!.breach!.formula!.text).toContain('90,000.00');

    const b = await createAccount(t, w, w.member);
    await ingest(t, w.connectorKey, [ev.snapshot('pass-1', b.login, '2026-03-20T09:00:00Z', 110000, 110000)]);
    expect(await s.waitFor((x) => accountEvents(x).length === 2, 1000)).toBe(true);
    expect(messages(s)[1]).toEqual({ accountId: b.id, status: 'passed', breach: null, passed: true });
    s.close();
  });

  it('heartbeats are comment lines', async () => {
    t.services.accounts.live.setHeartbeat(100);
    try {
      const s = await stream(w.member.token);
      expect(await s.waitFor((x) => x.comments >= 4, 2000)).toBe(true);
      expect(accountEvents(s)).toEqual([]);
      s.close();
    } finally {
      t.services.accounts.live.setHeartbeat(15_000);
    }
  });

  it(`a member's ${MAX_ACCOUNT_STREAMS_PER_MEMBER + 1}th stream is refused with 429; a closed one frees its place`, async () => {
    const live = t.services.accounts.live;
    const mine = () => live.countFor(w.member.id);
    expect(await (await stream(w.other.token)).waitFor(() => mine() === 0)).toBe(true);
    const five: SseStream[] = [];
    for (let i = 0; i < MAX_ACCOUNT_STREAMS_PER_MEMBER; i++) five.push(await stream(w.member.token));
    expect(five.map((s) => s.status)).toEqual(Array(MAX_ACCOUNT_STREAMS_PER_MEMBER).fill(200));
    const sixth = await stream(w.member.token);
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body)).toMatchObject({ code: 'RATE_LIMITED' });
    // Someone else is not affected.
    const other = await stream(w.other.token);
    expect(other.status).toBe(200);
    other.close();

    five[0]!.close();
    expect(await five[1]!.waitFor(() => mine() === MAX_ACCOUNT_STREAMS_PER_MEMBER - 1)).toBe(true);
    const again = await stream(w.member.token);
    expect(again.status).toBe(200);
    for (const s of [...five, again]) s.close();
    expect(await again.waitFor(() => mine() === 0)).toBe(true);
  });

  it('unauthenticated: 401', async () => {
    const s = await openStream(base, 'not-a-token');
    expect(s.status).toBe(401);
  });

  it("a revoked session's stream ends; the member's other sessions keep theirs", async () => {
    const token2 = await secondSession(t, w.member);
    const first = await stream(w.member.token);
    const second = await stream(token2);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    await Promise.race([second.end, new Promise((r) => setTimeout(r, 2000))]);
    expect(second.ended).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(first.ended).toBe(false);
    first.close();
  });

  it('the clock sweep and an applied verdict review push too', async () => {
    const s = await stream(w.member.token);
    // A day roll: the clock settles the account once its next reset (plus the grace) is past.
    const a = await createAccount(t, w, w.member);
    await ingest(t, w.connectorKey, [ev.snapshot('clk-1', a.login, '2026-03-20T09:00:00Z', 100000, 100000)]);
    expect(await s.waitFor((x) => accountEvents(x).length === 1, 1000)).toBe(true);
    t.clock.set('2026-03-21T00:30:00Z');
    try {
      expect(await runClockSweep(t.database, t.clock, GRACE, t.services.accounts.live)).toBeGreaterThanOrEqual(1);
      expect(await s.waitFor((x) => messages(x).filter((m) => m.accountId === a.id).length === 2, 1000)).toBe(true);
    } finally {
      t.clock.set('2026-03-20T12:00:00Z');
    }

    // A failure contradicted by late data, and staff apply the recomputed pass.
    const b = await createAccount(t, w, w.member);
    await ingest(t, w.connectorKey, [ev.snapshot('rev-1', b.login, '2026-03-19T09:00:00Z', 100000, 89999.99)]);
    await ingest(t, w.connectorKey, [ev.snapshot('rev-2', b.login, '2026-03-19T08:00:00Z', 110000, 110000)]);
    const ofB = () => messages(s).filter((m) => m.accountId === b.id);
    expect(await s.waitFor(() => ofB().length === 2, 1000)).toBe(true);
    expect(ofB().map((m) => m.status)).toEqual(['failed', 'failed']); // the stored verdict holds
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/verdict-reviews?accountId=${b.id}`,
      headers: w.admin.headers,
    });
    const review = list.json().items[0];
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/verdict-reviews/${review.id}/resolve`,
      headers: w.admin.headers,
      payload: { action: 'apply', reason: 'Confirmed by the platform statement' },
    });
    expect(applied.statusCode).toBe(200);
    expect(await s.waitFor(() => ofB().length === 3, 1000)).toBe(true);
    expect(ofB()[2]).toEqual({ accountId: b.id, status: 'passed', breach: null, passed: true });
    s.close();
  });
});

describe('shutdown with open streams', () => {
  it('closing the app ends the streams and is not held by them', async () => {
    const t = await createTestApp();
    const w = await setupWorld(t);
    const base = await listenOn(t.app);
    const streams = [await openStream(base, w.member.token), await openStream(base, w.other.token)];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const started = Date.now();
    await t.app.close();
    const took = Date.now() - started;
    await Promise.race([Promise.all(streams.map((s) => s.end)), new Promise((r) => setTimeout(r, 2000))]);
    expect(streams.every((s) => s.ended)).toBe(true);
    expect(took).toBeLessThan(2000);
    await t.database.close();
  });
});

// Two instances on one database. On PostgreSQL each LISTENs on its own connection; on PGlite the
// two apps share the embedded database in this process.
describe(`two instances on one database (${onRealPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let a: TestContext;
  let b: App;
  let w: TradingWorld;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await secondInstance(a);
    w = await setupWorld(a);
    baseB = await listenOn(b.app);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('an ingestion on instance A reaches a stream on instance B', async () => {
    const acc = await createAccount(a, w, w.member);
    const s = await openStream(baseB, w.member.token);
    expect(s.status).toBe(200);
    const before = nowMs();
    const res = await ingest(a, w.connectorKey, [
      ev.snapshot('ab-1', acc.login, '2026-03-20T09:00:00Z', 100000, 100100),
    ]);
    expect(res.statusCode).toBe(200);
    expect(await s.waitFor((x) => accountEvents(x).length === 1, 1000)).toBe(true);
    expect(accountEvents(s)[0]!.at - before).toBeLessThan(1000);
    expect(messages(s)[0]).toMatchObject({ accountId: acc.id, status: 'active' });
    s.close();
  });

  it.runIf(onRealPostgres())('a dropped LISTEN connection comes back and tells the streams to resync', async () => {
    const acc = await createAccount(a, w, w.member);
    const s = await openStream(baseB, w.member.token);
    expect(s.status).toBe(200);
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen "account_changes"'`,
    );
    expect(await s.waitFor((x) => x.events.some((e) => e.event === 'resync'), 5000)).toBe(true);
    await ingest(a, w.connectorKey, [ev.snapshot('ab-2', acc.login, '2026-03-20T09:00:00Z', 100000, 100100)]);
    expect(await s.waitFor((x) => accountEvents(x).length === 1, 2000)).toBe(true);
    s.close();
  });

  it('a logout on instance A ends the stream on instance B', async () => {
    const s = await openStream(baseB, w.other.token);
    expect(s.status).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: w.other.headers });
    await Promise.race([s.end, new Promise((r) => setTimeout(r, 2000))]);
    expect(s.ended).toBe(true);
  });
});

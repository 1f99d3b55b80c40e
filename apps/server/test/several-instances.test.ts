import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { ConfigError, DEMO_FIRM, loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { emailOutbox, loginEvents } from '../src/db/schema/index.ts';
import { FakeClock } from '../src/lib/clock.ts';
import { SEND_RESET_LINK } from '../src/modules/auth/index.ts';
import { register } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { onRealPostgres, openTestDatabase } from './test-database.ts';

const WRONG = 'Wrong123!x';
const config = (env: Record<string, string> = {}) =>
  loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...DEMO_FIRM, ...env });

// Two instances on one database: on PostgreSQL each has its own connection pool, as two processes
// would; PGlite cannot be opened twice, so there both share its one connection (the counters still
// have to be in the database, not in an instance's memory, for this to pass).
describe(`two instances on one database (${onRealPostgres() ? 'PostgreSQL, two pools' : 'PGlite, one connection'})`, () => {
  const clock = new FakeClock(new Date());
  let first: Database;
  let second: Database;
  let a: App;
  let b: App;
  beforeAll(async () => {
    first = await openTestDatabase();
    if (onRealPostgres()) {
      const result = await first.db.execute(sql`select current_database() as name`);
      const [row] = (result as unknown as { rows: Array<{ name: string }> }).rows;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      second = await openDatabase({ url: url.toString() });
    } else {
      second = first;
    }
    const env = { RATE_LIMIT_LOGIN_PER_IP: '6', RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_ACCOUNT_FAILURES: '4' };
    for (const [database, set] of [
      [first, (x: App) => (a = x)],
      [second, (x: App) => (b = x)],
    ] as const) {
      const app = await buildApp({ config: config(env), database, clock, mailTransport: null, runJobs: false });
      await app.app.ready();
      set(app);
    }
  });
  afterAll(async () => {
    await b.app.close();
    await a.app.close();
    if (second !== first) await second.close();
    await first.close();
  });

  const attempt = (app: App, email: string, ip: string, password = WRONG) =>
    app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('count one (account, IP) together: 3 failures across both, the 4th is refused on either', async () => {
    const email = `shared.${Date.now()}@example.com`;
    const ip = '198.51.100.20';
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await attempt(app, email, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt(a, email, ip)).statusCode).toBe(429);
  });

  it('count one IP together across accounts', async () => {
    const ip = '198.51.100.21';
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await attempt(i % 2 ? b : a, `ip${i}.${Date.now()}@example.com`, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it("share an account's back-off: failures on one slow logins on the other", async () => {
    const email = `backoff.${Date.now()}@example.com`;
    for (let i = 0; i < 4; i++)
      expect((await attempt(i % 2 ? b : a, email, `198.51.100.${30 + i}`)).statusCode).toBe(401);
    const refused = await attempt(b, email, '198.51.100.40');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('forget a cached calendar week when the other one imports into it (NOTIFY)', async () => {
    const weekStart = Date.UTC(2031, 0, 6); // a Monday no other test writes
    const range = {
      from: new Date(weekStart).toISOString(),
      to: new Date(weekStart + 7 * 86_400_000).toISOString(),
      timeZone: 'UTC',
    };
    const eventsOnB = async () => (JSON.parse(await b.services.news.weekText(range)) as { events: unknown[] }).events;
    expect(await eventsOnB()).toEqual([]); // read, so B keeps the empty week
    const row = {
      line: 1,
      time: new Date(weekStart + 13.5 * 3_600_000),
      timeKind: 'exact' as const,
      localDate: '2031-01-06',
      currency: 'USD',
      title: 'Non-Farm Employment Change',
      impact: 'high' as const,
      forecast: '180K',
      previous: '254K',
    };
    expect(await a.services.news.seedDemo([row], new Date(weekStart), new Date(weekStart + 7 * 86_400_000))).toBe(true);
    await expect.poll(async () => (await eventsOnB()).length, { timeout: 5_000 }).toBe(1);
  });
});

describe('TRUST_PROXY', () => {
  let off: TestContext;
  let on: TestContext;
  let listed: TestContext;
  beforeAll(async () => {
    const limits = { RATE_LIMIT_LOGIN_PER_IP: '3' };
    off = await createTestApp({ env: limits });
    on = await createTestApp({ env: { ...limits, TRUST_PROXY: 'true' } });
    listed = await createTestApp({ env: { ...limits, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' } });
  });
  afterAll(async () => {
    await Promise.all([off.close(), on.close(), listed.close()]);
  });

  const attempt = (t: TestContext, email: string, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: WRONG },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
  const recordedIps = async (t: TestContext, email: string) =>
    (
      await t.database.db
        .select({ ip: loginEvents.ip })
        .from(loginEvents)
        .where(eq(loginEvents.email, email))
        .orderBy(asc(loginEvents.createdAt))
    ).map((r) => r.ip);

  it('is off by default: X-Forwarded-For is ignored, so a client cannot choose its address', async () => {
    expect(config().TRUST_PROXY).toBe(false);
    const email = `off.${Date.now()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(off, email, '192.0.2.10', `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(new Set(await recordedIps(off, email))).toEqual(new Set(['192.0.2.10']));
  });

  it('on: the client address is the one the proxy appended, and clients are counted apart', async () => {
    const email = `on.${Date.now()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(on, email, '192.0.2.11', `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // A client's own X-Forwarded-For entry is left of the one the proxy added, and is not believed.
    await attempt(on, email, '192.0.2.11', '6.6.6.6, 203.0.113.50');
    expect(await recordedIps(on, email)).toEqual([
      '203.0.113.0',
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.3',
      '203.0.113.50',
    ]);
  });

  it('with addresses: only those proxies are believed', async () => {
    const email = `listed.${Date.now()}@example.com`;
    await attempt(listed, email, '10.0.0.1', '203.0.113.60');
    await attempt(listed, email, '10.1.2.3', '203.0.113.61');
    await attempt(listed, email, '192.0.2.12', '203.0.113.62');
    expect(await recordedIps(listed, email)).toEqual(['203.0.113.60', '203.0.113.61', '192.0.2.12']);
  });

  it('refuses a value that is none of these', () => {
    for (const bad of ['maybe', '10.0.0.300', '10.0.0.0/33', '-1']) {
      expect(() => config({ TRUST_PROXY: bad })).toThrow(ConfigError);
      expect(() => config({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY:/);
    }
    expect(config({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(config({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
  });
});

describe('recover: the same work for known and unknown addresses', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const recover = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, remoteAddress: '192.0.2.30' });

  it('queues one job either way and looks nothing up while answering; the job mails only a known one', async () => {
    const m = await register(t);
    const unknown = `Nobody.${Date.now()}@Example.com`;
    const send = vi.spyOn(t.jobs, 'send');
    const lookup = vi.spyOn(t.services.users, 'findByEmail');
    const known = await recover(m.email);
    const ghost = await recover(unknown);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(ghost.body);
    // The mail's language as the browser asked (none here: English), the same for both.
    const queued = (email: string) => [
      SEND_RESET_LINK,
      { email, locale: 'en' },
      { startAfterSeconds: 1, singletonKey: email },
    ];
    expect(send.mock.calls).toEqual([queued(m.email), queued(unknown.toLowerCase())]);
    expect(lookup).not.toHaveBeenCalled();
    send.mockRestore();
    lookup.mockRestore();

    // What the job then does, off the request.
    await t.services.auth.sendResetLink({ email: m.email });
    await t.services.auth.sendResetLink({ email: unknown.toLowerCase() });
    const to = (email: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(await to(m.email)).toHaveLength(1);
    expect(await to(unknown.toLowerCase())).toHaveLength(0);
    // Run twice (jobs run at least once), it mails once.
    await t.services.auth.sendResetLink({ email: m.email });
    expect(await to(m.email)).toHaveLength(1);
    // Still throttled per (account, IP) like before.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await recover(unknown)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp } from './auth-helpers.ts';
import { createTestApp, newMember, VALID_PASSWORD, type TestContext } from './test-app.ts';
import { createAccount, ev, ingest, setupWorld, twoStepChallenge, type TradingWorld } from './trading-fixtures.ts';
import { createUser } from './test-users.ts';

/*
 * Issue 9, defect 2: a failed query's parameters — an argon2 hash among them — were logged by the
 * error handler. Every route in the route table is called (as a caller it lets in) with the log
 * captured at trace level, along with requests whose queries the database refuses (a check
 * violation: a 400) or fails (a trigger raising: a 500) while their parameters hold a password hash.
 * The whole log is then searched for hashes, tokens, connector keys and the passwords used.
 */

const logLines: string[] = [];
let t: TestContext;
let w: TradingWorld;
let account: { id: string; login: string };

/** Every secret the run handles: tokens, keys, passwords. None may reach the log. */
const STRIPE_SECRET_KEY = 'sk_test_log_scan_7f3a9c2e5b1d';
const STRIPE_WEBHOOK_SECRET = 'whsec_log_scan_4e8b2a6c0d9f';
const secrets = new Set<string>([VALID_PASSWORD, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET]);
const NEW_PASSWORD = 'Changed456!x';
const REGISTERED_PASSWORD = 'Register789!y';
const WRONG_PASSWORD = 'Wrong-guess1!';
for (const p of [NEW_PASSWORD, REGISTERED_PASSWORD, WRONG_PASSWORD]) secrets.add(p);

const remember = <T extends { token: string }>(user: T): T => {
  secrets.add(user.token);
  return user;
};

beforeAll(async () => {
  t = await createTestApp({
    // Stripe's secrets configured (its webhook route registered), to show they never reach the log.
    env: { LOG_LEVEL: 'trace', STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET },
    deps: {
      logStream: new Writable({
        write(chunk, _encoding, callback) {
          logLines.push(String(chunk));
          callback();
        },
      }),
    },
  });
  w = await setupWorld(t);
  for (const u of [w.admin, w.support, w.member, w.other]) remember(u);
  secrets.add(w.connectorKey);
  account = await createAccount(t, w);
  const ingested = await ingest(t, w.connectorKey, [
    ev.trade('ls-1', account.login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 25),
  ]);
  expect(ingested.statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

async function login(email: string, password = VALID_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, userGeolocation: { country: 'CZ' } },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().accessToken as string;
  secrets.add(token);
  return token;
}

/** inject, not waiting for the end of a stream that stays open (server-sent events). */
async function send(opts: Record<string, unknown>) {
  const res = await t.app.inject({ remoteAddress: randomIp(), ...opts, payloadAsStream: true } as never);
  const chunks: Buffer[] = [];
  if (!String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
  }
  const body = Buffer.concat(chunks).toString('utf8');
  // Tokens and connector keys are long random strings; a short "key" is a label (the dashboard's
  // range "30d"), which a random id in the log can contain by chance.
  for (const match of body.matchAll(/"(?:accessToken|key)":"([^"]{20,})"/g)) secrets.add(match[1]!);
  return { statusCode: res.statusCode, body };
}

describe('defect 2: no secret in the log', () => {
  it('a run over every route, with database errors whose parameters hold a password hash, logs none', async () => {
    // Victims of the destructive routes, so the callers keep working.
    const victim = remember(await createUser(t, 'USER'));
    const changer = remember(await createUser(t, 'USER'));
    // A user whose row the database will refuse to update (see the trigger below).
    const explodingEmail = `exploding.${Date.now().toString(36)}@example.com`;
    await t.services.users.create({
      email: explodingEmail,
      firstName: 'Ex',
      lastName: 'Ploding',
      role: 'USER',
      passwordHash: await t.services.passwords.hash(VALID_PASSWORD),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const exploding = bearer(await login(explodingEmail));
    const loggingOut = await login(w.member.email);
    const victimAccount = await createAccount(t, w, victim);
    const mkConnector = async () => {
      const res = await send({
        method: 'POST',
        url: '/api/admin/connectors',
        headers: w.admin.headers,
        payload: { name: 'c' },
      });
      return JSON.parse(res.body).id as string;
    };
    const [revoked, rotated, deleted] = [await mkConnector(), await mkConnector(), await mkConnector()];
    const challenge = await send({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge(),
    });
    const challengeId = JSON.parse(challenge.body).challenge.id as string;

    // The database refuses (check violation: 400) or fails (a trigger raises: 500) on users rows.
    await t.database.db.execute(
      sql.raw(`alter table users add constraint probe_refused check (last_name <> 'Refused') not valid`),
    );
    await t.database.db.execute(
      sql.raw(`create function probe_fail() returns trigger language plpgsql as $$
        begin raise exception 'probe failure'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger probe_fail before insert or update on users for each row
        when (new.email like 'exploding%') execute function probe_fail()`),
    );

    const ids: Record<string, string> = {
      'GET /api/user/:email': encodeURIComponent(w.member.email),
      'PATCH /api/admin/users/:userId/status': victim.id,
      'GET /api/admin/challenges/:id': challengeId,
      'PATCH /api/admin/challenges/:id': challengeId,
      'DELETE /api/admin/challenges/:id': challengeId,
      'POST /api/admin/connectors/:id/revoke': revoked,
      'POST /api/admin/connectors/:id/rotate': rotated,
      'DELETE /api/admin/connectors/:id': deleted,
      'POST /api/admin/accounts/:id/close': victimAccount.id,
      'POST /api/admin/verdict-reviews/:id/resolve': '00000000-0000-4000-8000-000000000000',
    };
    const bodies: Record<string, unknown> = {
      'POST /api/user/password': { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD },
      'PATCH /api/admin/users/:userId/status': { status: 'suspended' },
      'POST /api/auth/login': { email: w.member.email, password: VALID_PASSWORD, userGeolocation: null },
      'POST /api/auth/register': newMember({ password: REGISTERED_PASSWORD }),
      'POST /api/auth/recover': { email: w.member.email },
      'POST /api/auth/reset': { token: 'x'.repeat(43), password: NEW_PASSWORD },
      'POST /api/admin/challenges': twoStepChallenge(),
      'PATCH /api/admin/challenges/:id': { description: 'changed' },
      'POST /api/admin/connectors': { name: 'logged bridge' },
      'POST /api/admin/connectors/:id/rotate': { graceMinutes: 5 },
      'POST /api/admin/accounts/:id/close': { reason: 'log scan' },
      'POST /api/admin/accounts': { email: w.other.email, challengeId: w.challengeId, phase: 0 },
      'POST /api/admin/verdict-reviews/:id/resolve': { action: 'keep', reason: 'log scan' },
      'POST /api/integrations/trading/events': {
        events: [ev.snapshot('ls-2', account.login, '2026-03-02T11:00:00Z', 100000, 100000)],
      },
    };
    const callers: Record<string, Record<string, string>> = {
      public: {},
      member: w.member.headers,
      staff: w.support.headers,
      admin: w.admin.headers,
      connector: bearer(w.connectorKey),
    };

    const routes = t.routes.filter((r) => r.method !== 'HEAD');
    const statuses: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const url = r.url
        .replace(':userId', r.url.includes('/status') ? victim.id : w.member.id)
        .replace(/:[A-Za-z]+/, ids[key] ?? account.id)
        .replace('*', 'index.html');
      let headers = callers[r.access]!;
      if (key === 'POST /api/auth/logout') headers = bearer(loggingOut);
      if (key === 'POST /api/user/password') headers = changer.headers;
      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : (bodies[key] ?? {});
      const res = await send({ method: r.method, url, headers, payload });
      statuses.push(`${res.statusCode} ${key}`);
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    // A wrong password, a second login, the password just changed.
    const wrong = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: w.member.email, password: WRONG_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    await login(changer.email, NEW_PASSWORD);

    // Queries that fail with a password hash among their parameters.
    const refused = await send({
      method: 'POST',
      url: '/api/auth/register',
      payload: newMember({ lastName: 'Refused', password: REGISTERED_PASSWORD }),
    });
    const failedInsert = await send({
      method: 'POST',
      url: '/api/auth/register',
      payload: newMember({ email: `exploding.${Date.now()}@example.com`, password: REGISTERED_PASSWORD }),
    });
    const failedUpdate = await send({
      method: 'POST',
      url: '/api/user/password',
      headers: exploding,
      payload: { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD },
    });

    const log = logLines.join('');
    expect(statuses.length).toBe(routes.length);
    expect(log).not.toContain('$argon2');
    // The failures were logged, with what helps: SQLSTATE, constraint, table, the query without parameters.
    expect(log).toContain('"code":"P0001"');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('"constraint":"probe_refused"');
    expect(log).toMatch(/Failed query: (insert into|update) \\"users\\"/);
    expect(log).not.toContain('params:');
    expect(log).not.toMatch(/fpc_[\w-]{43}/);
    expect(secrets.size).toBeGreaterThan(15);
    for (const secret of secrets)
      expect(log.includes(secret), `a secret in the log: ${secret.slice(0, 6)}…`).toBe(false);
    // The refused value is the client's fault (400); the failing trigger is ours (500).
    expect(refused.statusCode, refused.body).toBe(400);
    expect(failedInsert.statusCode).toBe(500);
    expect(failedUpdate.statusCode).toBe(500);
  }, 120_000);
});

import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { randomIp } from './auth-helpers.ts';
import { createTestApp, newMember, type TestContext } from './test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from './trading-fixtures.ts';

/*
 * The reproductions of issue 9's defects 1 and 3, as found: each answered 500 (or lacked the security
 * headers or our error shape) before the fix.
 */

let t: TestContext;
let w: TradingWorld;
let account: { id: string; login: string };
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  account = await createAccount(t, w);
});
afterAll(() => t.close());

type Res = { statusCode: number; body: string; headers: Record<string, unknown> };

/** A 4xx with our `{ code, message }` (no Fastify `error`/`statusCode` keys) and the security headers. */
function expectRefused(res: Res, status: number, code: string, field?: string, page = false) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body).not.toHaveProperty('error');
  expect(body).not.toHaveProperty('statusCode');
  if (field) {
    expect(body.message.startsWith(`${field}: `), body.message).toBe(true);
    expect(body.fields).toHaveProperty(field);
  }
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['strict-transport-security']).toMatch(/max-age/);
  if (page) {
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  } else {
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  }
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: randomIp(),
  });

const login = (userGeolocation: unknown) =>
  post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong123!x', userGeolocation });

const loginEventCount = async () => {
  const r = await t.database.db.execute(sql`select count(*)::int as n from login_events`);
  return (r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

describe('defect 1: bad input is a 400, never a 500', () => {
  it('login with a NUL in userGeolocation (was 500: NUL in jsonb)', async () => {
    expectRefused(await login({ a: '\u0000' }), 400, 'VALIDATION_ERROR', 'userGeolocation');
    expectRefused(await login({ '\u0000': 'a' }), 400, 'VALIDATION_ERROR', 'userGeolocation');
  });

  it('login with a lone surrogate in userGeolocation or the email', async () => {
    expectRefused(await login({ city: 'Pra\ud800gue' }), 400, 'VALIDATION_ERROR', 'userGeolocation');
    const res = await post('/api/auth/login', { email: 'a\udfff@example.com', password: 'x' });
    expectRefused(res, 400, 'VALIDATION_ERROR', 'email');
  });

  it('a 900 KB userGeolocation is refused and not stored (was stored with the failed login)', async () => {
    const before = await loginEventCount();
    const big = Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`k${i}`, 'x'.repeat(90)]));
    expect(JSON.stringify(big).length).toBeGreaterThan(900_000);
    expectRefused(await login(big), 400, 'VALIDATION_ERROR', 'userGeolocation');
    expectRefused(await login({ a: 'x'.repeat(2100) }), 400, 'VALIDATION_ERROR', 'userGeolocation');
    expectRefused(await login({ a: { b: { c: { d: 1 } } } }), 400, 'VALIDATION_ERROR', 'userGeolocation');
    expect(await loginEventCount()).toBe(before);
    // What a geolocation service answers still goes through.
    const ok = await login({ country: 'CZ', city: 'Prague', latitude: 50.08, timezone: { id: 'Europe/Prague' } });
    expectRefused(ok, 401, 'INVALID_CREDENTIALS');
    expect(await loginEventCount()).toBe(before + 1);
  });

  it('5,000-deep nesting (was 500: JSON.stringify overflowed the stack in the jsonb mapping)', async () => {
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await post(
      '/api/auth/login',
      `{"email":"nobody@example.com","password":"Wrong123!x","userGeolocation":${deepObject}}`,
    );
    expectRefused(res, 400, 'VALIDATION_ERROR');
    expect(res.json().message).toMatch(/nested too deeply/);
    expectRefused(await post('/api/auth/login', `${'['.repeat(5000)}${']'.repeat(5000)}`), 400, 'VALIDATION_ERROR');
    // A body within the bound still reaches the validation of its fields.
    const shallow = await post('/api/auth/login', `{"email":${'['.repeat(20)}${']'.repeat(20)},"password":"x"}`);
    expectRefused(shallow, 400, 'VALIDATION_ERROR', 'email');
  });

  it('a NUL or a lone surrogate in a registration name', async () => {
    for (const firstName of ['Al\u0000ice', 'Al\ud800ice']) {
      expectRefused(await post('/api/auth/register', newMember({ firstName })), 400, 'VALIDATION_ERROR', 'firstName');
    }
  });

  it('a NUL in challenge fields, a connector name, a close reason', async () => {
    const admin = w.admin.headers;
    for (const [field, value] of [
      ['name', 'Bad\u0000name'],
      ['description', 'x\u0000'],
      ['platform', 'mt\u00005'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/challenges/${w.challengeId}`,
        headers: admin,
        payload: { [field]: value },
      });
      expectRefused(res, 400, 'VALIDATION_ERROR', field);
    }
    expectRefused(
      await post('/api/admin/connectors', { name: 'bridge\u0000' }, admin),
      400,
      'VALIDATION_ERROR',
      'name',
    );
    const close = await post(`/api/admin/accounts/${account.id}/close`, { reason: 'because\u0000' }, admin);
    expectRefused(close, 400, 'VALIDATION_ERROR', 'reason');
  });

  it('a NUL in ingested ids, symbols and comments; an openTime in year 0000', async () => {
    const key = w.connectorKey;
    const trade = ev.trade('t-1', account.login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 10);
    for (const [event, field] of [
      [{ ...trade, id: 'id\u0000' }, 'events.0.id'],
      [{ ...trade, symbol: 'EUR\u0000USD' }, 'events.0.symbol'],
      [{ ...trade, ticket: '\ud800' }, 'events.0.ticket'],
      [ev.balance('b-1', account.login, '2026-03-02T09:00:00Z', 5, 'note\u0000'), 'events.0.comment'],
      [{ ...trade, openTime: '0000-01-01T00:00:00Z' }, 'events.0.openTime'],
      [{ ...trade, closeTime: '9999-12-31T23:59:59-14:00' }, 'events.0.closeTime'],
      [ev.snapshot('s-1', account.login, '1969-12-31T23:59:59Z', 1, 1), 'events.0.time'],
    ] as const) {
      expectRefused(await ingest(t, key, [event as never]), 400, 'VALIDATION_ERROR', field);
    }
    // The bounds themselves are taken.
    const edge = await ingest(t, key, [
      ev.snapshot('s-lo', account.login, '1970-01-01T00:00:00Z', 100000, 100000),
      ev.snapshot('s-hi', account.login, '2200-12-31T23:59:59.999Z', 100000, 100000),
    ]);
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('GET …/trades?cursor=OTAwNzE5OTI1NDc0MDk5MTox (a time beyond a Date; was 500)', async () => {
    const trades = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/accounts/${account.id}/trades?${query}`, headers: w.member.headers });
    expect(Buffer.from('OTAwNzE5OTI1NDc0MDk5MTox', 'base64url').toString()).toBe('9007199254740991:1');
    for (const cursor of [
      'OTAwNzE5OTI1NDc0MDk5MTox',
      Buffer.from('-1:1').toString('base64url'),
      Buffer.from(`${Date.UTC(2026, 0, 1)}:0`).toString('base64url'),
      Buffer.from(`${Date.UTC(2026, 0, 1)}:9007199254740993`).toString('base64url'),
      Buffer.from(`${Date.UTC(2026, 0, 1)}:1.5`).toString('base64url'),
      Buffer.from(`1e3:1`).toString('base64url'),
    ]) {
      const res = await trades(`cursor=${cursor}`);
      expectRefused(res, 400, 'VALIDATION_ERROR');
      expect(res.json().message).toMatch(/^cursor: /);
    }
    const valid = await trades(`cursor=${Buffer.from(`${Date.UTC(2026, 0, 1)}:1`).toString('base64url')}`);
    expect(valid.statusCode, valid.body).toBe(200);
  });

  it('from=0000-01-01T00:00:00Z on trades and equity names the field (was 500)', async () => {
    for (const path of ['trades', 'equity']) {
      for (const query of ['from=0000-01-01T00:00:00Z', 'to=9999-12-31T23:59:59.999Z', 'from=2201-01-01T00:00:00Z']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/accounts/${account.id}/${path}?${query}`,
          headers: w.member.headers,
        });
        expectRefused(res, 400, 'VALIDATION_ERROR', query.split('=')[0]);
      }
    }
  });
});

describe('defect 1: database errors that are the client’s fault', () => {
  /** A real error of the test database for `query`, wrapped as drizzle wraps it (with the parameters). */
  async function dbError(query: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await t.database.db.execute(query);
    } catch (err) {
      return err;
    }
    throw new Error('the query did not fail');
  }

  async function answerTo(err: unknown) {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/x', async () => {
      throw err;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    return { statusCode: res.statusCode, body: res.json() };
  }

  it('class 22 (invalid text, out of range, too long, bad bytes…) and 23 not-null/check → 400', async () => {
    await t.database.db.execute(
      sql`create table probe_values (s varchar(2), n int not null default 0, c int check (c > 0), u int unique)`,
    );
    const errors = [
      await dbError(sql`select ${'not-a-uuid'}::uuid`), // 22P02 invalid text representation
      await dbError(sql`select ${'0000-01-01T00:00:00Z'}::timestamptz`), // 22008 datetime field overflow
      await dbError(sql`insert into probe_values (s) values (${'abc'})`), // 22001 string data right truncation
      await dbError(sql`select ${'99999999999'}::int`), // 22003 numeric value out of range
      await dbError(sql`select ${'a\u0000b'}::text`), // 22021 invalid byte sequence
      await dbError(sql`select ${JSON.stringify({ a: '\u0000' })}::jsonb`), // 22P05 untranslatable character
      await dbError(sql`insert into probe_values (n) values (${null})`), // 23502 not-null violation
      await dbError(sql`insert into probe_values (c) values (${-1})`), // 23514 check violation
    ];
    for (const err of errors) {
      const res = await answerTo(err);
      expect(res.statusCode, String((err as Error).message)).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });

  it('a unique violation no route handled → 409 CONFLICT; anything else stays a 500', async () => {
    await t.database.db.execute(sql`insert into probe_values (u) values (1)`);
    const unique = await dbError(sql`insert into probe_values (u) values (${1})`);
    expect(await answerTo(unique)).toEqual({
      statusCode: 409,
      body: { code: 'CONFLICT', message: expect.any(String) },
    });
    const missing = await dbError(sql`select * from no_such_table`);
    expect((await answerTo(missing)).statusCode).toBe(500);
  });
});

describe('defect 3: every answer carries the security headers and our error shape', () => {
  it('401 and 403 from the access check', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/accounts' });
    expectRefused(anonymous, 401, 'UNAUTHORIZED');
    const member = await t.app.inject({ method: 'GET', url: '/api/admin/accounts', headers: w.member.headers });
    expectRefused(member, 403, 'FORBIDDEN');
    const badToken = await t.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { authorization: 'Bearer x' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.headers['x-content-type-options']).toBe('nosniff');
    expect(badToken.headers['strict-transport-security']).toMatch(/max-age/);
  });

  it('GET /%ff (was Fastify’s raw FST_ERR_BAD_URL without headers)', async () => {
    // A page URL gets the page headers (helmet's full set), an API URL the API's.
    expectRefused(await t.app.inject({ method: 'GET', url: '/%ff' }), 400, 'VALIDATION_ERROR', undefined, true);
    for (const url of ['/api/%ff', `/api/accounts/%E0%A4%A/trades`, '/api/accounts/%ED%A0%80']) {
      expectRefused(await t.app.inject({ method: 'GET', url }), 400, 'VALIDATION_ERROR');
    }
  });

  it('a path parameter over maxParamLength (was Fastify’s raw 414)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/accounts/${'a'.repeat(200)}` });
    expectRefused(res, 414, 'VALIDATION_ERROR');
  });

  it('malformed HTTP that Node refuses before routing (was Fastify’s raw client error)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1' }, () => {
        socket.write('GET /api/config HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, payload] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head!.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(payload!)).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('404s and body parser refusals', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/nope' }), 404, 'NOT_FOUND');
    expectRefused(await post('/api/auth/login', '{"email":'), 400, 'INVALID_JSON');
  });
});

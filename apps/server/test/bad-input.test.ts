import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInMember } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

const logLines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    deps: {
      logStream: new Writable({
        write(c, _e, cb) {
          logLines.push(String(c));
          cb();
        },
      }),
    },
  });
});
afterAll(() => t.close());

const post = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

const expectClean4xx = (res: { statusCode: number; body: string }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  const body = JSON.parse(res.body);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|node_modules/);
};

describe('bad input never gets a 5xx', () => {
  it('malformed JSON → 400 INVALID_JSON', async () => {
    expectClean4xx(await post('/api/auth/login', '{"email": '), 400, 'INVALID_JSON');
  });

  it('an empty JSON body → 400', async () => {
    const res = await post('/api/auth/login', '');
    expect(res.statusCode).toBe(400);
  });

  it('wrong types → 400 VALIDATION_ERROR naming the field', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ email: 42, password: ['x'] }));
    expectClean4xx(res, 400, 'VALIDATION_ERROR');
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('unknown fields → 400', async () => {
    const res = await post('/api/auth/recover', JSON.stringify({ email: 'a@example.com', admin: true }));
    expectClean4xx(res, 400, 'VALIDATION_ERROR');
  });

  it('a body that is not an object → 400', async () => {
    for (const payload of ['[]', '"x"', 'null', '42']) {
      const res = await post('/api/auth/register', payload);
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('oversize bodies → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2_000_000) }),
    );
    expectClean4xx(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('another content type → 415', async () => {
    expectClean4xx(
      await post('/api/auth/login', 'email=a', 'application/x-www-form-urlencoded'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('an unknown API route → JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope' });
    expectClean4xx(res, 404, 'NOT_FOUND');
  });

  it('a bad path parameter → 400', async () => {
    const m = await signedInMember(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/not-a-uuid/status',
      headers: bearer(m.token),
      payload: {},
    });
    expect(res.statusCode).toBe(403); // access is decided before anything else
  });

  it('no token or password ever reaches the logs', async () => {
    const m = await signedInMember(t);
    await t.app.inject({ method: 'GET', url: '/api/auth/verify-token', headers: bearer(m.token) });
    await post('/api/auth/login', JSON.stringify({ email: m.email, password: 'Wrong123!zz' }));
    const all = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(5);
    expect(all).not.toContain(m.token);
    expect(all).not.toContain(m.password);
    expect(all).not.toContain('Wrong123!zz');
  });
});

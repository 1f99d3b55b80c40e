import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginRequest, register } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_LOGIN_PER_IP: '8', RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_WINDOW_SECONDS: '60' },
  });
});
afterAll(() => t.close());

describe('auth rate limits', () => {
  it('throttles one account from one IP with 429, Retry-After and no argon2 work', async () => {
    const m = await register(t);
    const attacker = '198.51.100.1';
    for (let i = 0; i < 3; i++) expect((await loginRequest(t, m.email, 'Wrong123!x', attacker)).statusCode).toBe(401);
    const verifySpy = vi.spyOn(t.services.passwords, 'verify');
    const res = await loginRequest(t, m.email, m.password, attacker);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later.' });
    expect(verifySpy).not.toHaveBeenCalled();
    verifySpy.mockRestore();
    // The owner, from another address, still gets in.
    expect((await loginRequest(t, m.email, m.password, '203.0.113.9')).statusCode).toBe(200);
  });

  it('throttles one IP across accounts, and the window ends', async () => {
    const ip = '198.51.100.2';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await loginRequest(t, `x${i}@example.com`, 'Wrong123!x', ip)).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    t.clock.advance(61_000);
    expect((await loginRequest(t, 'x0@example.com', 'Wrong123!x', ip)).statusCode).toBe(401);
  });

  it('throttles registration per IP', async () => {
    const ip = '198.51.100.3';
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: {
          email: `r${i}.${Date.now()}@example.com`,
          password: 'Secret123!',
          firstName: 'Ann',
          lastName: 'Lee',
          role: 'USER',
        },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('throttles recover per account and IP with the same generic 429 body', async () => {
    const ip = '198.51.100.4';
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        remoteAddress: ip,
        payload: { email: 'who@example.com' },
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('throttles reset attempts per IP', async () => {
    const ip = '198.51.100.5';
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        remoteAddress: ip,
        payload: { token: `guess-${i}-xxxxxxxxxxxxxxxx`, password: 'Secret123!' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

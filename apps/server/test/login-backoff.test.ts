import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, login, loginRequest, register } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// Default limits: 30 per IP, 10 per (account, IP), 10 failures per account before the back-off.
const logLines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    deps: {
      logStream: new Writable({
        write(chunk, _enc, cb) {
          logLines.push(String(chunk));
          cb();
        },
      }),
    },
  });
});
afterAll(() => t.close());

const WRONG = 'Wrong123!x';
const addresses = Array.from({ length: 30 }, (_, i) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`);

describe('distributed guessing on one account', () => {
  it('30 addresses × 3 tries: 10 failures, then 429 with Retry-After and no argon2 work', async () => {
    const m = await register(t);
    const verifySpy = vi.spyOn(t.services.passwords, 'verify');
    const statuses: number[] = [];
    let retryAfter = '';
    for (let round = 0; round < 3; round++) {
      for (const ip of addresses) {
        const res = await loginRequest(t, m.email, WRONG, ip);
        statuses.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = String(res.headers['retry-after']);
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(retryAfter).toBe('1');
    expect(verifySpy).toHaveBeenCalledTimes(10);
    verifySpy.mockRestore();

    // Slowed, not locked: until the wait is over the owner is answered 429 too; then they get in.
    const owner = '203.0.113.77';
    expect((await loginRequest(t, m.email, m.password, owner)).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await loginRequest(t, m.email, m.password, owner)).statusCode).toBe(200);
    // The owner's success forgets the failures: the next wrong password is a plain 401.
    expect((await loginRequest(t, m.email, WRONG, addresses[0])).statusCode).toBe(401);
  });

  it('each further failure doubles the wait, up to the maximum', async () => {
    const m = await register(t);
    // An unexpected answer names its cause (hashing, database busy or down: their messages differ).
    const expectStatus = (res: { statusCode: number; body: string }, status: number) =>
      expect(res.statusCode, res.body).toBe(status);
    for (let i = 0; i < 10; i++) expectStatus(await loginRequest(t, m.email, WRONG, addresses[i]), 401);
    const waits: number[] = [];
    for (let i = 0; i < 11; i++) {
      const refused = await loginRequest(t, m.email, WRONG, addresses[20 + (i % 10)]);
      expectStatus(refused, 429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expectStatus(await loginRequest(t, m.email, WRONG, addresses[(i % 10) + 10]), 401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
  });

  it("a throttled attempt shows in the member's login history; an unknown address is answered alike", async () => {
    const m = await register(t);
    const token = await login(t, m.email, m.password);
    for (let i = 0; i < 10; i++) await loginRequest(t, m.email, WRONG, addresses[i]);
    t.clock.advance(10); // still within the 1 s back-off; the newest event of the history
    const refused = await loginRequest(t, m.email, WRONG, addresses[12]);
    expect(refused.statusCode).toBe(429);
    const history = await t.app.inject({ method: 'GET', url: '/api/user/login-history', headers: bearer(token) });
    const outcomes = history.json().items.map((i: { outcome: string }) => i.outcome);
    expect(outcomes[0]).toBe('rate_limited');
    expect(outcomes.filter((o: string) => o === 'rate_limited')).toHaveLength(1);
    expect(outcomes.filter((o: string) => o === 'invalid_credentials')).toHaveLength(10);

    const nobody = `nobody.${Math.random().toString(36).slice(2, 9)}@example.com`;
    for (let i = 0; i < 10; i++) await loginRequest(t, nobody, WRONG, addresses[i]);
    const alike = await loginRequest(t, nobody, WRONG, addresses[12]);
    expect(alike.statusCode).toBe(429);
    expect(alike.json()).toEqual(refused.json());
    expect(alike.headers['retry-after']).toBe(refused.headers['retry-after']);
  });

  it('forgets failures after a window without one', async () => {
    const m = await register(t);
    for (let i = 0; i < 10; i++) await loginRequest(t, m.email, WRONG, addresses[i]);
    expect((await loginRequest(t, m.email, WRONG, addresses[11])).statusCode).toBe(429);
    t.clock.advance(900_000);
    for (let i = 0; i < 9; i++) expect((await loginRequest(t, m.email, WRONG, addresses[i])).statusCode).toBe(401);
  });

  it('logs a warning for staff with the account id and never the password', async () => {
    const m = await register(t);
    const user = await t.services.users.findByEmail(m.email);
    logLines.length = 0;
    for (let i = 0; i < 10; i++) await loginRequest(t, m.email, WRONG, addresses[i]);
    const warnings = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'auth.login_backoff');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, userId: user!.id, failures: 10, retryAfterSeconds: 1 });
    expect(logLines.join('\n')).not.toContain(WRONG);
    expect(logLines.join('\n')).not.toContain(m.password);
  });
});

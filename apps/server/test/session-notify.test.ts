import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bearer, signedInMember, signedInStaff } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// Two server instances on one database: a revocation on one reaches the other's cache at once.
describe('session revocation across instances', () => {
  let a: TestContext;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp();
    b = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: a.database,
      clock: a.clock,
      mailTransport: null,
      runJobs: false,
    });
    await b.app.ready();
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  const verifyOn = (app: typeof b.app, token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/verify-token', headers: bearer(token) });
  const settle = async (check: () => Promise<number>, expected: number) => {
    for (let i = 0; i < 50; i++) {
      if ((await check()) === expected) return expected;
      await new Promise((r) => setTimeout(r, 20));
    }
    return check();
  };

  it('a suspension on one instance answers 403 on the other within moments', async () => {
    const m = await signedInMember(a);
    const admin = await signedInStaff(a, 'ADMIN');
    expect((await verifyOn(b.app, m.token)).statusCode).toBe(200); // cached on b
    const res = await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${m.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'suspended' },
    });
    expect(res.statusCode).toBe(200);
    expect(await settle(async () => (await verifyOn(b.app, m.token)).statusCode, 403)).toBe(403);
  });

  it('a logout on one instance ends the session on the other', async () => {
    const m = await signedInMember(a);
    expect((await verifyOn(b.app, m.token)).statusCode).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(m.token) });
    expect(await settle(async () => (await verifyOn(b.app, m.token)).statusCode, 401)).toBe(401);
  });
});

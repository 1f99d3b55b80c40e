import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { bearer, signedInMember, signedInStaff } from './auth-helpers.ts';
import { secondInstance, settle } from './second-instance.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// Two server instances on one database: a revocation on one reaches the other's cache at once.
describe('session revocation across instances', () => {
  let a: TestContext;
  let b: App;
  beforeAll(async () => {
    a = await createTestApp();
    b = await secondInstance(a);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  const verifyOn = (app: typeof b.app, token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/verify-token', headers: bearer(token) });

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

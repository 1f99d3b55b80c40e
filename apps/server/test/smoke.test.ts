import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, newMember, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

it('registers, logs in, verifies', async () => {
  const m = newMember();
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: m });
  expect(reg.json()).toEqual({ status: 200, message: 'Registered' });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password, userGeolocation: null } });
  expect(login.statusCode).toBe(200);
  const token = login.json().accessToken;
  const v = await t.app.inject({ method: 'GET', url: '/api/auth/verify-token', headers: { authorization: `Bearer ${token}` } });
  expect(v.statusCode).toBe(200);
  const bad = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...m, email: 'x', extra: 1 } });
  console.log(bad.statusCode, bad.body);
});

import type { Role } from '@app/contracts';
import { newMember, VALID_PASSWORD, type TestContext } from './test-app.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function register(t: TestContext, overrides: Record<string, unknown> = {}) {
  const payload = newMember(overrides);
  // A fresh address per registration keeps the per-IP registration throttle out of unrelated tests.
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: randomIp() });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return payload as ReturnType<typeof newMember> & { email: string; password: string };
}

export function loginRequest(t: TestContext, email: string, password: string, ip = randomIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, userGeolocation: { country: 'CZ', city: 'Prague' } },
    remoteAddress: ip,
    headers: { 'user-agent': 'vitest' },
  });
}

export async function login(t: TestContext, email: string, password: string): Promise<string> {
  const res = await loginRequest(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().accessToken as string;
}

/** A signed-in member: their payload, user id and token. */
export async function signedInMember(t: TestContext) {
  const m = await register(t);
  const token = await login(t, m.email, m.password);
  const user = await t.services.users.findByEmail(m.email);
  return { ...m, id: user!.id, token };
}

/** Staff cannot register; they are created directly, as create-admin does. */
export async function signedInStaff(t: TestContext, role: Exclude<Role, 'USER'>) {
  const email = `${role.toLowerCase()}.${Math.random().toString(36).slice(2, 10)}@example.com`;
  const user = await t.services.users.create({
    email,
    firstName: 'Staff',
    lastName: role,
    role,
    passwordHash: await t.services.passwords.hash(VALID_PASSWORD),
  });
  const token = await login(t, email, VALID_PASSWORD);
  return { email, id: user!.id, token };
}

export const verify = (t: TestContext, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify-token', headers: bearer(token) });

export const randomIp = () => `10.${rand255()}.${rand255()}.${rand255()}`;
const rand255 = () => Math.floor(Math.random() * 255);

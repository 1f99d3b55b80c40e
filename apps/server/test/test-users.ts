import type { Role } from '@app/contracts';
import { newMember, VALID_PASSWORD, type TestContext } from './test-app.ts';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

async function login(t: TestContext, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: VALID_PASSWORD, userGeolocation: null },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().accessToken as string;
}

let n = 0;

/** A user of any role, inserted directly (staff cannot register), then signed in. */
export async function createUser(t: TestContext, role: Role = 'USER'): Promise<TestUser> {
  n++;
  const email = `${role.toLowerCase()}${n}.${Date.now().toString(36)}@example.com`;
  const now = t.clock.now();
  const row = await t.services.users.create({
    email,
    firstName: 'Test',
    lastName: role === 'USER' ? 'Member' : 'Staff',
    role,
    passwordHash: await t.services.passwords.hash(VALID_PASSWORD),
    createdAt: now,
    updatedAt: now,
  });
  const token = await login(t, email);
  return { id: row!.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** A member through the public registration path. */
export async function registerMember(t: TestContext): Promise<TestUser> {
  const m = newMember();
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: m });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const token = await login(t, m.email.toLowerCase());
  const user = await t.services.users.findByEmail(m.email);
  return { id: user!.id, email: user!.email, token, headers: { authorization: `Bearer ${token}` } };
}

import { MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets } from '../src/db/schema/index.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import { bearer, login, randomIp, register, signedInMember } from './auth-helpers.ts';
import { createTestApp, newMember, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BREACHED = ['Password1!', 'Qwerty123!', 'P@ssw0rd'];
const STRONG = 'Tr4il!Mix-Quasar9';
const refused = { code: 'BREACHED_PASSWORD', message: MESSAGES.breachedPassword };

const registerWith = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: newMember({ password }),
    remoteAddress: randomIp(),
  });

/** A live reset token for the user, as the recover mail would carry. */
async function resetToken(email: string): Promise<string> {
  const user = await t.services.users.findByEmail(email);
  const token = newToken();
  const now = t.clock.now();
  await t.database.db.insert(passwordResets).values({
    userId: user!.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 60 * 60_000),
  });
  return token;
}

const resetWith = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password }, remoteAddress: randomIp() });

describe('breached passwords', () => {
  it.each(BREACHED)('registration refuses %s with 400 and its own code, before any hashing', async (password) => {
    const hashSpy = vi.spyOn(t.services.passwords, 'hash');
    const res = await registerWith(password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect(hashSpy).not.toHaveBeenCalled();
    hashSpy.mockRestore();
  });

  it('registration accepts a strong password', async () => {
    const m = await register(t, { password: STRONG });
    await login(t, m.email, STRONG);
  });

  it.each(BREACHED)('reset refuses %s, and the link still works for a strong one', async (password) => {
    const m = await register(t);
    const token = await resetToken(m.email);
    const res = await resetWith(token, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect((await resetWith(token, STRONG)).statusCode).toBe(200);
    await login(t, m.email, STRONG);
  });

  it.each(BREACHED)('password change refuses %s and keeps the old password', async (password) => {
    const m = await signedInMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: bearer(m.token),
      payload: { currentPassword: m.password, newPassword: password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    await login(t, m.email, m.password);
  });

  it('password change accepts a strong password', async () => {
    const m = await signedInMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: bearer(m.token),
      payload: { currentPassword: m.password, newPassword: STRONG },
    });
    expect(res.statusCode).toBe(200);
    await login(t, m.email, STRONG);
  });

  it('login still accepts a breached password set before the check existed', async () => {
    const email = `legacy.${Date.now()}@example.com`;
    await t.services.users.create({
      email,
      firstName: 'Old',
      lastName: 'Timer',
      role: 'USER',
      passwordHash: await t.services.passwords.hash('Password1!'),
    });
    await login(t, email, 'Password1!');
  });
});

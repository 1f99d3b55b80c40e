import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { bearer, login, signedInMember, signedInStaff, verify } from './auth-helpers.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '24' } });
});
afterAll(() => t.close());

const sessionRow = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!;

describe('sessions', () => {
  it('stores only a SHA-256 of the token', async () => {
    const m = await signedInMember(t);
    const row = await sessionRow(m.token);
    expect(row.tokenHash).toBe(hashToken(m.token));
    expect(JSON.stringify(row)).not.toContain(m.token);
  });

  it('verify-token answers 401 with a message for a missing, malformed or unknown token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/verify-token' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBeTruthy();
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-token',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.statusCode).toBe(401);
    const unknown = await verify(t, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Session expired');
  });

  it('verify-token writes nothing on repeated calls; last_seen slides at most once per 5 minutes', async () => {
    const m = await signedInMember(t);
    const before = await sessionRow(m.token);
    for (let i = 0; i < 20; i++) {
      t.clock.advance(15_000);
      expect((await verify(t, m.token)).statusCode).toBe(200);
    }
    // 20 calls over 5 minutes: exactly one write, at the 5-minute mark.
    const after = await sessionRow(m.token);
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(before.lastSeenAt.getTime());
    expect(after.lastSeenAt.getTime() - before.lastSeenAt.getTime()).toBe(5 * 60_000);
  });

  it('expires after the idle timeout', async () => {
    const m = await signedInMember(t);
    t.clock.advance(29 * 60_000);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    const res = await verify(t, m.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: 'Session expired' });
  });

  it('expires at the absolute lifetime even when used all the time', async () => {
    const m = await signedInMember(t);
    for (let h = 0; h < 24 * 4 - 1; h++) {
      t.clock.advance(15 * 60_000);
      expect((await verify(t, m.token)).statusCode).toBe(200);
    }
    t.clock.advance(15 * 60_000);
    expect((await verify(t, m.token)).statusCode).toBe(401);
  });

  it('logout ends the session on the server at once', async () => {
    const m = await signedInMember(t);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(m.token) });
    expect(out.statusCode).toBe(200);
    const res = await verify(t, m.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session expired');
  });

  it('suspension answers 403 with a message at once, on every session, and ends them', async () => {
    const m = await signedInMember(t);
    const second = await login(t, m.email, m.password);
    const admin = await signedInStaff(t, 'ADMIN');
    expect((await verify(t, m.token)).statusCode).toBe(200); // cached now
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${m.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'suspended' },
    });
    expect(res.statusCode).toBe(200);
    for (const token of [m.token, second]) {
      const v = await verify(t, token);
      expect(v.statusCode).toBe(403);
      expect(v.json().code).toBe('ACCOUNT_SUSPENDED');
      expect(v.json().message).toMatch(/suspended/);
    }
    const me = await t.app.inject({ method: 'GET', url: `/api/user/${m.email}`, headers: bearer(m.token) });
    expect(me.statusCode).toBe(403);
    // Reactivated: old sessions stay ended, a new login works.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${m.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'active' },
    });
    expect((await verify(t, m.token)).statusCode).toBe(401);
    expect((await verify(t, await login(t, m.email, m.password))).statusCode).toBe(200);
  });

  it('a password change ends the other sessions and keeps the current one', async () => {
    const m = await signedInMember(t);
    const other = await login(t, m.email, m.password);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: bearer(m.token),
      payload: { currentPassword: 'Nope123!x', newPassword: 'Changed123!' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: bearer(m.token),
      payload: { currentPassword: VALID_PASSWORD, newPassword: 'Changed123!' },
    });
    expect(res.statusCode).toBe(200);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    const ended = await verify(t, other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toMatch(/password was changed/);
    expect((await verify(t, await login(t, m.email, 'Changed123!'))).statusCode).toBe(200);
  });
});

describe('GET /api/user/{email}', () => {
  it('lets a member read only themselves', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/user/${a.email.toUpperCase()}`,
      headers: bearer(a.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({
      id: a.id,
      email: a.email,
      firstName: 'Alice',
      lastName: 'Trader',
      role: 'USER',
      status: 'active',
    });
    expect(own.json().user.passwordHash).toBeUndefined();
    const other = await t.app.inject({ method: 'GET', url: `/api/user/${b.email}`, headers: bearer(a.token) });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
  });

  it('refuses staff another user too (they read users through the admin API, behind its two-factor gate)', async () => {
    const a = await signedInMember(t);
    const support = await signedInStaff(t, 'SUPPORT');
    for (const email of [a.email, 'nobody@example.com']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/${email}`, headers: bearer(support.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/user/${support.email}`,
      headers: bearer(support.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ id: support.id, role: 'SUPPORT' });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/a@example.com' });
    expect(res.statusCode).toBe(401);
  });
});

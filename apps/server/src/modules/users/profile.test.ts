import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { bearer, login, signedInMember, verify } from '../../../test/auth-helpers.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from '../../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-04-01T09:00:00Z') });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

describe('names', () => {
  it('renames the person; the user record (what the header reads) has the new name', async () => {
    const m = await signedInMember(t);
    const res = await call('PATCH', '/api/user/profile', m.token, { firstName: ' Bohumil ', lastName: 'Hrabal' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ firstName: 'Bohumil', lastName: 'Hrabal' });
    const user = await call('GET', `/api/user/${m.email}`, m.token);
    expect(user.json().user).toMatchObject({ firstName: 'Bohumil', lastName: 'Hrabal' });
  });

  it('SPEC §5: 3 to 50 characters, required; nothing changes on a refusal', async () => {
    const m = await signedInMember(t);
    const short = await call('PATCH', '/api/user/profile', m.token, { firstName: 'Al', lastName: 'Trader' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Minimum 3 symbols');
    const empty = await call('PATCH', '/api/user/profile', m.token, { firstName: 'Alice', lastName: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Last name is required');
    const long = await call('PATCH', '/api/user/profile', m.token, { firstName: 'A'.repeat(51), lastName: 'Trader' });
    expect(long.statusCode).toBe(400);
    const profile = await call('GET', '/api/user/profile', m.token);
    expect(profile.json().profile).toMatchObject({ firstName: 'Alice', lastName: 'Trader' });
  });
});

describe('preferences', () => {
  it('are kept on the server and come with the user record at sign-in on another device', async () => {
    const m = await signedInMember(t);
    const prefs = { language: 'de', theme: 'dark', timeZone: 'Asia/Tokyo', mail: { payouts: false, orders: true } };
    const res = await call('PUT', '/api/user/preferences', m.token, prefs);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.preferences).toEqual(prefs);
    const other = await login(t, m.email, m.password);
    const user = await call('GET', `/api/user/${m.email}`, other);
    expect(user.json().user.preferences).toEqual({ language: 'de', theme: 'dark', timeZone: 'Asia/Tokyo' });
  });

  it('refuses an unknown language, theme, zone, mail kind or field (400) and keeps what was stored', async () => {
    const m = await signedInMember(t);
    await call('PUT', '/api/user/preferences', m.token, { language: 'fr' });
    for (const bad of [
      { language: 'xx' },
      { theme: 'blue' },
      { timeZone: 'Mars/Olympus' },
      { mail: { spam: true } },
      { colour: 'red' },
    ]) {
      expect((await call('PUT', '/api/user/preferences', m.token, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('GET', '/api/user/profile', m.token)).json().profile.preferences).toEqual({ language: 'fr' });
  });

  it('the retired "news" mail kind is accepted and dropped, sent or stored; the rest keeps validating', async () => {
    const m = await signedInMember(t);
    const sent = await call('PUT', '/api/user/preferences', m.token, {
      theme: 'dark',
      mail: { news: false, orders: false },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().profile.preferences).toEqual({ theme: 'dark', mail: { orders: false } });
    // Saved while the kind was offered: the whole set is still served, without it.
    await t.database.db
      .update(users)
      .set({ preferences: { language: 'ja', mail: { news: false, certificates: false } } })
      .where(eq(users.id, m.id));
    const profile = await call('GET', '/api/user/profile', m.token);
    expect(profile.json().profile.preferences).toEqual({ language: 'ja', mail: { certificates: false } });
    const user = await call('GET', `/api/user/${m.email}`, m.token);
    expect(user.json().user.preferences).toEqual({ language: 'ja' });
  });

  it('staff cannot read another user’s record here, preferences included', async () => {
    const m = await signedInMember(t);
    await call('PUT', '/api/user/preferences', m.token, { theme: 'dark' });
    const admin = await t.services.users.create({
      email: `admin.prefs.${Date.now()}@example.com`,
      firstName: 'Staff',
      lastName: 'Admin',
      role: 'ADMIN',
      passwordHash: await t.services.passwords.hash(VALID_PASSWORD),
    });
    const token = await login(t, admin!.email, VALID_PASSWORD);
    const res = await call('GET', `/api/user/${m.email}`, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().user).toBeUndefined();
  });
});

describe('password change', () => {
  it('a wrong current password is a 400 and changes nothing', async () => {
    const m = await signedInMember(t);
    const res = await call('POST', '/api/user/password', m.token, {
      currentPassword: 'Wrong123!',
      newPassword: 'Another456?',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: { currentPassword: 'The current password is incorrect' },
    });
    expect(await login(t, m.email, m.password)).toBeTruthy();
  });

  it('the new password follows SPEC §5 and ends the other sessions only', async () => {
    const m = await signedInMember(t);
    const other = await login(t, m.email, m.password);
    const weak = await call('POST', '/api/user/password', m.token, {
      currentPassword: m.password,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const ok = await call('POST', '/api/user/password', m.token, {
      currentPassword: m.password,
      newPassword: 'Another456?',
    });
    expect(ok.statusCode).toBe(200);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    const ended = await verify(t, other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('Your password was changed. Please login again.');
  });
});

describe('sessions', () => {
  it('lists the active sessions with device, IP, place and "this device"; revokes one, then all others', async () => {
    const m = await signedInMember(t);
    t.clock.advance(60_000);
    const second = await login(t, m.email, m.password);
    const third = await login(t, m.email, m.password);
    const list = await call('GET', '/api/user/sessions', m.token);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(3);
    expect(items.filter((i) => i.current)).toHaveLength(1);
    expect(items[0]).toMatchObject({ userAgent: 'vitest', place: 'Prague, CZ' });
    expect(items[0]!.ip).toMatch(/^10\./);

    const secondId = (await call('GET', '/api/user/sessions', second))
      .json()
      .items.find((i: { current: boolean }) => i.current).id;
    expect((await call('DELETE', `/api/user/sessions/${secondId}`, m.token)).statusCode).toBe(200);
    const revoked = await verify(t, second);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('This session was signed out from another device.');
    // Once only.
    expect((await call('DELETE', `/api/user/sessions/${secondId}`, m.token)).statusCode).toBe(404);

    expect((await call('POST', '/api/user/sessions/revoke-others', m.token)).statusCode).toBe(200);
    expect((await verify(t, third)).statusCode).toBe(401);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/sessions', m.token)).json().items).toHaveLength(1);
  });

  it('leaves out a session idle past the limit: it signs in no more', async () => {
    const m = await signedInMember(t);
    const idle = await login(t, m.email, m.password);
    // 30 minutes idle (the default), plus the 5 minutes last_seen_at may lag: the idle one is gone.
    for (let i = 0; i < 8; i++) {
      t.clock.advance(5 * 60_000);
      expect((await verify(t, m.token)).statusCode).toBe(200);
    }
    expect((await verify(t, idle)).statusCode).toBe(401);
    const items = (await call('GET', '/api/user/sessions', m.token)).json().items as Array<{ current: boolean }>;
    expect(items).toHaveLength(1);
    expect(items[0]!.current).toBe(true);
  });

  it("another person's session cannot be signed out (404, it stays)", async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const bId = (await call('GET', '/api/user/sessions', b.token)).json().items[0].id;
    expect((await call('DELETE', `/api/user/sessions/${bId}`, a.token)).statusCode).toBe(404);
    expect((await verify(t, b.token)).statusCode).toBe(200);
  });
});

import { USERS_STATUS_UPDATED } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, loginEvents, sessions, userLastLogins, users } from '../../db/schema/index.ts';
import { bearer, login, signedInMember, signedInStaff, verify } from '../../../test/auth-helpers.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from '../../../test/test-app.ts';
import { callAs, editable, userRow, type Method } from '../../../test/users-admin-fixtures.ts';
import { SecurityMailer } from './security-mailer.ts';
import { UsersAdminService } from './users-admin.service.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let support: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'ADMIN');
  support = await signedInStaff(t, 'SUPPORT');
});
afterAll(() => t.close());

const call = (token: string, method: Method, url: string, payload?: unknown) => callAs(t, token, method, url, payload);
const row = (id: string) => userRow(t, id);
const auditCount = async (targetId: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).length;

describe('bulk status', () => {
  it('suspends a selection, ends their sessions at once, and reactivates', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const res = await call(admin.token, 'POST', '/api/admin/users/status', {
      userIds: [a.id, b.id],
      status: 'suspended',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: USERS_STATUS_UPDATED, updated: 2 });
    const v = await verify(t, a.token);
    expect(v.statusCode).toBe(403);
    expect(v.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(await auditCount(a.id)).toBe(1);
    const back = await call(admin.token, 'POST', '/api/admin/users/status', {
      userIds: [a.id, b.id],
      status: 'active',
    });
    expect(back.json().updated).toBe(2);
    expect((await row(a.id)).status).toBe('active');
    expect(await login(t, a.email, a.password)).toBeTruthy();
  });

  it('refuses one’s own status, naming userIds, and changes nothing', async () => {
    const m = await signedInMember(t);
    const res = await call(admin.token, 'POST', '/api/admin/users/status', {
      userIds: [m.id, admin.id],
      status: 'suspended',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('userIds');
    expect((await row(m.id)).status).toBe('active');
    expect((await row(admin.id)).status).toBe('active');
  });

  it('PATCH of one user: the same rules (409 for oneself, naming userId), audited, the user answered', async () => {
    const m = await signedInMember(t);
    const self = await call(admin.token, 'PATCH', `/api/admin/users/${admin.id}/status`, { status: 'suspended' });
    expect(self.statusCode).toBe(409);
    expect(self.json().fields).toHaveProperty('userId');
    expect((await row(admin.id)).status).toBe('active');
    const before = await auditCount(m.id);
    const res = await call(admin.token, 'PATCH', `/api/admin/users/${m.id}/status`, { status: 'suspended' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: m.id, status: 'suspended' });
    expect(await auditCount(m.id)).toBe(before + 1);
    expect((await verify(t, m.token)).statusCode).toBe(403);
  });

  it('refuses an unknown user in the selection, naming userIds, and changes nothing', async () => {
    const m = await signedInMember(t);
    const res = await call(admin.token, 'POST', '/api/admin/users/status', {
      userIds: [m.id, '00000000-0000-4000-8000-000000000000'],
      status: 'suspended',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toHaveProperty('userIds');
    expect((await row(m.id)).status).toBe('active');
  });

  it('is refused to SUPPORT', async () => {
    const m = await signedInMember(t);
    const res = await call(support.token, 'POST', '/api/admin/users/status', { userIds: [m.id], status: 'suspended' });
    expect(res.statusCode).toBe(403);
    expect((await row(m.id)).status).toBe('active');
  });
});

describe('create and edit', () => {
  it('creates a user without a password and queues a set-password link in their language', async () => {
    const email = `created.${Date.now().toString(36)}@example.com`;
    const res = await call(admin.token, 'POST', '/api/admin/users', {
      email: email.toUpperCase(),
      firstName: 'Claire',
      lastName: 'Dupont',
      role: 'SUPPORT',
      language: 'fr',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ email, role: 'SUPPORT', status: 'active', language: 'fr' });
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail?.subject).toBe('Votre compte est prêt : choisissez votre mot de passe');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    // No password works until the link is used; the link sets one.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: '!set-password-pending' },
        })
      ).statusCode,
    ).not.toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: VALID_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect(await login(t, email, VALID_PASSWORD)).toBeTruthy();
    expect(await auditCount(user.id)).toBe(1);
  });

  it('refuses a duplicate email, naming email, and creates nothing', async () => {
    const m = await signedInMember(t);
    const before = (await call(admin.token, 'GET', '/api/admin/users')).json().total;
    const res = await call(admin.token, 'POST', '/api/admin/users', {
      email: m.email,
      firstName: 'Other',
      lastName: 'Person',
      role: 'USER',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: expect.any(String) } });
    expect((await call(admin.token, 'GET', '/api/admin/users')).json().total).toBe(before);
    const other = await signedInMember(t);
    const edit = await call(admin.token, 'PATCH', `/api/admin/users/${other.id}`, {
      ...editable(await row(other.id)),
      email: m.email,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().fields).toHaveProperty('email');
    expect((await row(other.id)).email).toBe(other.email);
  });

  it('refuses a staff role (or any write) from SUPPORT and changes nothing', async () => {
    const m = await signedInMember(t);
    const grant = await call(support.token, 'PATCH', `/api/admin/users/${m.id}`, {
      ...editable(await row(m.id)),
      role: 'ADMIN',
    });
    expect(grant.statusCode).toBe(403);
    expect((await row(m.id)).role).toBe('USER');
    const create = await call(support.token, 'POST', '/api/admin/users', {
      email: `support-made.${Date.now()}@example.com`,
      firstName: 'Made',
      lastName: 'BySupport',
      role: 'ADMIN',
    });
    expect(create.statusCode).toBe(403);
    expect((await call(admin.token, 'GET', '/api/admin/users?q=support-made')).json().total).toBe(0);
  });

  it('edits names and role; a role change reaches the user’s session at once; audited', async () => {
    const m = await signedInMember(t);
    const res = await call(admin.token, 'PATCH', `/api/admin/users/${m.id}`, {
      email: m.email.toLowerCase(),
      firstName: 'Renamed',
      lastName: 'Person',
      role: 'SUPPORT',
      status: 'active',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ firstName: 'Renamed', role: 'SUPPORT' });
    expect((await call(m.token, 'GET', '/api/admin/users')).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, m.id), eq(auditLog.action, 'user.update')));
    expect(entry?.before).toMatchObject({ role: 'USER' });
    expect(entry?.after).toMatchObject({ role: 'SUPPORT' });
  });

  it('refuses changing one’s own role or status, naming the field', async () => {
    const me = await row(admin.id);
    const role = await call(admin.token, 'PATCH', `/api/admin/users/${admin.id}`, { ...editable(me), role: 'USER' });
    expect(role.statusCode).toBe(409);
    expect(role.json().fields).toHaveProperty('role');
    const status = await call(admin.token, 'PATCH', `/api/admin/users/${admin.id}`, {
      ...editable(me),
      status: 'suspended',
    });
    expect(status.statusCode).toBe(409);
    expect(status.json().fields).toHaveProperty('status');
    expect(await row(admin.id)).toMatchObject({ role: 'ADMIN', status: 'active' });
  });

  it('validation names the field', async () => {
    const res = await call(admin.token, 'POST', '/api/admin/users', {
      email: 'not-an-email',
      firstName: 'Al',
      lastName: 'Person',
      role: 'OWNER',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['email', 'firstName', 'role']));
  });
});

describe('rules inside the service (a stale principal: what a race between two requests looks like)', () => {
  let solo: TestContext;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(() => solo.close());

  const service = (ctx: TestContext) =>
    new UsersAdminService({
      db: ctx.database.db,
      clock: ctx.clock,
      sessions: ctx.services.sessions,
      outbox: ctx.services.outbox,
      mailer: new SecurityMailer(ctx.services.outbox),
      publicUrl: 'http://localhost',
    });
  const principal = (id: string, email: string, role: 'ADMIN' | 'SUPPORT') =>
    ({ sessionId: '00000000-0000-4000-8000-000000000000', userId: id, email, role, status: 'active' }) as const;
  const soloRow = async (id: string) => (await solo.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('the last active ADMIN cannot be suspended, demoted or anonymised, naming the field', async () => {
    const a = await signedInStaff(solo, 'ADMIN');
    const b = await signedInStaff(solo, 'ADMIN');
    // b was suspended after authenticating (say, by a at the same moment): a is the last active ADMIN.
    await solo.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, b.id));
    const svc = service(solo);
    const staleB = principal(b.id, b.email, 'ADMIN');
    const err = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: { status: number; fields?: object }) => e,
      );
    const suspend = await err(svc.bulkStatus(staleB, [a.id], 'suspended'));
    expect(suspend).toMatchObject({ status: 409, fields: { userIds: expect.any(String) } });
    // The single-user route keeps the same rule, naming its own field.
    const suspendOne = await err(svc.setStatus(staleB, a.id, 'suspended'));
    expect(suspendOne).toMatchObject({ status: 409, fields: { userId: expect.any(String) } });
    const before = await soloRow(a.id);
    const demote = await err(svc.update(staleB, a.id, { ...editable(before), role: 'USER' } as never));
    expect(demote).toMatchObject({ status: 409, fields: { role: expect.any(String) } });
    const anonymise = await err(svc.anonymise(staleB, a.id));
    expect(anonymise).toMatchObject({ status: 409, fields: { userId: expect.any(String) } });
    expect(await soloRow(a.id)).toMatchObject({ role: 'ADMIN', status: 'active', deletedAt: null });
    // Over HTTP the last ADMIN cannot act on themselves either.
    const self = await solo.app.inject({
      method: 'POST',
      url: '/api/admin/users/status',
      headers: bearer(a.token),
      payload: { userIds: [a.id], status: 'suspended' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().fields).toHaveProperty('userIds');
  });

  it('a staff role granted by a non-ADMIN is refused naming role, nothing created', async () => {
    const s2 = await signedInStaff(solo, 'SUPPORT');
    const svc = service(solo);
    const email = `granted.${Date.now().toString(36)}@example.com`;
    const create = svc.create(principal(s2.id, s2.email, 'SUPPORT'), {
      email,
      firstName: 'Given',
      lastName: 'Power',
      role: 'ADMIN',
      status: 'active',
      language: 'en',
    });
    await expect(create).rejects.toMatchObject({
      status: 403,
      code: 'ROLE_NOT_ALLOWED',
      fields: { role: expect.any(String) },
    });
    expect(await solo.services.users.findByEmail(email)).toBeUndefined();
  });
});

describe('anonymise', () => {
  it('erases personal data, ends sessions and keeps the record; audited without personal data', async () => {
    const m = await signedInMember(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.email, password: m.password, userGeolocation: { city: 'Berlin', country_code: 'DE' } },
    });
    const res = await call(admin.token, 'POST', `/api/admin/users/${m.id}/anonymise`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ anonymised: true, status: 'suspended', firstName: 'Anonymised' });
    const u = await row(m.id);
    expect(u.email).not.toBe(m.email);
    expect(u.email).toMatch(/@anonymised\.invalid$/);
    expect((await verify(t, m.token)).statusCode).toBeGreaterThanOrEqual(401);
    const events = await t.database.db.select().from(loginEvents).where(eq(loginEvents.userId, m.id));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.ip === null && e.geolocation === null && e.email === u.email)).toBe(true);
    const ss = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
    expect(ss.every((s) => s.revokedAt !== null && s.ip === null && s.geolocation === null)).toBe(true);
    const [last] = await t.database.db.select().from(userLastLogins).where(eq(userLastLogins.userId, m.id));
    expect(last?.geolocation ?? null).toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, m.id), eq(auditLog.action, 'user.anonymise')));
    expect(JSON.stringify(entry)).not.toContain(m.email);
    expect((await call(admin.token, 'GET', `/api/admin/users?q=${encodeURIComponent(m.email)}`)).json().total).toBe(0);
    const again = await call(admin.token, 'POST', `/api/admin/users/${m.id}/anonymise`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses oneself, naming userId', async () => {
    const res = await call(admin.token, 'POST', `/api/admin/users/${admin.id}/anonymise`);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('userId');
    expect((await row(admin.id)).deletedAt).toBeNull();
  });
});

describe('a user’s sessions', () => {
  it('lists the active sessions and revokes one (ADMIN only), audited', async () => {
    const m = await signedInMember(t);
    const list = (await call(support.token, 'GET', `/api/admin/users/${m.id}/sessions`)).json();
    expect(list.items).toHaveLength(1);
    const id = list.items[0].id as string;
    expect((await call(support.token, 'DELETE', `/api/admin/users/${m.id}/sessions/${id}`)).statusCode).toBe(403);
    const res = await call(admin.token, 'DELETE', `/api/admin/users/${m.id}/sessions/${id}`);
    expect(res.statusCode).toBe(200);
    expect((await verify(t, m.token)).statusCode).toBe(401);
    expect((await call(admin.token, 'DELETE', `/api/admin/users/${m.id}/sessions/${id}`)).statusCode).toBe(404);
  });
});

import { ADMIN_USER_SORTS, adminUserListQuerySchema, USERS_STATUS_UPDATED } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, loginEvents, sessions, userLastLogins, users } from '../../db/schema/index.ts';
import { bearer, login, signedInMember, signedInStaff, verify } from '../../../test/auth-helpers.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from '../../../test/test-app.ts';
import { UsersAdminService } from './users-admin.service.ts';
import { usersCsv } from './users-csv.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let support: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'ADMIN');
  support = await signedInStaff(t, 'SUPPORT');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditCount = async (targetId: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).length;
const editable = (u: { email: string; firstName: string; lastName: string; role: string; status: string }) => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  status: u.status,
});

describe('users list', () => {
  it('finds a member by part of the email or the name, with filters, paged and sorted on the server', async () => {
    const m = await signedInMember(t);
    const part = m.email.slice(3, 12);
    const res = await call(admin.token, 'GET', `/api/admin/users?q=${encodeURIComponent(part)}&sort=email&order=asc`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((u: { email: string }) => u.email)).toContain(m.email);
    const found = body.items.find((u: { email: string }) => u.email === m.email);
    expect(found).toMatchObject({ role: 'USER', status: 'active', accounts: 0, fundedAccounts: 0, anonymised: false });
    // The login of signedInMember is the last login, with no geolocation sent.
    expect(found.lastLoginAt).not.toBeNull();
    const byRole = (await call(support.token, 'GET', '/api/admin/users?role=SUPPORT')).json();
    expect(byRole.items.every((u: { role: string }) => u.role === 'SUPPORT')).toBe(true);
    expect(byRole.items.map((u: { id: string }) => u.id)).toContain(support.id);
    const funded = (await call(admin.token, 'GET', '/api/admin/users?funded=yes')).json();
    expect(funded.total).toBe(0);
    const sorted = (await call(admin.token, 'GET', '/api/admin/users?sort=name&order=asc&pageSize=10')).json();
    expect(sorted.pageSize).toBe(10);
    // Percent and underscore are searched literally.
    expect((await call(admin.token, 'GET', '/api/admin/users?q=%25')).json().total).toBe(0);
    expect((await call(admin.token, 'GET', '/api/admin/users?sort=password')).statusCode).toBe(400);
  });

  it('searches in any case; sorts by last sign-in with never signed in as the oldest', async () => {
    const m = await signedInMember(t);
    const upper = (
      await call(admin.token, 'GET', `/api/admin/users?q=${encodeURIComponent(m.email.toUpperCase())}`)
    ).json();
    expect(upper.items.map((u: { id: string }) => u.id)).toEqual([m.id]);
    const [never] = await t.database.db
      .insert(users)
      .values({ email: `never.${Date.now()}@example.com`, firstName: 'Nie', lastName: 'Angemeldet', passwordHash: 'x' })
      .returning();
    const ids = async (order: string) =>
      (await call(admin.token, 'GET', `/api/admin/users?sort=lastLoginAt&order=${order}&pageSize=100`))
        .json()
        .items.map((u: { id: string }) => u.id);
    const desc = await ids('desc');
    expect(desc.indexOf(m.id)).toBeLessThan(desc.indexOf(never!.id));
    expect(desc.at(-1)).toBe(never!.id);
    expect((await ids('asc'))[0]).toBe(never!.id);
  });

  it('counts up to the cap: more is said as a floor (totalCapped), a narrower search exactly', async () => {
    // The service with a cap of 20 (USERS_COUNT_CAP in production) and 21 users sharing a token.
    const token = `capped${Date.now().toString(36)}`;
    await t.database.db.execute(
      sql.raw(`insert into users (email, first_name, last_name, password_hash)
        select '${token}' || g || '@example.com', 'Cap', 'Check', 'x' from generate_series(1, 21) g`),
    );
    const svc = new UsersAdminService({
      db: t.database.db,
      clock: t.clock,
      sessions: t.services.sessions,
      outbox: t.services.outbox,
      publicUrl: 'http://localhost',
      countCap: 20,
    });
    const list = (query: Record<string, string>) => svc.list(adminUserListQuerySchema.parse(query));
    const broad = await list({ q: token, pageSize: '10' });
    expect(broad).toMatchObject({ total: 20, totalCapped: true });
    expect(broad.items).toHaveLength(10);
    // A page past the cap still says at least the rows up to it.
    expect(await list({ q: token, pageSize: '10', page: '3' })).toMatchObject({ total: 21, totalCapped: false });
    // token1 and token10 to token19: eleven, counted exactly.
    expect(await list({ q: `${token}1`, pageSize: '10' })).toMatchObject({ total: 11, totalCapped: false });
    // Over HTTP (USERS_COUNT_CAP, far above this test's users) the answer carries totalCapped too.
    const http = (await call(support.token, 'GET', `/api/admin/users?q=${token}&pageSize=10`)).json();
    expect(http).toMatchObject({ total: 21, totalCapped: false });
  });

  it('exports in chunks that continue where the last ended: the same rows in the same order as the list, for every sort', async () => {
    // Twelve users sharing a token, with equal names, equal roles and statuses, and no sign-in for half.
    const token = `keyset${Date.now().toString(36)}`;
    await t.database.db.insert(users).values(
      Array.from({ length: 12 }, (_, i) => ({
        email: `${token}.${String.fromCharCode(97 + ((i * 5) % 12))}@example.com`,
        firstName: i % 2 ? 'Ana' : 'Bo',
        lastName: i % 3 ? 'Same' : 'Other',
        role: i % 4 ? ('USER' as const) : ('SUPPORT' as const),
        status: i % 5 ? ('active' as const) : ('suspended' as const),
        passwordHash: 'x',
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 4))),
        lastLoginAt: i % 2 ? new Date(Date.UTC(2026, 1, 1 + (i % 3))) : null,
      })),
    );
    // Four of them created within one millisecond, apart by microseconds (as now() stamps rows).
    await t.database.db.execute(
      sql`update users set created_at = timestamptz '2026-03-01 10:00:00.123' + (ascii(substr(email, ${token.length + 2}, 1)) - 96) * interval '1 microsecond'
        where email like ${`${token}.%`} and ascii(substr(email, ${token.length + 2}, 1)) % 3 = 0`,
    );
    for (const sort of ADMIN_USER_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const listed = (
          await call(support.token, 'GET', `/api/admin/users?q=${token}&sort=${sort}&order=${order}&pageSize=100`)
        ).json();
        let csv = '';
        for await (const part of usersCsv(t.database.db, { q: token, sort, order }, 5)) csv += part;
        const exported = csv
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[0]);
        expect(exported, `${sort} ${order}`).toEqual(listed.items.map((u: { id: string }) => u.id));
        expect(exported).toHaveLength(12);
      }
    }
  });

  it('keeps the last login country from the geolocation the client sent', async () => {
    const m = await signedInMember(t);
    t.clock.advance(1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.email, password: m.password, userGeolocation: { city: 'Lyon', country_code: 'FR' } },
    });
    expect(res.statusCode).toBe(200);
    const body = (await call(admin.token, 'GET', `/api/admin/users?q=${encodeURIComponent(m.email)}`)).json();
    expect(body.items[0].country).toBe('FR');
    const history = (await call(support.token, 'GET', `/api/admin/users/${m.id}/login-events`)).json();
    expect(history.items[0]).toMatchObject({ outcome: 'success', place: 'Lyon, FR' });
  });

  it('exports the filtered list as CSV', async () => {
    const m = await signedInMember(t);
    const res = await call(support.token, 'GET', `/api/admin/users/export.csv?q=${encodeURIComponent(m.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,email,first_name,last_name,role,status,country,accounts,funded_accounts,created_at,last_login_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(m.email);
  });
});

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

  it('edits names, email and role; a role change reaches the user’s session at once; audited', async () => {
    const m = await signedInMember(t);
    const res = await call(admin.token, 'PATCH', `/api/admin/users/${m.id}`, {
      email: `renamed.${Date.now().toString(36)}@example.com`,
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

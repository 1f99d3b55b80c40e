// The staff users list: search, filters, sorts, the capped count and the CSV export.
import { ADMIN_USER_SORTS, adminUserListQuerySchema, USERS_COUNT_CAP, USERS_SEARCH_COUNT_CAP } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { bearer, signedInMember, signedInStaff } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { SecurityMailer } from './security-mailer.ts';
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
      mailer: new SecurityMailer(t.services.outbox),
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
    // Over HTTP (usersCountCap, far above this test's users) the answer carries totalCapped too.
    const http = (await call(support.token, 'GET', `/api/admin/users?q=${token}&pageSize=10`)).json();
    expect(http).toMatchObject({ total: 21, totalCapped: false });
  });

  it('a text search counts to USERS_SEARCH_COUNT_CAP; the same users through a filter are counted exactly', async () => {
    const token = `many${Date.now().toString(36)}`;
    const over = USERS_SEARCH_COUNT_CAP + 1;
    await t.database.db.execute(
      sql.raw(`insert into users (email, first_name, last_name, password_hash, status)
        select '${token}' || g || '@example.com', 'Many', 'Matches', 'x', 'suspended' from generate_series(1, ${over}) g`),
    );
    const searched = (await call(support.token, 'GET', `/api/admin/users?q=${token}&pageSize=10`)).json();
    expect(searched).toMatchObject({ total: USERS_SEARCH_COUNT_CAP, totalCapped: true });
    const filtered = (await call(support.token, 'GET', '/api/admin/users?status=suspended&pageSize=10')).json();
    expect(filtered.totalCapped).toBe(false);
    expect(filtered.total).toBeGreaterThanOrEqual(over);
    expect(filtered.total).toBeLessThan(USERS_COUNT_CAP);
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

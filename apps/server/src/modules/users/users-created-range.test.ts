// The staff users list by registration time (createdFrom / createdTo): the dashboard's new members
// of a range open this list, so it must count them the same way (from inclusive, to exclusive).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { insertMember } from '../../../test/dashboard-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/test-users.ts';
import { usersAdminRepository } from './users-admin.repository.ts';

let t: TestContext;
let admin: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  admin = await createUser(t, 'ADMIN');
  ids.before = await insertMember(t, '2026-03-09T23:59:59.999Z');
  ids.atStart = await insertMember(t, '2026-03-10T00:00:00Z');
  ids.inside = await insertMember(t, '2026-03-12T08:00:00Z');
  ids.atEnd = await insertMember(t, '2026-03-15T00:00:00Z');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
const range = 'role=USER&createdFrom=2026-03-10T00:00:00Z&createdTo=2026-03-15T00:00:00Z';

describe('users list by registration time', () => {
  it('lists the members registered from the first instant up to (not at) the last, and counts them', async () => {
    const res = await get(`/api/admin/users?${range}&sort=createdAt&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((u: { id: string }) => u.id)).toEqual([ids.atStart, ids.inside]);
    expect(body.total).toBe(2);
    // A list longer than its page is counted by a query of its own: the same filter.
    const counted = await usersAdminRepository.count(
      t.database.db,
      { role: 'USER', createdFrom: '2026-03-10T00:00:00Z', createdTo: '2026-03-15T00:00:00Z' },
      100,
    );
    expect(counted).toBe(2);
    // One bound alone.
    const since = (await get('/api/admin/users?role=USER&createdFrom=2026-03-12T00:00:00Z')).json();
    expect(since.items.map((u: { id: string }) => u.id).sort()).toEqual([ids.inside, ids.atEnd].sort());
    const until = (await get('/api/admin/users?role=USER&createdTo=2026-03-10T00:00:00Z')).json();
    expect(until.items.map((u: { id: string }) => u.id)).toEqual([ids.before]);
  });

  it('exports the same members as CSV', async () => {
    const res = await get(`/api/admin/users/export.csv?${range}&sort=createdAt&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]!.startsWith(`${ids.atStart},`)).toBe(true);
    expect(lines[2]!.startsWith(`${ids.inside},`)).toBe(true);
  });

  it('refuses a malformed or out-of-range time with 400 naming the field', async () => {
    for (const [query, field] of [
      ['createdFrom=2026-13-01T00:00:00Z', 'createdFrom'],
      ['createdTo=yesterday', 'createdTo'],
      ['createdFrom=0001-01-01T00:00:00Z', 'createdFrom'],
    ] as const) {
      for (const path of ['/api/admin/users', '/api/admin/users/export.csv']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/test-users.ts';

let t: TestContext;
let admin: TestUser;
let support: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  [admin, support, member] = await Promise.all([
    createUser(t, 'ADMIN'),
    createUser(t, 'SUPPORT'),
    createUser(t, 'USER'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, who: TestUser = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/connectors${query}`, headers: who.headers });
const create = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/connectors',
    headers: admin.headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  t.clock.advance(60_000);
  return res.json() as { id: string; key: string; keyPrefix: string };
};
const names = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((c) => c.name);

describe('connectors', () => {
  it('shows the key once, stores only its hash, and audits create and revoke', async () => {
    const created = await create('MT5 bridge');
    expect(created.key.startsWith(created.keyPrefix)).toBe(true);
    const page = await list('?q=MT5');
    expect(page.json().items[0]).toMatchObject({
      id: created.id,
      name: 'MT5 bridge',
      revokedAt: null,
      keyPrefix: created.keyPrefix,
    });
    expect(page.body).not.toContain(created.key);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/connectors/${created.id}/revoke`,
      headers: admin.headers,
    });
    expect(revoked.json().connector.revokedAt).not.toBeNull();
    const audit = await t.database.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.targetId, created.id) });
    expect(audit.map((a) => a.action).sort()).toEqual(['connector.create', 'connector.revoke']);
    // A revoked key no longer posts events.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/trading/events',
      headers: { authorization: `Bearer ${created.key}` },
      payload: { events: [] },
    });
    expect(post.statusCode).toBe(401);
  });

  it('pages, sorts, searches and filters on the server', async () => {
    for (const name of ['Alpha cTrader', 'beta MT4', 'Gamma MT5', 'delta 100%_bridge']) await create(name);
    const first = await list('?sort=name&order=asc&pageSize=10&q=a');
    expect(first.statusCode).toBe(200);
    // Case-insensitive by name; every row matches "a".
    expect(names(first)).toEqual([...names(first)].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    expect(first.json()).toMatchObject({ page: 1, pageSize: 10 });

    const all = (await list('?pageSize=100')).json();
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 10); page++)
      pages.push(...names(await list(`?page=${page}&pageSize=10`)));
    expect(pages).toEqual(names(await list('?pageSize=100')));
    // Newest first by default.
    expect(names(await list('?pageSize=10')).slice(0, 2)).toEqual(['delta 100%_bridge', 'Gamma MT5']);
    // % and _ are literal.
    expect(names(await list('?q=100%25_'))).toEqual(['delta 100%_bridge']);
    expect(names(await list('?q=%25'))).toEqual(['delta 100%_bridge']);
    // The key prefix is searchable too; a blank search is none.
    expect((await list('?q=fpc_')).json().total).toBe(all.total);
    expect((await list('?q=%20%20')).json().total).toBe(all.total);

    const revoked = await list('?status=revoked');
    expect(names(revoked)).toEqual(['MT5 bridge']);
    expect((await list('?status=active')).json().total).toBe(all.total - 1);
    // Never-used keys sort last either way.
    const byUse = await list('?sort=lastUsedAt&order=asc&pageSize=100');
    expect(byUse.json().items.every((c: { lastUsedAt: string | null }) => c.lastUsedAt === null)).toBe(true);
    expect((await list('?page=99')).json()).toMatchObject({ items: [], total: all.total, page: 99 });
  });

  it('refuses bad list parameters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?pageSize=7', 'pageSize'],
      ['?page=0', 'page'],
      ['?sort=keyHash', 'sort'],
      ['?order=up', 'order'],
      ['?status=deleted', 'status'],
      ['?bogus=1', ''],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      if (field) expect(res.json().message, query).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('lets SUPPORT read but not write; members get nothing', async () => {
    expect((await list('', support)).statusCode).toBe(200);
    expect((await list('', member)).statusCode).toBe(403);
    const { id } = await create('Read only check');
    const writes = [
      { method: 'POST' as const, url: '/api/admin/connectors', payload: { name: 'x' } },
      { method: 'POST' as const, url: `/api/admin/connectors/${id}/revoke` },
      { method: 'DELETE' as const, url: `/api/admin/connectors/${id}` },
    ];
    for (const w of writes) expect((await t.app.inject({ ...w, headers: support.headers })).statusCode).toBe(403);
    expect((await list('?q=Read only')).json().items[0].revokedAt).toBeNull();
  });

  it('validates names and answers 404 for an unknown connector', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connectors',
      headers: admin.headers,
      payload: { name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^name: /);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/connectors/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(404);
  });
});

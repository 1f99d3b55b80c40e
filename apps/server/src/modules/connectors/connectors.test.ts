import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { FakeClock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld } from '../../../test/trading-fixtures.ts';
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

describe('key rotation', () => {
  let login: string;
  beforeAll(async () => {
    // A trading account the events below can name.
    login = (await createAccount(t, await setupWorld(t))).login;
  });

  const MINUTE = 60_000;
  let n = 0;
  /** A fresh snapshot event (or the one with `id`, to re-send it). */
  const event = (id = `rot-${++n}`) => ev.snapshot(id, login, '2026-03-02T10:00:00Z', 100000, 100000);
  const rotate = (id: string, payload?: object, who: TestUser = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/connectors/${id}/rotate`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const stored = (id: string) => t.database.db.query.connectors.findFirst({ where: (c, { eq }) => eq(c.id, id) });
  const status = async (key: string) => (await ingest(t, key, [event()])).statusCode;

  it('gives a new key for the same connector; the old one works for the grace, then stops', async () => {
    const created = await create('Rotating bridge');
    expect(await status(created.key)).toBe(200);
    const sent = event();
    expect((await ingest(t, created.key, [sent])).json()).toMatchObject({ accepted: 1, duplicates: 0 });

    // No body: the configured default grace (1440 minutes).
    const now = t.clock.now();
    const res = await rotate(created.id);
    expect(res.statusCode).toBe(200);
    const rotated = res.json();
    expect(rotated).toMatchObject({
      id: created.id,
      name: 'Rotating bridge',
      revokedAt: null,
      rotatedAt: now.toISOString(),
      previousKeyExpiresAt: new Date(now.getTime() + 1440 * MINUTE).toISOString(),
    });
    expect(rotated.key).toMatch(/^fpc_[\w-]{43}$/);
    expect(rotated.key).not.toBe(created.key);
    expect(rotated.key.startsWith(rotated.keyPrefix)).toBe(true);
    // The list shows the grace too, never a key.
    const listed = await list('?q=Rotating');
    expect(listed.json().items[0]).toMatchObject({ rotatedAt: rotated.rotatedAt, keyPrefix: rotated.keyPrefix });
    expect(listed.body).not.toContain(rotated.key);

    // Both keys post during the grace, into one id namespace: a re-sent event is still a duplicate.
    expect(await status(created.key)).toBe(200);
    expect(await status(rotated.key)).toBe(200);
    expect((await ingest(t, rotated.key, [sent])).json()).toMatchObject({ accepted: 0, duplicates: 1 });

    // A short grace, to see it end (a day would outlive the test sessions).
    const again = (await rotate(created.id, { graceMinutes: 5 })).json();
    const newest = again.key as string;
    expect(again.previousKeyExpiresAt).toBe(new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString());
    // Only one old key: the first one stopped when the second rotation replaced it.
    expect(await status(created.key)).toBe(401);
    expect(await status(rotated.key)).toBe(200);
    t.clock.advance(5 * MINUTE - 1000);
    expect(await status(rotated.key)).toBe(200);
    t.clock.advance(1000);
    expect(await status(rotated.key)).toBe(401);
    expect(await status(newest)).toBe(200);
    expect((await ingest(t, newest, [sent])).json()).toMatchObject({ accepted: 0, duplicates: 1 });

    // Grace 0: the old key stops at once.
    const last = (await rotate(created.id, { graceMinutes: 0 })).json();
    expect(await status(newest)).toBe(401);
    expect(await status(last.key)).toBe(200);
  });

  it('audits the rotation without any key or hash', async () => {
    const created = await create('Audited rotation');
    const rotated = (await rotate(created.id, { graceMinutes: 30 })).json();
    const audit = await t.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.targetId, created.id), eq(a.action, 'connector.rotate')),
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'connector',
      before: { id: created.id, keyPrefix: created.keyPrefix, rotatedAt: null, previousKeyExpiresAt: null },
      after: { keyPrefix: rotated.keyPrefix, previousKeyExpiresAt: rotated.previousKeyExpiresAt },
    });
    const text = JSON.stringify(audit[0]);
    for (const secret of [created.key, rotated.key, hashToken(created.key), hashToken(rotated.key)])
      expect(text).not.toContain(secret);
  });

  it('a revoked connector rotates nothing (409), and neither of its keys posts', async () => {
    const created = await create('Rotated then revoked');
    const rotated = (await rotate(created.id, { graceMinutes: 60 })).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/connectors/${created.id}/revoke`,
      headers: admin.headers,
    });
    const res = await rotate(created.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect(await status(created.key)).toBe(401);
    expect(await status(rotated.key)).toBe(401);
  });

  it('refuses SUPPORT (403), unknown ids (404), bad ids and graces (400), changing nothing', async () => {
    const created = await create('Refused rotations');
    const before = await stored(created.id);
    expect((await rotate(created.id, {}, support)).statusCode).toBe(403);
    expect((await rotate(created.id, { graceMinutes: 5 }, member)).statusCode).toBe(403);
    for (const payload of [
      { graceMinutes: -1 },
      { graceMinutes: 10081 },
      { graceMinutes: 1.5 },
      { graceMinutes: '60' },
      { graceMinutes: 60, key: 'fpc_mine' },
    ]) {
      const res = await rotate(created.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await rotate(created.id, { graceMinutes: 10081 })).json().message).toMatch(/^graceMinutes: /);
    expect(await stored(created.id)).toEqual(before);
    expect(await status(created.key)).toBe(200);
    const audit = await t.database.db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.targetId, created.id), eq(a.action, 'connector.rotate')),
    });
    expect(audit).toEqual([]);

    expect((await rotate('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // A malformed id is a 400, as for revoke.
    expect((await rotate('not-a-uuid')).statusCode).toBe(400);
    const revokeBad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connectors/not-a-uuid/revoke',
      headers: admin.headers,
    });
    expect(revokeBad.statusCode).toBe(400);
  });

  it('tells staff the default grace; the setting is bounded', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/connectors/key-rotation',
      headers: support.headers,
    });
    expect(res.json()).toEqual({ graceMinutes: 1440 });
    expect(loadConfig({ CONNECTOR_KEY_GRACE_MINUTES: '0' }).CONNECTOR_KEY_GRACE_MINUTES).toBe(0);
    for (const bad of ['-1', '10081', '1.5', 'day'])
      expect(() => loadConfig({ CONNECTOR_KEY_GRACE_MINUTES: bad })).toThrow(ConfigError);
  });
});

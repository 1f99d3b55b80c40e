import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/test-users.ts';
import { recordAudit } from './index.ts';

let t: TestContext;
let admin: TestUser;
let support: TestUser;
let member: TestUser;

/** Writes through the real staff routes (connectors) and a few rows of known times directly. */
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  [admin, support, member] = await Promise.all([
    createUser(t, 'ADMIN'),
    createUser(t, 'SUPPORT'),
    createUser(t, 'USER'),
  ]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/connectors',
    headers: admin.headers,
    payload: { name: 'Audit bridge' },
  });
  expect(created.statusCode).toBe(201);
  const db = t.database.db;
  for (let i = 0; i < 30; i++) {
    await recordAudit(db, {
      actorId: i % 2 ? admin.id : null,
      action: i % 3 ? 'order.refund' : 'user.suspend',
      targetType: i % 3 ? 'order' : 'user',
      targetId: `target-${i}`,
      before: { status: 'paid', n: i },
      after: { status: 'refunded', n: i },
      at: new Date(Date.UTC(2026, 2, 1, 0, i)),
    });
  }
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, who: TestUser = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers: who.headers });

describe('audit log', () => {
  it('lists newest first with the actor, the target and before/after; the API write is in it', async () => {
    const res = await list('?pageSize=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(31);
    expect(body.totalCapped).toBe(false);
    expect(body.items).toHaveLength(10);
    // The connector was created at the clock's time, after every row written for March 1st.
    expect(body.items[0]).toMatchObject({
      action: 'connector.create',
      targetType: 'connector',
      actor: { id: admin.id, email: admin.email },
    });
    const times = body.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.items[1]).toMatchObject({
      action: 'order.refund',
      targetId: 'target-29',
      actor: { id: admin.id },
      before: { status: 'paid', n: 29 },
      after: { status: 'refunded', n: 29 },
    });
  });

  it('filters by actor, action, target and time range, and pages without overlap', async () => {
    const byAction = (await list('?action=user.suspend&pageSize=100')).json();
    expect(byAction.total).toBe(10);
    expect(byAction.items.every((i: { action: string }) => i.action === 'user.suspend')).toBe(true);

    const byActor = (await list(`?actorId=${admin.id}&pageSize=100`)).json();
    expect(byActor.total).toBe(16); // 15 odd rows and the connector
    const byTarget = (await list('?targetType=order&targetId=target-4')).json();
    expect(byTarget.items.map((i: { targetId: string }) => i.targetId)).toEqual(['target-4']);

    const range = (await list('?from=2026-03-01T00:10:00Z&to=2026-03-01T00:20:00Z&order=asc&pageSize=100')).json();
    expect(range.items.map((i: { targetId: string }) => i.targetId)).toEqual(
      Array.from({ length: 10 }, (_, k) => `target-${10 + k}`),
    );

    const first = (await list('?pageSize=10&page=1')).json();
    const second = (await list('?pageSize=10&page=2')).json();
    const ids = new Set([...first.items, ...second.items].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(20);
  });

  it('offers the values the filters can take', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/facets', headers: support.headers });
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f.actions).toEqual(['connector.create', 'order.refund', 'user.suspend']);
    expect(f.targetTypes).toEqual(['connector', 'order', 'user']);
    expect(f.actors).toEqual([{ id: admin.id, email: admin.email, name: expect.any(String) }]);
  });

  it('is read by SUPPORT, refused to members and to signed-out callers', async () => {
    expect((await list('', support)).statusCode).toBe(200);
    expect((await list('', member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
  });

  it('answers bad filters with 400 and a field name', async () => {
    for (const q of ['?actorId=nope', '?from=yesterday', '?pageSize=7', '?sort=action', '?action=%00', '?extra=1']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION_ERROR');
    }
  });
});

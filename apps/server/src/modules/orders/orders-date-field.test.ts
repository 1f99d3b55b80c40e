// The orders desk's range on the time it is about (dateField): created, paid (refunded orders
// included: they were paid) or refunded. The dashboard counts paid orders at their payment and
// links here with its range; the list must hold exactly the orders the figure counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { insertMember, insertOrder, type DashboardOrder } from '../../../test/dashboard-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t);
  const user = await insertMember(t, '2026-03-01T00:00:00Z');
  const order = (o: Omit<DashboardOrder, 'user' | 'subtotal'>) =>
    insertOrder(t, w.challengeId, { user, subtotal: 100_00, ...o });
  // Created before the range, paid in it.
  ids.paidInside = await order({ status: 'paid', createdAt: '2026-03-09T22:00:00Z', paidAt: '2026-03-10T00:00:00Z' });
  // Paid in the range, refunded after it: still a paid order of the range.
  ids.refundedLater = await order({
    status: 'refunded',
    createdAt: '2026-03-10T09:00:00Z',
    paidAt: '2026-03-11T09:00:00Z',
    refundedAt: '2026-03-16T09:00:00Z',
  });
  // Created in the range, never paid.
  ids.pending = await order({ status: 'pending', createdAt: '2026-03-12T09:00:00Z' });
  // Paid at the range's end (exclusive).
  ids.paidAtEnd = await order({ status: 'paid', createdAt: '2026-03-14T09:00:00Z', paidAt: '2026-03-15T00:00:00Z' });
  // Paid before the range, refunded in it.
  ids.refundedInside = await order({
    status: 'refunded',
    createdAt: '2026-03-05T09:00:00Z',
    paidAt: '2026-03-06T09:00:00Z',
    refundedAt: '2026-03-12T09:00:00Z',
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: w.support.headers });
const span = 'from=2026-03-10T00:00:00Z&to=2026-03-15T00:00:00Z';
const listed = async (query: string) => {
  const res = await get(`/api/admin/orders?${query}&sort=createdAt&order=asc`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { items: Array<{ id: string }>; total: number };
  expect(body.total).toBe(body.items.length);
  return body.items.map((o) => o.id);
};

describe('orders list by the time it is about', () => {
  it('bounds the created, paid or refunded time as asked; created by default', async () => {
    const created = [ids.refundedLater, ids.pending, ids.paidAtEnd];
    expect(await listed(span)).toEqual(created);
    expect(await listed(`${span}&dateField=createdAt`)).toEqual(created);
    expect(await listed(`${span}&dateField=paidAt`)).toEqual([ids.paidInside, ids.refundedLater]);
    expect(await listed(`${span}&dateField=paidAt&status=paid`)).toEqual([ids.paidInside]);
    expect(await listed(`${span}&dateField=refundedAt`)).toEqual([ids.refundedInside]);
    // Without a range, paid time still means "was paid": the pending order is out.
    expect(await listed('dateField=paidAt')).not.toContain(ids.pending);
    expect(await listed('dateField=paidAt')).toHaveLength(4);
  });

  it('holds exactly the orders the dashboard counts as paid and refunded in the same range', async () => {
    const res = await get('/api/admin/dashboard?range=custom&from=2026-03-10&to=2026-03-14&tz=UTC');
    expect(res.statusCode, res.body).toBe(200);
    const { range, current } = res.json();
    const link = `from=${range.from}&to=${range.to}`;
    expect(current.paidOrders).toBe(2);
    expect(await listed(`${link}&dateField=paidAt`)).toHaveLength(current.paidOrders);
    expect(current.refunds).toBe(1);
    expect(await listed(`${link}&dateField=refundedAt&status=refunded`)).toHaveLength(current.refunds);
  });

  it('exports the same orders as CSV', async () => {
    const res = await get(`/api/admin/orders.csv?${span}&dateField=paidAt`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(2);
    // Newest first: refunded later (created on the 10th), then the one created on the 9th.
    expect(rows[0]).toContain(',refunded,');
    expect(rows[1]).toContain(',paid,');
  });

  it('refuses an unknown date field or a bad time with 400 naming the field', async () => {
    for (const [query, field] of [
      ['dateField=closedAt', 'dateField'],
      ['dateField=paidAt&from=2026-03-32T00:00:00Z', 'from'],
      ['dateField=paidAt&to=soon', 'to'],
    ] as const) {
      for (const path of ['/api/admin/orders', '/api/admin/orders.csv']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
      }
    }
  });
});

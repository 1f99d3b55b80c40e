// The payouts queue's range on the time it is about (dateField): the request (default) or the
// payment. The dashboard counts paid payouts at their payment and links here with its range; the
// list must hold exactly the payouts the figure counts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { payoutChallenge } from '../../../test/payout-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
const ids: Record<string, string> = {};

interface Row {
  status: 'paid' | 'rejected';
  requestedAt: string;
  decidedAt: string;
}

async function insertPayout(accountId: string, p: Row): Promise<string> {
  const paid = p.status === 'paid';
  const result = await t.database.db.execute(sql`
    insert into payouts (account_id, user_id, status, amount_cents, gross_cents, split_bps, currency, method, destination,
      requested_at, approved_at, paid_at, transfer_reference, rejected_at, rejection_reason)
    values (${accountId}, ${w.other.id}, ${p.status}, 10000, 12500, 8000, 'USD', 'bank_transfer',
      '{"method":"bank_transfer"}', ${p.requestedAt}, ${paid ? p.requestedAt : null}, ${paid ? p.decidedAt : null},
      ${paid ? 'SEPA-1' : null}, ${paid ? null : p.decidedAt}, ${paid ? null : 'Not eligible'})
    returning id`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t, payoutChallenge());
  const funded = (await createAccount(t, w, w.other, 1)).id;
  // Asked before the range, paid at its first instant.
  ids.paidInside = await insertPayout(funded, {
    status: 'paid',
    requestedAt: '2026-03-05T09:00:00Z',
    decidedAt: '2026-03-10T00:00:00Z',
  });
  // Asked in the range, paid at its end (exclusive).
  ids.paidAtEnd = await insertPayout(funded, {
    status: 'paid',
    requestedAt: '2026-03-11T09:00:00Z',
    decidedAt: '2026-03-15T00:00:00Z',
  });
  // Asked in the range, rejected: never paid.
  ids.rejected = await insertPayout(funded, {
    status: 'rejected',
    requestedAt: '2026-03-12T09:00:00Z',
    decidedAt: '2026-03-13T09:00:00Z',
  });
  // Asked and paid in the range.
  ids.both = await insertPayout(funded, {
    status: 'paid',
    requestedAt: '2026-03-13T09:00:00Z',
    decidedAt: '2026-03-14T09:00:00Z',
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: w.support.headers });
const span = 'from=2026-03-10T00:00:00Z&to=2026-03-15T00:00:00Z';
const listed = async (query: string) => {
  const res = await get(`/api/admin/payouts?${query}&sort=requestedAt&order=asc`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { items: Array<{ id: string }>; total: number };
  expect(body.total).toBe(body.items.length);
  return body.items.map((p) => p.id);
};

describe('payouts queue by the time it is about', () => {
  it('bounds the request time by default and the payment time when asked', async () => {
    expect(await listed(span)).toEqual([ids.paidAtEnd, ids.rejected, ids.both]);
    expect(await listed(`${span}&dateField=requestedAt`)).toEqual([ids.paidAtEnd, ids.rejected, ids.both]);
    expect(await listed(`${span}&dateField=paidAt`)).toEqual([ids.paidInside, ids.both]);
    // Without a range, paid time still means "was paid": the rejected request is out.
    expect(await listed('dateField=paidAt')).toEqual([ids.paidInside, ids.paidAtEnd, ids.both]);
  });

  it('holds exactly the payouts the dashboard counts as requested and paid in the same range', async () => {
    const res = await get('/api/admin/dashboard?range=custom&from=2026-03-10&to=2026-03-14&tz=UTC');
    expect(res.statusCode, res.body).toBe(200);
    const { range, current } = res.json();
    const link = `from=${range.from}&to=${range.to}`;
    expect(current.payoutsPaid.count).toBe(2);
    expect(await listed(`${link}&dateField=paidAt&status=paid`)).toHaveLength(current.payoutsPaid.count);
    expect(current.payoutsRequested.count).toBe(3);
    expect(await listed(link)).toHaveLength(current.payoutsRequested.count);
  });

  it('refuses an unknown date field or a bad time with 400 naming the field', async () => {
    for (const [query, field] of [
      ['dateField=approvedAt', 'dateField'],
      ['dateField=paidAt&from=2026-02-30T00:00:00Z', 'from'],
      ['dateField=paidAt&to=later', 'to'],
    ] as const) {
      const res = await get(`/api/admin/payouts?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
    }
  });
});

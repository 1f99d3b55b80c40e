// The orders desk beyond single orders: the streamed CSV export and discount codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { ORDERS_CSV_COLUMNS } from './orders-csv.ts';
import { billing, checkout, createCode } from '../../../test/order-fixtures.ts';
import { parseCsv } from '../../../test/read-csv.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-04-01T10:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe('orders CSV', () => {
  it('streams every filtered order across chunks, escaped and parsed back, staff only', async () => {
    // More than one chunk (1,000 rows) of orders, set-wise, plus a few through the API.
    await t.database.db.execute(`
      insert into orders (user_id, challenge_id, currency, subtotal_cents, net_cents, total_cents, provider, billing, created_at)
      select '${w.other.id}', '${w.challengeId}', 'USD', 49900, 49900, 49900, 'manual',
             jsonb_build_object('name', 'Bulk ' || g, 'email', 'bulk@example.com', 'addressLine1', 'x', 'addressLine2', '',
                                'city', 'c', 'postalCode', '1', 'country', 'CZ', 'company', '', 'vatId', ''),
             timestamptz '2026-03-01T00:00:00Z' + g * interval '1 second'
      from generate_series(1, 2345) g`);
    const tricky = await checkout(t, w.member, {
      challengeId: w.challengeId,
      billing: billing({ name: '=HYPERLINK("x"), "Quoted"\nName', company: 'A, B & Co' }),
    });
    expect(tricky.statusCode).toBe(201);

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv', headers: w.support.headers });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const rows = parseCsv(all.body);
    expect(rows[0]).toEqual([...ORDERS_CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + 2346);
    const numbers = new Set(rows.slice(1).map((r) => r[0]));
    expect(numbers.size).toBe(2346); // no row twice, none skipped between chunks
    const mine = rows.find((r) => r[0] === tricky.json().order.number)!;
    const col = (name: (typeof ORDERS_CSV_COLUMNS)[number]) => mine[ORDERS_CSV_COLUMNS.indexOf(name)];
    expect(col('billing_name')).toBe(`'=HYPERLINK("x"), "Quoted"\nName`);
    expect(col('company')).toBe('A, B & Co');
    expect(col('total')).toBe('499.00');
    expect(col('email')).toBe(w.member.email);

    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?q=${encodeURIComponent(w.member.email)}`,
      headers: w.admin.headers,
    });
    expect(parseCsv(filtered.body)).toHaveLength(2);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?q=bulk%2017&pageSize=100',
      headers: w.admin.headers,
    });
    expect(list.json().total).toBe(
      parseCsv(
        (await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?q=bulk%2017', headers: w.admin.headers }))
          .body,
      ).length - 1,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv', headers: w.member.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?status=nope', headers: w.admin.headers }))
        .statusCode,
    ).toBe(400);
  });
});

describe('discount codes', () => {
  it('ADMIN creates and switches codes (audited); SUPPORT reads only; a duplicate is 409', async () => {
    const code = await createCode(t, w.admin, { code: 'spring-26', percentBps: 2000, maxUses: 10 });
    expect(code).toMatchObject({ code: 'SPRING-26', uses: 0 });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: w.admin.headers,
      payload: { code: 'Spring-26', kind: 'fixed', amountCents: 500, currency: 'USD' },
    });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'CONFLICT']);
    const bySupport = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: w.support.headers,
      payload: { code: 'SUPPORTS', kind: 'percent', percentBps: 100 },
    });
    expect(bySupport.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/discount-codes/${code.id}`,
          headers: w.support.headers,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(403);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/discount-codes/${code.id}`,
      headers: w.admin.headers,
      payload: { active: false },
    });
    expect(off.json().discountCode.active).toBe(false);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/discount-codes?q=spring&active=false',
      headers: w.support.headers,
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ code: 'SPRING-26', active: false }] });
    const audit = await t.database.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.targetId, code.id) });
    expect(audit.map((a) => a.action).sort()).toEqual(['discount_code.create', 'discount_code.deactivate']);

    const bad = [
      { code: 'X', kind: 'percent', percentBps: 100 },
      { code: 'FIXED', kind: 'fixed', amountCents: 100 },
      { code: 'PCT', kind: 'percent', percentBps: 10_001 },
      {
        code: 'WIN',
        kind: 'percent',
        percentBps: 100,
        validFrom: '2026-05-01T00:00:00Z',
        validUntil: '2026-04-01T00:00:00Z',
      },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/discount-codes',
        headers: w.admin.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknownChallenge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: w.admin.headers,
      payload: {
        code: 'NOWHERE',
        kind: 'percent',
        percentBps: 100,
        challengeId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(unknownChallenge.statusCode).toBe(404);
  });
});

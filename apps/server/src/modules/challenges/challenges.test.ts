import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createAccount,
  ev,
  ingest,
  setupWorld,
  twoStepChallenge,
  type TradingWorld,
} from '../../../test/trading-fixtures.ts';
import { checkout } from '../../../test/order-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

const auditCount = async (action: string) => {
  const r = await t.database.db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`);
  return (r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

describe('challenges API', () => {
  it('seeds the DOMAIN.md catalogue once and lists active ones publicly', async () => {
    const added = await t.services.challenges.seedCatalogue();
    expect(added).toBe(0); // the world already has a challenge: seeding only fills an empty table
    const t2 = await createTestApp();
    try {
      expect(await t2.services.challenges.seedCatalogue()).toBe(10);
      expect(await t2.services.challenges.seedCatalogue()).toBe(0);
      const res = await t2.app.inject({ method: 'GET', url: '/api/challenges' });
      expect(res.statusCode).toBe(200);
      const list = res.json().challenges;
      expect(list).toHaveLength(10);
      const c = list.find((x: { slug: string }) => x.slug === '100k-two-step');
      expect(c).toMatchObject({ accountSizeCents: 100_000_00, currency: 'USD', priceCents: 499_00, status: 'active' });
      expect(
        c.phases.map((p: { kind: string; profitTargetBps: number | null }) => [p.kind, p.profitTargetBps]),
      ).toEqual([
        ['evaluation', 1000],
        ['evaluation', 500],
        ['funded', null],
      ]);
      expect(c.phases[0]).toMatchObject({ maxDailyLossBps: 500, maxLossBps: 1000, minTradingDays: 4 });
      expect(c.phases[2]).toMatchObject({ profitSplitBps: 8000, payoutIntervalDays: 14 });
      expect(list.filter((x: { slug: string }) => x.slug.endsWith('one-step'))).toHaveLength(5);
    } finally {
      await t2.close();
    }
  });

  it('admin creates, reads, updates; staff read; support and members cannot write', async () => {
    const body = twoStepChallenge({ name: 'Created 50K' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().challenge.id;
    expect(await auditCount('challenge.create')).toBeGreaterThan(0);

    for (const u of [w.admin, w.support]) {
      const got = await t.app.inject({ method: 'GET', url: `/api/admin/challenges/${id}`, headers: u.headers });
      expect(got.statusCode).toBe(200);
      expect(got.json().challenge.name).toBe('Created 50K');
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/challenges?status=active',
        headers: u.headers,
      });
      expect(list.json().challenges.some((c: { id: string }) => c.id === id)).toBe(true);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/challenges/${id}`, headers: w.member.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/challenges/${id}` })).statusCode).toBe(401);
    const supportWrite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.support.headers,
      payload: twoStepChallenge(),
    });
    expect(supportWrite.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/challenges/${id}`,
          headers: w.support.headers,
          payload: { name: 'x y' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/challenges/${id}`, headers: w.support.headers }))
        .statusCode,
    ).toBe(403);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/challenges/${id}`,
      headers: w.admin.headers,
      payload: { priceCents: 299_00, name: 'Renamed' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().challenge).toMatchObject({ priceCents: 299_00, name: 'Renamed' });
    expect(await auditCount('challenge.update')).toBe(1);
  });

  it('a price in a currency without decimals is whole: refused with a fraction, on create and on edit', async () => {
    const post = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/challenges', headers: w.admin.headers, payload: body });
    const fraction = await post(twoStepChallenge({ currency: 'JPY', priceCents: 1_499_950 }));
    expect(fraction.statusCode).toBe(400);
    expect(fraction.body).toContain('A price in this currency has no decimals');
    const threeDecimals = await post(twoStepChallenge({ currency: 'KWD' }));
    expect(threeDecimals.statusCode).toBe(400);
    const yen = await post(twoStepChallenge({ currency: 'JPY', priceCents: 1_499_900 }));
    expect(yen.statusCode, yen.body).toBe(201);
    const id = yen.json().challenge.id as string;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/challenges/${id}`, headers: w.admin.headers, payload });
    const edited = await patch({ priceCents: 1_499_950 });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    // A USD price with cents, moved to yen alone: the same rule, on the price it would be.
    const usd = await patch({ currency: 'USD', priceCents: 1_499_950 });
    expect(usd.statusCode, usd.body).toBe(200);
    expect((await patch({ currency: 'JPY' })).statusCode).toBe(400);
  });

  it('editing rules never changes running accounts; DELETE archives a used challenge and deletes an unused one', async () => {
    const account = await createAccount(t, w);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/challenges/${w.challengeId}`,
      headers: w.admin.headers,
      payload: {
        phases: [
          { kind: 'evaluation', profitTargetBps: 200, maxDailyLossBps: 100, maxLossBps: 200 },
          { kind: 'funded', profitTargetBps: null, maxDailyLossBps: 100, maxLossBps: 200 },
        ],
      },
    });
    expect(patched.statusCode).toBe(200);
    const o = (
      await t.app.inject({ method: 'GET', url: `/api/accounts/${account.id}`, headers: w.member.headers })
    ).json();
    expect(o.rules).toMatchObject({ profitTargetBps: 1000, maxDailyLossBps: 500, maxLossBps: 1000 });
    // Equity 1.5 % down: a breach under the new rules (1 %), not under the copied ones (5 %).
    const res = await ingest(t, w.connectorKey, [
      ev.snapshot('r-1', account.login, '2026-03-02T10:00:00Z', 100000, 98500, 1),
    ]);
    expect(res.json().accounts[0].status).toBe('active');

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/challenges/${w.challengeId}`,
      headers: w.admin.headers,
    });
    expect(del.json()).toEqual({ id: w.challengeId, outcome: 'archived' });
    // The staff list says how many accounts use it: the reason it was archived, not deleted.
    const staffList = (
      await t.app.inject({ method: 'GET', url: '/api/admin/challenges', headers: w.admin.headers })
    ).json().challenges as { id: string; accountsCount: number; inUse: boolean; status: string }[];
    expect(staffList.find((c) => c.id === w.challengeId)).toMatchObject({
      accountsCount: 1,
      inUse: true,
      status: 'archived',
    });
    const pub = (await t.app.inject({ method: 'GET', url: '/api/challenges' })).json().challenges;
    expect(pub.some((c: { id: string }) => c.id === w.challengeId)).toBe(false);
    const archivedAccount = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: w.member.email, challengeId: w.challengeId, phase: 0 },
    });
    expect(archivedAccount.statusCode).toBe(409);
    expect(archivedAccount.json().fields).toEqual({ challengeId: 'The challenge is archived' });

    const unused = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/challenges',
        headers: w.admin.headers,
        payload: twoStepChallenge(),
      })
    ).json().challenge.id;
    const del2 = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/challenges/${unused}`,
      headers: w.admin.headers,
    });
    expect(del2.json()).toEqual({ id: unused, outcome: 'deleted' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/challenges/${unused}`, headers: w.admin.headers }))
        .statusCode,
    ).toBe(404);
    expect(await auditCount('challenge.archive')).toBe(1);
    expect(await auditCount('challenge.delete')).toBe(1);
  });

  it('tells the staff list whether a challenge is in use: an order alone makes DELETE archive it', async () => {
    const create = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/challenges',
          headers: w.admin.headers,
          payload: twoStepChallenge(),
        })
      ).json().challenge.id as string;
    const [ordered, unused] = [await create(), await create()];
    const order = await checkout(t, w.member, { challengeId: ordered });
    expect(order.statusCode, order.body).toBe(201);
    const staffList = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/challenges', headers: w.support.headers })).json()
        .challenges as { id: string; accountsCount: number; inUse: boolean }[];
    const listed = await staffList();
    // No account yet, but an order: in use, so the dialog must say "archived", not "deleted".
    expect(listed.find((c) => c.id === ordered)).toMatchObject({ accountsCount: 0, inUse: true });
    expect(listed.find((c) => c.id === unused)).toMatchObject({ accountsCount: 0, inUse: false });

    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/challenges/${id}`, headers: w.admin.headers });
    expect((await del(ordered)).json()).toEqual({ id: ordered, outcome: 'archived' });
    expect((await del(unused)).json()).toEqual({ id: unused, outcome: 'deleted' });
    expect((await staffList()).find((c) => c.id === ordered)).toMatchObject({ inUse: true });
  });
});

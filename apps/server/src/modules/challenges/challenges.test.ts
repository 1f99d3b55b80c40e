import { createChallengeRequestSchema, MAX_MONEY_CENTS } from '@app/contracts';
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
import { challengeCatalogue } from './challenge-catalogue.ts';

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

  it('validates: 400 naming the field, 409 on a taken slug, 404 on an unknown id', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({
        phases: [{ kind: 'evaluation', profitTargetBps: null, maxDailyLossBps: 500, maxLossBps: 1000 }],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^phases\.0\.profitTargetBps: /);
    const funded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({
        phases: [
          { kind: 'funded', profitTargetBps: null, maxDailyLossBps: 500, maxLossBps: 1000 },
          { kind: 'evaluation', profitTargetBps: 100, maxDailyLossBps: 500, maxLossBps: 1000 },
        ],
      }),
    });
    expect(funded.statusCode).toBe(400);
    // Evaluation phases only: a trader who passes would have nowhere to go.
    const noFunded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({
        phases: [{ kind: 'evaluation', profitTargetBps: 800, maxDailyLossBps: 500, maxLossBps: 1000 }],
      }),
    });
    expect(noFunded.statusCode).toBe(400);
    expect(noFunded.json().message).toBe('phases.0.kind: The last phase must be a funded phase');
    const neg = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({ priceCents: -1 }),
    });
    expect(neg.json().message).toMatch(/^priceCents: /);
    // Nothing a firm could not sell or a trader could not read: free, tiny, a daily limit above the overall one.
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/challenges', headers: w.admin.headers, payload });
    expect((await post(twoStepChallenge({ priceCents: 0 }))).json().message).toMatch(/^priceCents: /);
    expect((await post(twoStepChallenge({ accountSizeCents: 999_99 }))).json().message).toMatch(/^accountSizeCents: /);
    const dailyAboveMax = await post(
      twoStepChallenge({
        phases: [
          { kind: 'evaluation', profitTargetBps: 800, maxDailyLossBps: 2000, maxLossBps: 1000 },
          { kind: 'funded', profitTargetBps: null, maxDailyLossBps: 500, maxLossBps: 1000 },
        ],
      }),
    );
    expect(dailyAboveMax.statusCode).toBe(400);
    expect(dailyAboveMax.json().message).toBe(
      'phases.0.maxDailyLossBps: The daily loss limit cannot be above the maximum loss',
    );
    const body = twoStepChallenge();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/challenges', headers: w.admin.headers, payload: body }))
        .statusCode,
    ).toBe(201);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: body,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { slug: 'A challenge with this slug already exists' },
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/challenges/00000000-0000-4000-8000-000000000000',
      headers: w.admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const notUuid = await t.app.inject({ method: 'GET', url: '/api/admin/challenges/abc', headers: w.admin.headers });
    expect(notUuid.statusCode).toBe(400);
  });

  it('bounds every money field by MAX_MONEY_CENTS: at the bound taken, one cent beyond it 400 naming the field', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/challenges', headers: w.admin.headers, payload });
    const atBound = await post(twoStepChallenge({ accountSizeCents: MAX_MONEY_CENTS, priceCents: MAX_MONEY_CENTS }));
    expect(atBound.statusCode, atBound.body).toBe(201);
    expect(atBound.json().challenge).toMatchObject({ accountSizeCents: MAX_MONEY_CENTS, priceCents: MAX_MONEY_CENTS });
    const id = atBound.json().challenge.id as string;

    const message = `Out of range: at most ${MAX_MONEY_CENTS} cents`;
    for (const field of ['accountSizeCents', 'priceCents'] as const) {
      const created = await post(twoStepChallenge({ [field]: MAX_MONEY_CENTS + 1 }));
      expect(created.statusCode).toBe(400);
      expect(created.json().code).toBe('VALIDATION_ERROR');
      expect(created.json().message).toBe(`${field}: ${message}`);
      expect(Object.keys(created.json().fields)).toEqual([field]);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/challenges/${id}`,
        headers: w.admin.headers,
        payload: { [field]: MAX_MONEY_CENTS + 1 },
      });
      expect(patched.statusCode).toBe(400);
      expect(patched.json().message).toBe(`${field}: ${message}`);
    }
    const phases = twoStepChallenge().phases;
    const payout = await post(
      twoStepChallenge({ phases: [phases[0]!, phases[1]!, { ...phases[2]!, minPayoutCents: MAX_MONEY_CENTS + 1 }] }),
    );
    expect(payout.statusCode).toBe(400);
    expect(payout.json().message).toBe(`phases.2.minPayoutCents: ${message}`);
    // Nothing beyond the bound was stored.
    const got = await t.app.inject({ method: 'GET', url: `/api/admin/challenges/${id}`, headers: w.admin.headers });
    expect(got.json().challenge).toMatchObject({ accountSizeCents: MAX_MONEY_CENTS, priceCents: MAX_MONEY_CENTS });
  });

  it('refuses percentages out of range (a 150 % max loss, a 0 % target): 400 naming each field, nothing stored', async () => {
    const [first, second, funded] = twoStepChallenge().phases;
    const outOfRange = [
      { ...first!, maxLossBps: 15_000, profitTargetBps: 0 },
      second!,
      { ...funded!, profitSplitBps: 10_001 },
    ];
    const body = twoStepChallenge({ name: 'Out of range', phases: outOfRange });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: body,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().code).toBe('VALIDATION_ERROR');
    expect(Object.keys(created.json().fields).sort()).toEqual([
      'phases.0.maxLossBps',
      'phases.0.profitTargetBps',
      'phases.2.profitSplitBps',
    ]);
    expect(created.json().message).toMatch(/^phases\.0\.(maxLossBps|profitTargetBps): /);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/challenges', headers: w.admin.headers })).json()
      .challenges as { slug: string }[];
    expect(list.some((c) => c.slug === body.slug)).toBe(false);

    // The same on an edit: the stored phases stay as they were.
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/admin/challenges/${w.challengeId}`, headers: w.admin.headers })
    ).json().challenge.phases;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/challenges/${w.challengeId}`,
      headers: w.admin.headers,
      payload: { phases: outOfRange },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toHaveProperty(['phases.0.maxLossBps']);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/admin/challenges/${w.challengeId}`, headers: w.admin.headers })
    ).json().challenge.phases;
    expect(after).toEqual(before);
  });

  it('refuses a time limit on a funded phase, on create and on update; the catalogue has none', async () => {
    const phases = twoStepChallenge().phases;
    const withLimit = [phases[0]!, phases[1]!, { ...phases[2]!, maxDays: 30 }];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({ phases: withLimit }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().code).toBe('VALIDATION_ERROR');
    expect(created.json().message).toBe('phases.2.maxDays: Funded phases have no time limit');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/challenges/${w.challengeId}`,
      headers: w.admin.headers,
      payload: { phases: withLimit },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toBe('phases.2.maxDays: Funded phases have no time limit');
    // An evaluation phase may have one; a funded phase with maxDays null (or left out) is fine.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: twoStepChallenge({
        phases: [{ ...phases[0]!, maxDays: 30 }, phases[1]!, { ...phases[2]!, maxDays: null }],
      }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    for (const c of challengeCatalogue()) {
      expect(createChallengeRequestSchema.safeParse(c).success, c.slug).toBe(true);
      for (const p of c.phases) if (p.kind === 'funded') expect(p.maxDays ?? null).toBeNull();
    }
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

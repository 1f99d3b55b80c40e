// The challenges API's refusals: fields out of range, rules that contradict each other, taken slugs.
import { createChallengeRequestSchema, MAX_MONEY_CENTS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, twoStepChallenge, type TradingWorld } from '../../../test/trading-fixtures.ts';
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

describe('challenges API: what it refuses', () => {
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
});

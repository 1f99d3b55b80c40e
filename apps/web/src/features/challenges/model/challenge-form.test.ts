import { describe, expect, it } from 'vitest';
import {
  addEvaluationPhase,
  challengeToForm,
  checkChallengeForm,
  emptyChallengeForm,
  movePhase,
  removePhase,
  slugOf,
  type ChallengeForm,
} from './challenge-form';

const named = (): ChallengeForm => ({
  ...emptyChallengeForm(),
  name: '50K Two-Step',
  slug: '50k-two-step',
  price: 299,
});

describe('challenge form', () => {
  it('turns typed units into the API integers: 12.5 % → 1250 bps, 299.99 → 29999 cents', () => {
    const form = named();
    form.price = 299.99;
    form.phases[0]!.profitTarget = 12.5;
    const checked = checkChallengeForm(form);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.request.priceCents).toBe(29_999);
    expect(checked.request.accountSizeCents).toBe(10_000_000);
    expect(checked.request.phases.map((p) => [p.kind, p.profitTargetBps, p.profitSplitBps])).toEqual([
      ['evaluation', 1250, null],
      ['evaluation', 500, null],
      ['funded', null, 8000],
    ]);
  });

  it('puts each problem on the field it was typed in, in the typed unit', () => {
    const form = named();
    form.slug = 'Not A Slug';
    form.price = '';
    form.phases[1]!.maxLoss = 150;
    form.phases[0]!.profitTarget = '';
    const checked = checkChallengeForm(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.slug?.id).toBe('CHALLENGES.FORM.ERROR.SLUG');
    expect(checked.errors.price?.id).toBe('CHALLENGES.FORM.ERROR.REQUIRED');
    expect(checked.errors['phases.1.maxLoss']).toEqual({ id: 'CHALLENGES.FORM.ERROR.MAX', values: { max: 100 } });
    expect(checked.errors['phases.0.profitTarget']?.id).toBe('CHALLENGES.FORM.ERROR.REQUIRED');
  });

  it('refuses what a firm could not sell: a free or tiny challenge, a daily limit above the overall one, a one-letter name', () => {
    const form = named();
    form.name = 'X';
    form.price = 0;
    form.accountSize = 999;
    form.phases[0]!.maxDailyLoss = 20;
    form.phases[0]!.maxLoss = 10;
    form.phases[2]!.maxDailyLoss = 10;
    form.phases[2]!.maxLoss = 10;
    const checked = checkChallengeForm(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.name).toEqual({ id: 'CHALLENGES.FORM.ERROR.MIN_LENGTH', values: { min: 2 } });
    expect(checked.errors.price).toEqual({ id: 'CHALLENGES.FORM.ERROR.MIN', values: { min: 1 } });
    expect(checked.errors.accountSize).toEqual({ id: 'CHALLENGES.FORM.ERROR.MIN', values: { min: 1000 } });
    expect(checked.errors['phases.0.maxDailyLoss']).toEqual({ id: 'CHALLENGES.FORM.ERROR.DAILY_ABOVE_MAX' });
    // Equal limits are a choice some firms make.
    expect(checked.errors['phases.2.maxDailyLoss']).toBeUndefined();
  });

  it('refuses a currency with three decimals, which hundredths cannot hold; takes one without any', () => {
    const form = named();
    form.currency = 'KWD';
    const checked = checkChallengeForm(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.currency).toEqual({ id: 'CHALLENGES.FORM.ERROR.CURRENCY_DECIMALS' });
    form.currency = 'JPY';
    form.price = 14_999;
    expect(checkChallengeForm(form).ok).toBe(true);
    // ¥14,999.50 cannot be paid: a yen has no hundredths.
    form.price = 14_999.5;
    const fraction = checkChallengeForm(form);
    expect(fraction.ok).toBe(false);
    if (fraction.ok) return;
    expect(fraction.errors.price).toEqual({ id: 'CHALLENGES.FORM.ERROR.WHOLE_UNITS' });
  });

  it('adds evaluation phases before the funded one, moves and removes them, never the funded phase', () => {
    let phases = emptyChallengeForm().phases;
    phases = addEvaluationPhase(phases);
    expect(phases.map((p) => p.kind)).toEqual(['evaluation', 'evaluation', 'evaluation', 'funded']);
    const [a, b] = phases;
    expect(movePhase(phases, 0, 1).slice(0, 2)).toEqual([b, a]);
    expect(movePhase(phases, 2, 1)).toBe(phases); // would pass the funded phase
    expect(removePhase(phases, 3)).toBe(phases); // the funded phase stays
    phases = removePhase(removePhase(phases, 0), 0);
    expect(removePhase(phases, 0)).toBe(phases); // the last evaluation phase stays
    expect(addEvaluationPhase(addEvaluationPhase(addEvaluationPhase(addEvaluationPhase(phases)))).length).toBe(5);
  });

  it('reads a saved challenge back into the same request', () => {
    const checked = checkChallengeForm(named());
    if (!checked.ok) throw new Error('fixture should be valid');
    const r = checked.request;
    const saved = {
      id: 'c1',
      createdAt: '',
      updatedAt: '',
      name: r.name,
      slug: r.slug,
      description: r.description ?? '',
      accountSizeCents: r.accountSizeCents,
      currency: r.currency ?? 'USD',
      priceCents: r.priceCents,
      status: r.status ?? 'active',
      platform: r.platform ?? 'demo',
      leverage: r.leverage ?? 100,
      phases: r.phases.map((p, index) => ({
        index,
        kind: p.kind,
        profitTargetBps: p.profitTargetBps,
        maxDailyLossBps: p.maxDailyLossBps,
        maxLossBps: p.maxLossBps,
        drawdownType: p.drawdownType ?? 'static',
        dailyLossBase: p.dailyLossBase ?? 'balance',
        minTradingDays: p.minTradingDays ?? 0,
        maxDays: p.maxDays ?? null,
        profitSplitBps: p.profitSplitBps ?? null,
        minPayoutCents: p.minPayoutCents ?? null,
        payoutIntervalDays: p.payoutIntervalDays ?? null,
      })),
    };
    const again = checkChallengeForm(challengeToForm(saved));
    expect(again.ok && again.request).toEqual(r);
  });

  it('makes slugs from names', () => {
    expect(slugOf('100K Two-Step')).toBe('100k-two-step');
    expect(slugOf('  Évaluation — Pro!! ')).toBe('evaluation-pro');
  });
});

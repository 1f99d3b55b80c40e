import { describe, expect, it } from 'vitest';
import { oneStep10k, twoStep100k, twoStep10k } from '../test-fixtures';
import { groupCatalogue } from './catalogue';
import { phaseRules } from '../../../components/challenge-rules/rule-lines';

const pct = (bps: number) => `${bps / 100}%`;

describe('catalogue', () => {
  it('groups by model (fewest steps first), then by account size', () => {
    const groups = groupCatalogue([twoStep100k, oneStep10k, twoStep10k]);
    expect(groups.map((g) => g.steps)).toEqual([1, 2]);
    expect(groups[1]!.sizes.map((s) => [s.accountSizeCents, s.challenges.map((c) => c.slug)])).toEqual([
      [1_000_000, ['10k-two-step']],
      [10_000_000, ['100k-two-step']],
    ]);
  });

  it('says how each limit is measured, and what a funded phase pays', () => {
    const [evaluation, funded] = oneStep10k.phases;
    const e = phaseRules(evaluation!, 1, pct);
    expect(e.title).toEqual({ id: 'CHECKOUT.RULES.PHASE', values: { n: 1 } });
    expect(e.lines).toEqual([
      { id: 'CHECKOUT.RULES.TARGET', values: { pct: '10%' } },
      { id: 'CHECKOUT.RULES.DAILY_MAX_BALANCE_EQUITY', values: { pct: '3%' } },
      { id: 'CHECKOUT.RULES.MAX_TRAILING', values: { pct: '6%' } },
      { id: 'CHECKOUT.RULES.MIN_DAYS', values: { days: 0 } },
      { id: 'CHECKOUT.RULES.NO_TIME_LIMIT' },
    ]);
    const f = phaseRules(funded!, 1, pct);
    expect(f.title.id).toBe('CHECKOUT.RULES.FUNDED');
    expect(f.lines.map((l) => l.id)).toEqual([
      'CHECKOUT.RULES.DAILY_BALANCE',
      'CHECKOUT.RULES.MAX_STATIC',
      'CHECKOUT.RULES.SPLIT',
    ]);
  });

  it('names the restricted-news window of a funded phase that has one', () => {
    const funded = { ...oneStep10k.phases[1]!, restrictedNews: { minutesBefore: 2, minutesAfter: 5 } };
    expect(phaseRules(funded, 1, pct).lines.at(-1)).toEqual({
      id: 'CHECKOUT.RULES.RESTRICTED_NEWS',
      values: { before: 2, after: 5 },
    });
  });
});

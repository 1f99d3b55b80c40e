import type { CreateChallengeRequest, PhaseRulesInput } from '@app/contracts';

/**
 * The catalogue DOMAIN.md describes: two-step 10K–200K (phase 1: 10 % target, phase 2: 5 %;
 * 5 % daily, 10 % max loss, 4 min trading days; funded: 80 % split, 14-day payout interval, trades
 * within 2 minutes of high-impact news flagged) and a one-step variant of each size (10 % target,
 * 4 % daily, 6 % trailing-at-end-of-day max loss).
 */
const SIZES: Array<{ k: number; twoStep: number; oneStep: number }> = [
  { k: 10, twoStep: 89_00, oneStep: 99_00 },
  { k: 25, twoStep: 189_00, oneStep: 209_00 },
  { k: 50, twoStep: 299_00, oneStep: 329_00 },
  { k: 100, twoStep: 499_00, oneStep: 549_00 },
  { k: 200, twoStep: 999_00, oneStep: 1_099_00 },
];

const funded = (
  k: number,
  maxDailyLossBps: number,
  maxLossBps: number,
  drawdownType: 'static' | 'eod_trailing',
  restrictedNews: PhaseRulesInput['restrictedNews'] = null,
): PhaseRulesInput => ({
  kind: 'funded',
  profitTargetBps: null,
  maxDailyLossBps,
  maxLossBps,
  drawdownType,
  dailyLossBase: 'balance',
  minTradingDays: 0,
  maxDays: null,
  profitSplitBps: 8000,
  minPayoutCents: k >= 100 ? 100_00 : 50_00,
  payoutIntervalDays: 14,
  restrictedNews,
});

export function challengeCatalogue(): CreateChallengeRequest[] {
  const list: CreateChallengeRequest[] = [];
  for (const { k, twoStep, oneStep } of SIZES) {
    const size = k * 1000 * 100;
    list.push({
      name: `${k}K Two-Step`,
      slug: `${k}k-two-step`,
      description: `Two evaluation phases on ${k},000 USD: a 10 % target, then 5 %. 5 % daily loss, 10 % max loss, at least 4 trading days each. Funded with an 80 % profit split; funded trades within 2 minutes of high-impact news are flagged.`,
      accountSizeCents: size,
      currency: 'USD',
      priceCents: twoStep,
      status: 'active',
      platform: 'demo',
      leverage: 100,
      phases: [
        {
          kind: 'evaluation',
          profitTargetBps: 1000,
          maxDailyLossBps: 500,
          maxLossBps: 1000,
          drawdownType: 'static',
          dailyLossBase: 'balance',
          minTradingDays: 4,
          maxDays: null,
        },
        {
          kind: 'evaluation',
          profitTargetBps: 500,
          maxDailyLossBps: 500,
          maxLossBps: 1000,
          drawdownType: 'static',
          dailyLossBase: 'balance',
          minTradingDays: 4,
          maxDays: null,
        },
        funded(k, 500, 1000, 'static', { minutesBefore: 2, minutesAfter: 2 }),
      ],
    });
    list.push({
      name: `${k}K One-Step`,
      slug: `${k}k-one-step`,
      description: `One evaluation phase on ${k},000 USD: a 10 % target with 4 % daily loss and a 6 % end-of-day trailing max loss, at least 4 trading days. Funded with an 80 % profit split.`,
      accountSizeCents: size,
      currency: 'USD',
      priceCents: oneStep,
      status: 'active',
      platform: 'demo',
      leverage: 100,
      phases: [
        {
          kind: 'evaluation',
          profitTargetBps: 1000,
          maxDailyLossBps: 400,
          maxLossBps: 600,
          drawdownType: 'eod_trailing',
          dailyLossBase: 'max_balance_equity',
          minTradingDays: 4,
          maxDays: null,
        },
        funded(k, 400, 600, 'eod_trailing'),
      ],
    });
  }
  return list;
}

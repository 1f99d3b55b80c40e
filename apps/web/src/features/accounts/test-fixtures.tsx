import type { AccountOverview, TradingAccount } from '@app/contracts/trading';

// The block renderer is shared by every feature's tests; re-exported so this feature's tests keep one import.
export { renderBlock } from '../../test/render';

/** The demo's 100K Two-Step phase 1 account, as GET /api/accounts/{id} answered it. */
export const account = (over: Partial<TradingAccount> = {}): TradingAccount => ({
  id: '225320b2-209b-4af3-8f2b-a1ab491c94c9',
  userId: 'ab450592-c1d1-467a-b716-6ddec85564d5',
  challengeId: 'fd6b736b-d623-48f9-818b-cb9fa2e8d9c9',
  challengeName: '100K Two-Step',
  phaseIndex: 0,
  phaseCount: 3,
  evaluationPhaseCount: 2,
  phaseKind: 'evaluation',
  platform: 'demo',
  login: '50000001',
  server: 'FundingPlatform-Demo',
  password: 'secret-pass',
  currency: 'USD',
  initialBalanceCents: 10_000_000,
  balanceCents: 10_322_568,
  equityCents: 10_337_784,
  status: 'active',
  startedAt: '2026-10-26T08:15:00.000Z',
  endedAt: null,
  passedAt: null,
  lastEventAt: '2026-11-23T10:26:57.592Z',
  breach: null,
  previousAccountId: null,
  nextAccountId: null,
  replacedById: null,
  createdAt: '2026-11-23T10:31:57.596Z',
  ...over,
});

export const overview = (over: Partial<AccountOverview> = {}): AccountOverview => ({
  account: account(),
  rules: {
    kind: 'evaluation',
    profitTargetBps: 1000,
    maxDailyLossBps: 500,
    maxLossBps: 1000,
    drawdownType: 'static',
    dailyLossBase: 'balance',
    minTradingDays: 4,
    maxDays: null,
    profitSplitBps: null,
    minPayoutCents: null,
    payoutIntervalDays: null,
  },
  objectives: [
    { rule: 'profit_target', unit: 'cents', limit: 1_000_000, current: 322_568, status: 'in_progress' },
    { rule: 'min_trading_days', unit: 'days', limit: 4, current: 20, status: 'passed' },
    { rule: 'max_daily_loss', unit: 'cents', limit: 500_000, current: 0, status: 'in_progress' },
    { rule: 'max_loss', unit: 'cents', limit: 1_000_000, current: 0, status: 'in_progress' },
  ],
  metrics: {
    balanceCents: 10_322_568,
    equityCents: 10_337_784,
    openPositions: 2,
    withdrawnCents: 0,
    profitCents: 322_568,
    profitBps: 322,
    todayPnlCents: 15_216,
    tradingDays: 20,
    minTradingDays: 4,
    trades: 83,
    wins: 53,
    losses: 30,
    winRateBps: 6385,
    averageWinCents: 11_211,
    averageLossCents: -9054,
    profitFactor: 2.1875,
    expectancyCents: 3886,
    lots: 110.69,
    bestTradeCents: 31_239,
    worstTradeCents: -26_222,
    longestWinStreak: 10,
    longestLossStreak: 4,
  },
  limits: {
    dailyLoss: { levelCents: 9_822_568, roomCents: 515_216, roomBps: 515, dayStartCents: 10_322_568 },
    maxLoss: { levelCents: 9_000_000, roomCents: 1_337_784, roomBps: 1337 },
    profitTargetBalanceCents: 11_000_000,
  },
  timeZone: 'Europe/Prague',
  tradingDay: '2026-11-23',
  nextDailyResetAt: '2026-11-23T23:00:00.000Z',
  deadlineAt: null,
  currency: 'USD',
  ...over,
});

/** The same account with equity at `equityCents`: levels stay, rooms follow (as the engine reports them). */
export function withEquity(o: AccountOverview, equityCents: number): AccountOverview {
  return {
    ...o,
    metrics: { ...o.metrics, equityCents },
    limits: {
      ...o.limits,
      dailyLoss: {
        ...o.limits.dailyLoss,
        roomCents: equityCents - o.limits.dailyLoss.levelCents,
        roomBps: Math.trunc(((equityCents - o.limits.dailyLoss.levelCents) * 10_000) / o.account.initialBalanceCents),
      },
      maxLoss: {
        ...o.limits.maxLoss,
        roomCents: equityCents - o.limits.maxLoss.levelCents,
        roomBps: Math.trunc(((equityCents - o.limits.maxLoss.levelCents) * 10_000) / o.account.initialBalanceCents),
      },
    },
  };
}

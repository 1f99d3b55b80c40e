import type { AccountOverview, TradingAccount } from '@app/contracts';
import type { AccountMetrics, Breach, PhaseRules } from '../../engine/index.ts';
import type { TradeRow } from '../../db/account-events.ts';
import { iso, isoMs } from '../../lib/iso.ts';
import { breachOf } from './account-row.ts';
import type { AccountWithNames, DailyRow } from './accounts.repository.ts';

export function toBreachDto(b: Breach | null) {
  if (!b) return null;
  return {
    rule: b.rule,
    at: new Date(b.at).toISOString(),
    equityCents: b.equityCents,
    levelCents: b.levelCents,
    balanceCents: b.balanceCents,
    openPositions: b.openPositions,
    dayStartCents: b.dayStartCents ?? null,
    tradingDays: b.tradingDays ?? null,
    dayKey: b.dayKey,
    formula: b.formula ?? null,
  };
}

export function toAccountDto(a: AccountWithNames): TradingAccount {
  return {
    id: a.id,
    userId: a.userId,
    challengeId: a.challengeId,
    challengeName: a.challengeName,
    phaseIndex: a.phaseIndex,
    phaseCount: a.phaseCount,
    evaluationPhaseCount: (a.program as Array<{ kind: string }>).filter((p) => p.kind === 'evaluation').length,
    phaseKind: a.phaseKind,
    platform: a.platform,
    login: a.login,
    server: a.server,
    password: a.platformPassword,
    currency: a.currency,
    initialBalanceCents: a.initialBalanceCents,
    balanceCents: a.balanceCents,
    equityCents: a.equityCents,
    status: a.status,
    startedAt: iso(a.startedAt),
    endedAt: iso(a.endedAt),
    passedAt: iso(a.passedAt),
    lastEventAt: iso(a.lastEventAt),
    breach: toBreachDto(breachOf(a)),
    previousAccountId: a.previousAccountId,
    nextAccountId: a.nextAccountId,
    replacedById: a.replacedById,
    createdAt: a.createdAt.toISOString(),
  };
}

export function toOverviewDto(a: AccountWithNames, rules: PhaseRules, m: AccountMetrics): AccountOverview {
  return {
    account: toAccountDto(a),
    rules,
    objectives: m.objectives,
    metrics: {
      balanceCents: m.balanceCents,
      equityCents: m.equityCents,
      openPositions: m.openPositions,
      withdrawnCents: m.withdrawnCents,
      profitCents: m.profitCents,
      profitBps: m.profitBps,
      todayPnlCents: m.todayPnlCents,
      tradingDays: m.tradingDays,
      minTradingDays: m.minTradingDays,
      trades: m.trades,
      wins: m.wins,
      losses: m.losses,
      winRateBps: m.winRateBps,
      averageWinCents: m.averageWinCents,
      averageLossCents: m.averageLossCents,
      profitFactor: m.profitFactor,
      expectancyCents: m.expectancyCents,
      lots: m.lots,
      bestTradeCents: m.bestTradeCents,
      worstTradeCents: m.worstTradeCents,
      longestWinStreak: m.longestWinStreak,
      longestLossStreak: m.longestLossStreak,
    },
    limits: {
      dailyLoss: {
        levelCents: m.dailyLossLevelCents,
        roomCents: m.dailyLossRoomCents,
        roomBps: m.dailyLossRoomBps,
        dayStartCents: m.dayStartCents,
      },
      maxLoss: { levelCents: m.maxLossLevelCents, roomCents: m.maxLossRoomCents, roomBps: m.maxLossRoomBps },
      profitTargetBalanceCents: m.profitTargetBalanceCents,
    },
    timeZone: m.timeZone,
    tradingDay: m.todayKey,
    nextDailyResetAt: new Date(m.nextDailyResetAt).toISOString(),
    deadlineAt: isoMs(m.deadlineAt),
    currency: a.currency,
  };
}

export function toTradeDto(t: TradeRow) {
  return {
    id: String(t.seq),
    ticket: t.ticket,
    symbol: t.symbol,
    side: t.side,
    volume: t.volume,
    openTime: t.openTime.toISOString(),
    openPrice: t.openPrice,
    closeTime: iso(t.closeTime),
    closePrice: t.closePrice,
    profitCents: t.profitCents,
    commissionCents: t.commissionCents,
    swapCents: t.swapCents,
    netCents: t.profitCents + t.commissionCents + t.swapCents,
  };
}

export function toDailyDto(d: DailyRow) {
  return {
    day: d.day,
    trades: d.trades,
    lots: d.lots,
    resultCents: d.resultCents,
    startBalanceCents: d.startBalanceCents,
    endBalanceCents: d.endBalanceCents,
    startEquityCents: d.startEquityCents,
    endEquityCents: d.endEquityCents,
    minEquityCents: d.minEquityCents,
  };
}

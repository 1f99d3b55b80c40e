// Account metrics from the running aggregates only (never a scan of trades).
// If `now` is in a later trading day than the last event, the day boundary is applied virtually
// (today's base and the trailing floor as they will be at the reset), without changing state.
// Reported levels are whole cents rounded up (exact for integer equity: breach <=> equity < level),
// so "room" = equity − level is exactly the number of cents that can still be lost.
import {
  SCALE,
  allowedLossCents,
  ceilScaled,
  dailyBaseAt,
  dailyLossLevelScaled,
  maxLossLevelScaled,
  targetBalanceCents,
  targetMet,
} from './rules.ts';
import { positionsOpen } from './positions-open.ts';
import { deadlineOf } from './time-limit.ts';
import { dayInterval } from './trading-day.ts';
import type { AccountMetrics, AccountState, ObjectiveRow, ObjectiveStatus, PhaseRules } from './types.ts';
import { LOT_UNITS } from './types.ts';

/** Integer division rounded half away from zero (display values only). */
function roundDiv(a: number, b: number): number {
  const q = Math.round(Math.abs(a) / b);
  return a < 0 && q !== 0 ? -q : q;
}

function daysBetween(fromKey: string, toKey: string): number {
  const ms = Date.parse(`${toKey}T00:00:00Z`) - Date.parse(`${fromKey}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** Daily base and trailing high-water mark as they stand in the trading day of `now`. */
function currentBases(s: AccountState, rules: PhaseRules, now: number): { dayStartCents: number; highestEod: number } {
  if (s.status !== 'pending' && s.nextResetAt !== null && now >= s.nextResetAt) {
    return {
      dayStartCents: dailyBaseAt(rules.dailyLossBase, s.balanceCents, s.equityCents),
      highestEod: Math.max(s.highestEodBalanceCents, s.balanceCents),
    };
  }
  return { dayStartCents: s.dayStartCents, highestEod: s.highestEodBalanceCents };
}

function limitStatus(s: AccountState, failedBy: string): ObjectiveStatus {
  if (s.breach?.rule === failedBy) return 'failed';
  return s.status === 'passed' ? 'passed' : 'in_progress';
}

export function computeMetrics(s: AccountState, rules: PhaseRules, now: number, tz: string): AccountMetrics {
  const today = dayInterval(now, tz);
  const initial = s.initialCents;
  const { dayStartCents, highestEod } = currentBases(s, rules, now);

  const dailyLevel = ceilScaled(dailyLossLevelScaled(dayStartCents, rules, initial));
  const maxLevel = ceilScaled(maxLossLevelScaled(rules, initial, highestEod));
  const dailyRoom = s.equityCents - dailyLevel;
  const maxRoom = s.equityCents - maxLevel;
  const dailyAllowed = allowedLossCents(rules.maxDailyLossBps, initial);
  const maxAllowed = allowedLossCents(rules.maxLossBps, initial);
  const profitCents = s.balanceCents - initial;
  const targetBalance = targetBalanceCents(s, rules);
  const a = s.stats;
  const deadlineAt = deadlineOf(s, rules, tz);

  const objectives: ObjectiveRow[] = [];
  if (targetBalance !== null) {
    const met = s.status === 'passed' || targetMet(s, rules);
    objectives.push({
      rule: 'profit_target',
      unit: 'cents',
      limit: targetBalance - initial,
      current: profitCents,
      status: met ? 'passed' : s.status === 'failed' ? 'failed' : 'in_progress',
    });
  }
  if (rules.minTradingDays > 0) {
    const met = s.tradingDaysCount >= rules.minTradingDays;
    objectives.push({
      rule: 'min_trading_days',
      unit: 'days',
      limit: rules.minTradingDays,
      current: s.tradingDaysCount,
      status: met ? 'passed' : s.status === 'failed' ? 'failed' : 'in_progress',
    });
  }
  objectives.push({
    rule: 'max_daily_loss',
    unit: 'cents',
    limit: dailyAllowed,
    current: Math.max(0, dayStartCents - s.equityCents),
    status: limitStatus(s, 'daily_loss'),
  });
  objectives.push({
    rule: 'max_loss',
    unit: 'cents',
    limit: maxAllowed,
    current: Math.max(0, maxLevel + maxAllowed - s.equityCents),
    status: limitStatus(s, 'max_loss'),
  });
  if (rules.maxDays !== null) {
    // Calendar trading days used so far, the start day counting as day 1; a verdict stops the count.
    const startKey = s.startedAt === null ? null : dayInterval(s.startedAt, tz).key;
    const endedAt = s.status === 'passed' ? s.passedAt : s.status === 'failed' ? (s.breach?.at ?? null) : null;
    const lastKey = endedAt === null ? today.key : dayInterval(endedAt, tz).key;
    const used = startKey === null ? 0 : Math.min(rules.maxDays, Math.max(0, daysBetween(startKey, lastKey) + 1));
    objectives.push({
      rule: 'time_limit',
      unit: 'days',
      limit: rules.maxDays,
      current: used,
      status: limitStatus(s, 'time_limit'),
    });
  }

  return {
    status: s.status,
    timeZone: tz,
    todayKey: today.key,
    nextDailyResetAt: today.end,
    deadlineAt,
    initialCents: initial,
    balanceCents: s.balanceCents,
    equityCents: s.equityCents,
    openPositions: positionsOpen(s),
    withdrawnCents: s.withdrawnCents,
    profitCents,
    profitBps: Math.trunc((profitCents * SCALE) / initial),
    todayPnlCents: s.equityCents - dayStartCents,
    dayStartCents,
    dailyLossLevelCents: dailyLevel,
    dailyLossRoomCents: dailyRoom,
    dailyLossRoomBps: Math.floor((dailyRoom * SCALE) / initial),
    maxLossLevelCents: maxLevel,
    maxLossRoomCents: maxRoom,
    maxLossRoomBps: Math.floor((maxRoom * SCALE) / initial),
    profitTargetBalanceCents: targetBalance,
    tradingDays: s.tradingDaysCount,
    minTradingDays: rules.minTradingDays,
    trades: a.trades,
    wins: a.wins,
    losses: a.losses,
    winRateBps: a.trades === 0 ? null : Math.floor((a.wins * SCALE) / a.trades),
    averageWinCents: a.wins === 0 ? null : roundDiv(a.grossProfitCents, a.wins),
    averageLossCents: a.losses === 0 ? null : -roundDiv(a.grossLossCents, a.losses),
    profitFactor: a.grossLossCents === 0 ? null : a.grossProfitCents / a.grossLossCents,
    expectancyCents: a.trades === 0 ? null : roundDiv(a.netProfitCents, a.trades),
    lots: a.lotUnits / LOT_UNITS,
    bestTradeCents: a.bestTradeCents,
    worstTradeCents: a.worstTradeCents,
    longestWinStreak: a.longestWinStreak,
    longestLossStreak: a.longestLossStreak,
    objectives,
    breach: s.breach,
    passedAt: s.passedAt,
  };
}

// Time limit. The clock starts at the first event (pending accounts have no deadline).
// Deadline = the daily reset that starts trading day (startDay + maxDays), i.e. the end of trading
// day startDay + maxDays − 1: maxDays = 30 starting any time on 1 Nov allows trading through
// 30 Nov and fails at 1 Dec 00:00 local time. Not passed by the deadline => failed, a verdict
// settle() takes once the grace after the deadline is over (events stamped before it still count).
import { timeLimitFormula } from './breach-formula.ts';
import { targetBalanceCents } from './rules.ts';
import { addDaysToKey, dayStartFor, tradingDayKey } from './trading-day.ts';
import { positionsOpen } from './positions-open.ts';
import type { AccountState, Breach, PhaseRules } from './types.ts';

export function deadlineFor(startedAt: number, maxDays: number, tz: string): number {
  return dayStartFor(addDaysToKey(tradingDayKey(startedAt, tz), maxDays), tz);
}

/** The deadline of a started account, or null (pending, or unlimited). */
export function deadlineOf(s: AccountState, rules: PhaseRules, tz: string): number | null {
  if (s.startedAt === null || rules.maxDays === null) return null;
  return deadlineFor(s.startedAt, rules.maxDays, tz);
}

/** Mutates s: fails it with rule time_limit, reported at the deadline with the values known then. */
export function failForTime(s: AccountState, rules: PhaseRules, tz: string): void {
  const at = deadlineOf(s, rules, tz)!;
  const levelCents = targetBalanceCents(s, rules) ?? 0;
  const values = s.atDeadline ?? s;
  const openPositions = s.atDeadline ? s.atDeadline.openPositions : positionsOpen(s);
  const tradingDays = s.atDeadline ? (s.atDeadline.tradingDays ?? s.tradingDaysCount) : s.tradingDaysCount;
  const breach: Breach = {
    rule: 'time_limit',
    at,
    equityCents: values.equityCents,
    balanceCents: values.balanceCents,
    levelCents,
    openPositions,
    tradingDays,
    dayKey: tradingDayKey(at, tz),
    formula: timeLimitFormula(
      { balanceCents: values.balanceCents, openPositions, tradingDays },
      { targetCents: levelCents, targetBps: rules.profitTargetBps ?? 0, minTradingDays: rules.minTradingDays },
      s.initialCents,
    ),
  };
  s.status = 'failed';
  s.breach = breach;
}

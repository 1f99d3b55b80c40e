// Time limit. The clock starts at the first event (pending accounts have no deadline).
// Deadline = the daily reset that starts trading day (startDay + maxDays), i.e. the end of trading
// day startDay + maxDays − 1: maxDays = 30 starting any time on 1 Nov allows trading through
// 30 Nov and fails at 1 Dec 00:00 local time. At or after the deadline, not passed => failed.
import { ceilScaled, profitTargetScaled } from './rules.ts';
import { addDaysToKey, dayStartFor, tradingDayKey } from './trading-day.ts';
import type { AccountState, Breach, EngineResult, PhaseRules } from './types.ts';
import { verdictOf } from './verdict.ts';

export function deadlineFor(startedAt: number, maxDays: number, tz: string): number {
  return dayStartFor(addDaysToKey(tradingDayKey(startedAt, tz), maxDays), tz);
}

/** The deadline of a started account, or null (pending, or unlimited). */
export function deadlineOf(s: AccountState, rules: PhaseRules, tz: string): number | null {
  if (s.startedAt === null || rules.maxDays === null) return null;
  return deadlineFor(s.startedAt, rules.maxDays, tz);
}

/** True when an active account must fail for time at `time`. */
export function isPastDeadline(s: AccountState, rules: PhaseRules, time: number, tz: string): boolean {
  if (s.status !== 'active') return false;
  const d = deadlineOf(s, rules, tz);
  return d !== null && time >= d;
}

/** Mutates s: fails it with rule time_limit, reported at the deadline with the last known values. */
export function failForTime(s: AccountState, rules: PhaseRules, tz: string): void {
  const at = deadlineOf(s, rules, tz)!;
  const target = profitTargetScaled(s, rules);
  const breach: Breach = {
    rule: 'time_limit',
    at,
    equityCents: s.equityCents,
    balanceCents: s.balanceCents,
    levelCents: target === null ? 0 : ceilScaled(target),
    openPositions: s.openPositions,
    dayKey: tradingDayKey(at, tz),
  };
  s.status = 'failed';
  s.breach = breach;
}

/**
 * Scheduled job / read path: fail an active account whose deadline has passed at `now`.
 * Returns the same state object when nothing changes, a new one otherwise.
 */
export function checkTimeLimit(state: AccountState, rules: PhaseRules, now: number, tz: string): EngineResult {
  if (!isPastDeadline(state, rules, now, tz)) return { state, verdict: verdictOf(state) };
  const s = structuredClone(state);
  failForTime(s, rules, tz);
  return { state: s, verdict: verdictOf(s) };
}

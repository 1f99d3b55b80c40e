// The clock's part of the verdict: what happens to an account when time passes without events.
// Both verdicts wait for the data: the caller passes `until` = now − grace, so events stamped
// before a boundary that arrive a little late are still applied before the boundary is judged.
import { rollOver } from './apply-events.ts';
import { failForTime } from './time-limit.ts';
import type { AccountState, EngineResult, PhaseRules } from './types.ts';
import { verdictOf } from './verdict.ts';

/** A day to roll: the next boundary has come and is before the deadline (the last one that is judged). */
function rollDue(s: AccountState, until: number): boolean {
  return s.nextResetAt !== null && until >= s.nextResetAt && (s.deadlineAt === null || s.nextResetAt < s.deadlineAt);
}

/** The deadline has come (s.deadlineAt is deadlineOf() cached at the start: no tz work per batch). */
function deadlineDue(s: AccountState, until: number): boolean {
  return s.deadlineAt !== null && until >= s.deadlineAt;
}

/** True when settle() would change the account at `until`. */
export function settleDue(s: AccountState, until: number): boolean {
  return s.status === 'active' && (rollDue(s, until) || deadlineDue(s, until));
}

/**
 * Rolls an active account into the trading day of `until` (checking the last known equity against
 * the new day's levels at the boundary: midnight is a check), then fails it with `time_limit` if
 * its deadline is at or before `until`. Boundaries at or after the deadline are not rolled: the
 * time verdict comes first there. Returns the same state object when nothing is due.
 */
export function settle(state: AccountState, rules: PhaseRules, until: number, tz: string): EngineResult {
  if (!settleDue(state, until)) return { state, verdict: verdictOf(state) };
  const s = structuredClone(state);
  if (rollDue(s, until)) {
    const boundary = s.nextResetAt!;
    // The first boundary after the last event is the one checked; a breach there ends the roll.
    rollOver(s, rules, boundary, tz);
    s.clockRolledAt ??= boundary;
    // Then on to the day of `until` (the same values at every boundary between), but never into a
    // day at or after the deadline: the time verdict ends the account there.
    const target = s.deadlineAt === null ? until : Math.min(until, s.deadlineAt - 1);
    if (s.status === 'active' && target >= s.nextResetAt!) rollOver(s, rules, target, tz);
  }
  if (s.status === 'active' && deadlineDue(s, until)) failForTime(s, rules, tz);
  return { state: s, verdict: verdictOf(s) };
}

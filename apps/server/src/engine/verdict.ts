import type { AccountState, Verdict } from './types.ts';

export function verdictOf(s: AccountState): Verdict {
  return { status: s.status, breach: s.breach, passed: s.status === 'passed', passedAt: s.passedAt };
}

/** Same verdict: same status and, for a failure, the same rule at the same time; for a pass, the same time. */
export function sameVerdict(a: Verdict, b: Verdict): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'failed') return a.breach?.rule === b.breach?.rule && a.breach?.at === b.breach?.at;
  if (a.status === 'passed') return a.passedAt === b.passedAt;
  return true;
}

/**
 * The state with another verdict on it (the stored one, when a recompute disagrees and staff have
 * not decided yet): figures stay as computed, the verdict and everything derived from it (the
 * objectives, the breach report) tell the stored story.
 */
export function withVerdict(s: AccountState, v: Verdict): AccountState {
  return { ...s, status: v.status, breach: v.breach, passedAt: v.passedAt };
}

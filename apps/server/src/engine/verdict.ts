import type { AccountState, Verdict } from './types.ts';

export function verdictOf(s: AccountState): Verdict {
  return { status: s.status, breach: s.breach, passed: s.status === 'passed', passedAt: s.passedAt };
}

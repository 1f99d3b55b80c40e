import type { TradingAccount } from '@app/contracts/trading';

/**
 * Evaluation phases of the account's challenge: every phase but the funded one, which is last
 * when there is one (the contracts enforce it). A funded account counts them all.
 */
export function evaluationPhases(a: Pick<TradingAccount, 'phaseCount' | 'phaseIndex' | 'phaseKind'>): number {
  return Math.max(a.phaseIndex + 1, a.phaseCount - 1);
}

/** Whole days from `now` until `at` (rounded up: 3.2 days left reads "4 days left"). */
export const daysUntil = (at: string, now: number) => Math.max(0, Math.ceil((Date.parse(at) - now) / 86_400_000));

import type { TradingAccount } from '@app/contracts/trading';

/** Evaluation phases of the account's challenge, as the server counts them from its program. */
export const evaluationPhases = (a: Pick<TradingAccount, 'evaluationPhaseCount' | 'phaseIndex'>): number =>
  Math.max(a.phaseIndex + 1, a.evaluationPhaseCount);

/** Whole days from `now` until `at` (rounded up: 3.2 days left reads "4 days left"). */
export const daysUntil = (at: string, now: number) => Math.max(0, Math.ceil((Date.parse(at) - now) / 86_400_000));

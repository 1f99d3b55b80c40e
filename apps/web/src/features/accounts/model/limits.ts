import type { AccountOverview } from '@app/contracts/trading';

export type GaugeTone = 'ok' | 'warn' | 'danger';

/** Amber under 25 % of the allowance left, red under 10 %. */
export const WARN_BELOW = 0.25;
export const DANGER_BELOW = 0.1;

/** The loss a rule allows in money: floor(bps × initial / 10,000), as the objectives table states it. */
export const allowanceCents = (bps: number, initialCents: number) => Math.floor((bps * initialCents) / 10_000);

export interface LimitGauge {
  /** Money that can still be lost before the breach, never below zero. */
  leftCents: number;
  /** Share of the rule's allowance left, 0–1 (more than the allowance shows as full). */
  fraction: number;
  tone: GaugeTone;
  crossed: boolean;
}

export function limitGauge(roomCents: number, allowance: number): LimitGauge {
  const leftCents = Math.max(0, roomCents);
  const fraction = allowance > 0 ? Math.min(1, leftCents / allowance) : 0;
  const tone: GaugeTone = fraction < DANGER_BELOW ? 'danger' : fraction < WARN_BELOW ? 'warn' : 'ok';
  return { leftCents, fraction, tone, crossed: roomCents < 0 };
}

export interface Limits {
  daily: LimitGauge & { allowanceCents: number; levelCents: number; dayStartCents: number; leftBps: number };
  max: LimitGauge & { allowanceCents: number; levelCents: number; leftBps: number };
  /**
   * What can be lost today before either rule breaches: the daily room, unless the max loss level is
   * closer (a day that started in profit can have more daily room than the account has in total).
   */
  today: LimitGauge & { maxIsCloser: boolean };
}

/** Both limits of an overview as gauges, with the allowance each is measured against. */
export function limitsOf(o: AccountOverview): Limits {
  const initial = o.account.initialBalanceCents;
  const dailyAllowance = allowanceCents(o.rules.maxDailyLossBps, initial);
  const maxAllowance = allowanceCents(o.rules.maxLossBps, initial);
  const maxIsCloser = o.limits.maxLoss.roomCents < o.limits.dailyLoss.roomCents;
  return {
    today: {
      ...limitGauge(Math.min(o.limits.dailyLoss.roomCents, o.limits.maxLoss.roomCents), dailyAllowance),
      maxIsCloser,
    },
    daily: {
      ...limitGauge(o.limits.dailyLoss.roomCents, dailyAllowance),
      allowanceCents: dailyAllowance,
      levelCents: o.limits.dailyLoss.levelCents,
      dayStartCents: o.limits.dailyLoss.dayStartCents,
      leftBps: Math.max(0, o.limits.dailyLoss.roomBps),
    },
    max: {
      ...limitGauge(o.limits.maxLoss.roomCents, maxAllowance),
      allowanceCents: maxAllowance,
      levelCents: o.limits.maxLoss.levelCents,
      leftBps: Math.max(0, o.limits.maxLoss.roomBps),
    },
  };
}

/**
 * The highest end-of-day balance behind a trailing max-loss level: level + allowance, while the
 * level is below the initial balance (after that the level is locked at the initial balance).
 */
export function trailingHighWater(o: AccountOverview): { highCents: number; locked: boolean } {
  const initial = o.account.initialBalanceCents;
  const level = o.limits.maxLoss.levelCents;
  const allowance = allowanceCents(o.rules.maxLossBps, initial);
  return { highCents: level + allowance, locked: level >= initial };
}

export type WhatIfRule = 'daily_loss' | 'max_loss';

export interface WhatIf {
  lossCents: number;
  equityAfterCents: number;
  daily: { leftAfterCents: number; breaks: boolean };
  max: { leftAfterCents: number; breaks: boolean };
  /** The rule the breach report would name: max loss when both are crossed (as the engine does). */
  breaks: WhatIfRule | null;
  /** The largest further loss that keeps the account alive (equity may sit exactly on a level). */
  safeLossCents: number;
}

/** "If I lose X more": equity − X against both levels (a breach is equity strictly below a level). */
export function whatIf(o: AccountOverview, lossCents: number): WhatIf {
  const equityAfterCents = o.metrics.equityCents - lossCents;
  const dailyLeft = o.limits.dailyLoss.roomCents - lossCents;
  const maxLeft = o.limits.maxLoss.roomCents - lossCents;
  const daily = { leftAfterCents: dailyLeft, breaks: equityAfterCents < o.limits.dailyLoss.levelCents };
  const max = { leftAfterCents: maxLeft, breaks: equityAfterCents < o.limits.maxLoss.levelCents };
  return {
    lossCents,
    equityAfterCents,
    daily,
    max,
    breaks: max.breaks ? 'max_loss' : daily.breaks ? 'daily_loss' : null,
    safeLossCents: Math.max(0, Math.min(o.limits.dailyLoss.roomCents, o.limits.maxLoss.roomCents)),
  };
}

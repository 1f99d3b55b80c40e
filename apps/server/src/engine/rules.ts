// Breach and pass checks. All comparisons are exact integers in "scaled" units of 1/10,000 cent
// (cents × 10,000, so bps × initial needs no division). Safe while |cents| < 9×10^11.
// Levels are measured against the initial balance: withdrawals (payouts) move only balance, equity
// and the day's base (apply-events.ts), so they are never a loss and never buy room.
import { dailyLossFormula, maxLossFormula } from './breach-formula.ts';
import { positionsOpen } from './positions-open.ts';
import type { AccountState, Breach, DailyLossBase, PhaseRules } from './types.ts';

export const SCALE = 10_000;

/** ceil(a / 10000) for an integer a, without floating-point doubt. */
export function ceilScaled(a: number): number {
  const q = Math.floor(a / SCALE);
  // Fix any floating error of the division with exact integer products.
  if (q * SCALE >= a) return (q - 1) * SCALE >= a ? q - 1 : q;
  return q + 1;
}

/** floor(a / 10000) for an integer a. */
export function floorScaled(a: number): number {
  return -ceilScaled(-a);
}

/** Daily-loss base at a boundary: the balance, or the higher of balance and equity. */
export function dailyBaseAt(base: DailyLossBase, balanceCents: number, equityCents: number): number {
  return base === 'max_balance_equity' ? Math.max(balanceCents, equityCents) : balanceCents;
}

/** Exact daily-loss level: dayStart − maxDailyLoss% × initial (scaled). */
export function dailyLossLevelScaled(dayStartCents: number, rules: PhaseRules, initialCents: number): number {
  return dayStartCents * SCALE - rules.maxDailyLossBps * initialCents;
}

/**
 * Exact max-loss level (scaled).
 * static: initial − maxLoss% × initial.
 * eod_trailing: min(initial, highest end-of-day balance − maxLoss% × initial); the high-water mark
 * only moves at day boundaries, so the floor only rises and locks at initial.
 */
export function maxLossLevelScaled(rules: PhaseRules, initialCents: number, highestEodBalanceCents: number): number {
  const lock = initialCents * SCALE;
  const allowed = rules.maxLossBps * initialCents;
  if (rules.drawdownType === 'static') return lock - allowed;
  return Math.min(lock, highestEodBalanceCents * SCALE - allowed);
}

export function stateMaxLossLevelScaled(s: AccountState, rules: PhaseRules): number {
  return maxLossLevelScaled(rules, s.initialCents, s.highestEodBalanceCents);
}

/** Allowed loss in whole cents: floor(bps × initial / 10000) — consistent with ceil'd levels. */
export function allowedLossCents(bps: number, initialCents: number): number {
  return floorScaled(bps * initialCents);
}

/** Strictly below: equal is not a breach, one cent below is. */
export function isBelow(equityCents: number, levelScaled: number): boolean {
  return equityCents * SCALE < levelScaled;
}

/**
 * Profit the target requires (scaled: target% × initial), or null on funded phases. Kept as a
 * profit rather than a balance: initial × (1 + target%) scaled would leave the exact range for the
 * largest accounts, the profit does not (initial ≤ 9×10¹¹ cents, target ≤ 100 %).
 */
export function targetProfitScaled(s: AccountState, rules: PhaseRules): number | null {
  return rules.profitTargetBps === null ? null : s.initialCents * rules.profitTargetBps;
}

/** The balance the target requires, whole cents (rounded up), or null on funded phases. */
export function targetBalanceCents(s: AccountState, rules: PhaseRules): number | null {
  const p = targetProfitScaled(s, rules);
  return p === null ? null : s.initialCents + ceilScaled(p);
}

/** Target met: balance >= initial × (1 + target%) and no open positions. */
export function targetMet(s: AccountState, rules: PhaseRules): boolean {
  const p = targetProfitScaled(s, rules);
  return p !== null && positionsOpen(s) === 0 && (s.balanceCents - s.initialCents) * SCALE >= p;
}

export function passConditionsMet(s: AccountState, rules: PhaseRules): boolean {
  return rules.kind !== 'funded' && targetMet(s, rules) && s.tradingDaysCount >= rules.minTradingDays;
}

/**
 * The breach the current values cause, if any. When both limits are crossed by the same event,
 * max_loss (the account-wide limit) is reported.
 */
export function findBreach(s: AccountState, rules: PhaseRules, at: number, dayKey = s.dayKey ?? ''): Breach | null {
  const common = {
    at,
    equityCents: s.equityCents,
    balanceCents: s.balanceCents,
    openPositions: positionsOpen(s),
    dayKey,
  };
  const maxLevel = stateMaxLossLevelScaled(s, rules);
  if (isBelow(s.equityCents, maxLevel)) {
    const levelCents = ceilScaled(maxLevel);
    const formula = maxLossFormula(s.equityCents, rules, s.initialCents, s.highestEodBalanceCents, levelCents);
    return { rule: 'max_loss', ...common, levelCents, formula };
  }
  const dailyLevel = dailyLossLevelScaled(s.dayStartCents, rules, s.initialCents);
  if (isBelow(s.equityCents, dailyLevel)) {
    const levelCents = ceilScaled(dailyLevel);
    const formula = dailyLossFormula(s.equityCents, s.dayStartCents, rules, s.initialCents, levelCents);
    return { rule: 'daily_loss', ...common, levelCents, dayStartCents: s.dayStartCents, formula };
  }
  return null;
}

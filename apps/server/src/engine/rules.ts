// Breach and pass checks. All comparisons are exact integers in "scaled" units of 1/10,000 cent
// (cents × 10,000, so bps × initial needs no division). Safe while |cents| < 9×10^11.
// Capital movements (balance events) shift every level by netDepositsCents, so a deposit never
// counts toward the target and a payout/withdrawal never looks like a loss.
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
export function maxLossLevelScaled(
  rules: PhaseRules,
  initialCents: number,
  netDepositsCents: number,
  highestEodBalanceCents: number,
): number {
  const lock = (initialCents + netDepositsCents) * SCALE;
  const allowed = rules.maxLossBps * initialCents;
  if (rules.drawdownType === 'static') return lock - allowed;
  return Math.min(lock, highestEodBalanceCents * SCALE - allowed);
}

export function stateMaxLossLevelScaled(s: AccountState, rules: PhaseRules): number {
  return maxLossLevelScaled(rules, s.initialCents, s.netDepositsCents, s.highestEodBalanceCents);
}

/** Allowed loss in whole cents: floor(bps × initial / 10000) — consistent with ceil'd levels. */
export function allowedLossCents(bps: number, initialCents: number): number {
  return floorScaled(bps * initialCents);
}

/** Strictly below: equal is not a breach, one cent below is. */
export function isBelow(equityCents: number, levelScaled: number): boolean {
  return equityCents * SCALE < levelScaled;
}

/** Balance the profit target requires (scaled), or null on funded phases. */
export function profitTargetScaled(s: AccountState, rules: PhaseRules): number | null {
  if (rules.profitTargetBps === null) return null;
  return s.initialCents * (SCALE + rules.profitTargetBps) + s.netDepositsCents * SCALE;
}

/** Target met: balance >= initial × (1 + target%) and no open positions. */
export function targetMet(s: AccountState, rules: PhaseRules): boolean {
  const t = profitTargetScaled(s, rules);
  return t !== null && s.openPositions === 0 && s.balanceCents * SCALE >= t;
}

export function passConditionsMet(s: AccountState, rules: PhaseRules): boolean {
  return rules.kind !== 'funded' && targetMet(s, rules) && s.tradingDaysCount >= rules.minTradingDays;
}

/**
 * The breach the current values cause, if any. When both limits are crossed by the same event,
 * max_loss (the account-wide limit) is reported.
 */
export function findBreach(s: AccountState, rules: PhaseRules, at: number): Breach | null {
  const common = {
    at,
    equityCents: s.equityCents,
    balanceCents: s.balanceCents,
    openPositions: s.openPositions,
    dayKey: s.dayKey ?? '',
  };
  const maxLevel = stateMaxLossLevelScaled(s, rules);
  if (isBelow(s.equityCents, maxLevel)) {
    return { rule: 'max_loss', ...common, levelCents: ceilScaled(maxLevel) };
  }
  const dailyLevel = dailyLossLevelScaled(s.dayStartCents, rules, s.initialCents);
  if (isBelow(s.equityCents, dailyLevel)) {
    return { rule: 'daily_loss', ...common, levelCents: ceilScaled(dailyLevel), dayStartCents: s.dayStartCents };
  }
  return null;
}

import type { TradingAccount } from '@app/contracts/trading';
import type { PhaseRulesDto } from '@app/contracts/challenges';

type Breach = NonNullable<TradingAccount['breach']>;

export type BreachBase = 'day_start_balance' | 'day_start_max' | 'initial' | 'highest_eod_balance' | 'target';

/** The figures of a breach report, as the API stored them, named for the sentence that tells them. */
export interface BreachStory {
  rule: Breach['rule'];
  at: string;
  equityCents: number;
  balanceCents: number;
  levelCents: number;
  /** How far below the level equity was (daily / max loss), or the balance short of the target (time limit). */
  shortCents: number;
  base: BreachBase;
  baseCents: number;
  limitBps: number | null;
  initialCents: number;
  openPositions: number;
  /**
   * Time limit: the pass condition the sentence names. The target when the balance fell short, else
   * the positions still open, else the trading days missing; `objectives` when an older breach does
   * not say which.
   */
  unmet: 'target' | 'positions' | 'days' | 'objectives' | null;
  tradingDays: number | null;
  minTradingDays: number;
}

function unmetOf(b: Breach, minTradingDays: number): BreachStory['unmet'] {
  if (b.rule !== 'time_limit') return null;
  if (b.balanceCents < b.levelCents) return 'target';
  if (b.openPositions > 0) return 'positions';
  if (b.tradingDays != null && b.tradingDays < minTradingDays) return 'days';
  return 'objectives';
}

/** What the level was set by: the formula's base, else (older breaches) the rule and the phase's settings. */
function baseOf(b: Breach, rules: Pick<PhaseRulesDto, 'dailyLossBase' | 'drawdownType'>): BreachBase {
  const kind = b.formula?.base;
  if (b.rule === 'time_limit' || kind === 'profit_target') return 'target';
  if (b.rule === 'daily_loss' || kind === 'day_start') {
    return rules.dailyLossBase === 'max_balance_equity' ? 'day_start_max' : 'day_start_balance';
  }
  if (kind === 'highest_eod_balance' || (!kind && rules.drawdownType === 'eod_trailing')) return 'highest_eod_balance';
  return 'initial';
}

export function breachStory(
  b: Breach,
  account: Pick<TradingAccount, 'initialBalanceCents'>,
  rules: Pick<
    PhaseRulesDto,
    'dailyLossBase' | 'drawdownType' | 'maxDailyLossBps' | 'maxLossBps' | 'profitTargetBps' | 'minTradingDays'
  >,
): BreachStory {
  const base = baseOf(b, rules);
  const initialCents = b.formula?.initialCents ?? account.initialBalanceCents;
  const baseCents =
    b.formula?.baseCents ?? (base.startsWith('day_start') ? (b.dayStartCents ?? initialCents) : initialCents);
  // Time-limit breaches recorded before the target's percentage was kept say 0: the phase's own.
  const targetBps = b.formula?.limitBps || rules.profitTargetBps;
  const limitBps =
    b.rule === 'time_limit'
      ? targetBps
      : (b.formula?.limitBps ??
        (b.rule === 'daily_loss' ? rules.maxDailyLossBps : b.rule === 'max_loss' ? rules.maxLossBps : null));
  return {
    rule: b.rule,
    at: b.at,
    equityCents: b.equityCents,
    balanceCents: b.balanceCents,
    levelCents: b.levelCents,
    shortCents: b.rule === 'time_limit' ? b.levelCents - b.balanceCents : b.levelCents - b.equityCents,
    base,
    baseCents,
    limitBps,
    initialCents,
    openPositions: b.openPositions,
    unmet: unmetOf(b, rules.minTradingDays),
    tradingDays: b.tradingDays ?? null,
    minTradingDays: rules.minTradingDays,
  };
}

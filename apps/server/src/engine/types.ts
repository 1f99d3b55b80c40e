// Public types of the rule engine. Pure data: everything here is JSON-serialisable.
// Units: money = integer cents; percentages = integer basis points (1000 = 10 %);
// times = epoch milliseconds; lots = numbers (summed exactly as integer LOT_UNITS).

/** 1 lot = 10,000 lot units; volumes are summed as integers so totals never drift. */
export const LOT_UNITS = 10_000;
/** Default trading-day time zone (DOMAIN.md, setting TRADING_DAY_TZ). */
export const DEFAULT_TRADING_DAY_TZ = 'Europe/Prague';

export type PhaseKind = 'evaluation' | 'funded';
export type DrawdownType = 'static' | 'eod_trailing';
export type DailyLossBase = 'balance' | 'max_balance_equity';

export interface PhaseRules {
  kind: PhaseKind;
  /** null on funded phases: they never pass. */
  profitTargetBps: number | null;
  maxDailyLossBps: number;
  maxLossBps: number;
  drawdownType: DrawdownType;
  dailyLossBase: DailyLossBase;
  minTradingDays: number;
  /** null = unlimited. */
  maxDays: number | null;
  profitSplitBps: number | null;
  minPayoutCents: number | null;
  payoutIntervalDays: number | null;
  /**
   * Funded phases: the restricted-news rule (null or absent = off). Trades opened or closed within
   * the window around a high-impact event of a traded currency are flagged, not failed.
   */
  restrictedNews?: RestrictedNewsWindow | null;
}

/** Minutes before and after a restricted event during which opening or closing a trade is flagged. */
export interface RestrictedNewsWindow {
  minutesBefore: number;
  minutesAfter: number;
}

interface EventBase {
  id: string;
  /** Event time; for trades it must equal closeTime ?? openTime. */
  time: number;
}

/** Authoritative balance/equity/open positions at `time`. */
export interface SnapshotEvent extends EventBase {
  type: 'snapshot';
  balanceCents: number;
  equityCents: number;
  openPositions: number;
}

/** A trade; closeTime null = still open (counts its trading day, moves no money). */
export interface TradeEvent extends EventBase {
  type: 'trade';
  ticket: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: number;
  openTime: number;
  openPrice: number;
  closeTime: number | null;
  closePrice: number | null;
  profitCents: number;
  commissionCents: number;
  swapCents: number;
}

export type BalanceKind = 'withdrawal' | 'adjustment';

/**
 * A balance operation. `withdrawal` (amount < 0): money taken out, e.g. a paid payout; it lowers
 * balance, equity and the day's base and moves no other level. `adjustment`: a correction of
 * results that counts like a closed trade's profit or loss.
 */
export interface BalanceEvent extends EventBase {
  type: 'balance';
  kind: BalanceKind;
  amountCents: number;
  comment: string;
}

export type EngineEvent = SnapshotEvent | TradeEvent | BalanceEvent;
export type EngineEventType = EngineEvent['type'];

/** Total processing order of events: (time, type order, id). */
export interface EventKey {
  time: number;
  type: EngineEventType;
  id: string;
}

export type AccountStatus = 'pending' | 'active' | 'passed' | 'failed';
export type BreachRule = 'daily_loss' | 'max_loss' | 'time_limit';

/**
 * The comparison a breach failed, with its numbers: what the member area and staff show as the
 * evidence. Money in cents, percentages in basis points.
 */
export interface BreachFormula {
  /** What the level was measured from: the day's base, the initial balance, the trailing
   *  high-water mark (highest end-of-day balance), or the profit target (time limit). */
  base: 'day_start' | 'initial' | 'highest_eod_balance' | 'profit_target';
  baseCents: number;
  /** The rule's percentage of the initial balance (0 for time_limit). */
  limitBps: number;
  initialCents: number;
  /** The same in words, e.g. "equity 94,999.99 < day start 100,000.00 − 5.00 % × initial 100,000.00 = 95,000.00". */
  text: string;
}

export interface Breach {
  rule: BreachRule;
  /** Event time of the breaching event; for time_limit the deadline itself. */
  at: number;
  equityCents: number;
  /** Whole-cent threshold: breach <=> equityCents < levelCents (exact for integer equity).
   *  For time_limit: the balance the profit target required (0 if none). */
  levelCents: number;
  openPositions: number;
  /** daily_loss only: the day's base the level was computed from. */
  dayStartCents?: number;
  /** time_limit only: the trading days counted by the deadline (absent on older breaches). */
  tradingDays?: number;
  balanceCents: number;
  /** Trading day (tz) the breach belongs to. */
  dayKey: string;
  formula: BreachFormula;
}

/** Per trading day (keyed by 'YYYY-MM-DD' in tz). Trades/lots/result count CLOSED trades by close day. */
export interface DayStats {
  trades: number;
  lotUnits: number;
  /** Net result (profit + commission + swap) of trades closed that day. */
  resultCents: number;
  /** Balance at the first moment of the day we know of (the last known one before it). */
  startBalanceCents: number;
  endBalanceCents: number;
  startEquityCents: number;
  endEquityCents: number;
  minEquityCents: number;
}

/** Running aggregates over CLOSED trades, in processing order. */
export interface TradeAggregates {
  trades: number;
  wins: number; // net > 0
  losses: number; // net < 0
  breakeven: number; // net == 0 (ends both streaks)
  grossProfitCents: number; // sum of positive nets
  grossLossCents: number; // sum of |negative nets| (>= 0)
  netProfitCents: number;
  commissionCents: number;
  swapCents: number;
  lotUnits: number;
  bestTradeCents: number | null;
  worstTradeCents: number | null;
  currentWinStreak: number;
  currentLossStreak: number;
  longestWinStreak: number;
  longestLossStreak: number;
}

export interface AccountState {
  /** 2: withdrawals counted apart (withdrawnCents); 1 shifted every level by net deposits. */
  version: 2;
  status: AccountStatus;
  initialCents: number;
  balanceCents: number;
  equityCents: number;
  /** Open positions as the last snapshot reported them (what equity between snapshots rests on). */
  openPositions: number;
  /**
   * Tickets a trade event opened since the last snapshot and no event has closed since: a bridge
   * may report an open before its next snapshot, which then counts it (and clears these). Absent on
   * states stored before it was kept (none known). Read through positionsOpen().
   */
  openTickets?: string[];
  /** Money taken out by withdrawals (payouts), >= 0. Moves no level: only balance, equity, day base. */
  withdrawnCents: number;
  /** Current trading day; null while pending. */
  dayKey: string | null;
  /** [dayStartsAt, nextResetAt) is the current trading day in epoch ms. */
  dayStartsAt: number | null;
  nextResetAt: number | null;
  /** Daily-loss base of the current day (already lowered by intraday withdrawals). */
  dayStartCents: number;
  /** Highest end-of-day balance seen at a boundary (starts at initial; withdrawals never lower it). */
  highestEodBalanceCents: number;
  /** Current max-loss level, whole cents (see Breach.levelCents); recomputed at each boundary. */
  maxLossFloorCents: number;
  /** Trading days (by trade OPEN time) as a set-like object; count kept alongside. */
  tradingDays: Record<string, true>;
  tradingDaysCount: number;
  startedAt: number | null;
  /** Time-limit deadline (see time-limit.ts); null when maxDays is null or pending. */
  deadlineAt: number | null;
  /** The first day boundary settle() crossed after the last event, without an event: an event
   *  before it belongs to a day whose end was already judged, so it needs a replay. */
  clockRolledAt: number | null;
  /** The last known values before the first event at or after the deadline: a time-limit
   *  verdict, taken later (after the grace), reports these rather than what came after. */
  atDeadline: { balanceCents: number; equityCents: number; openPositions: number; tradingDays?: number } | null;
  lastEventTime: number | null;
  lastEventKey: EventKey | null;
  eventsProcessed: number;
  breach: Breach | null;
  passedAt: number | null;
  stats: TradeAggregates;
  daily: Record<string, DayStats>;
}

export interface Verdict {
  status: AccountStatus;
  breach: Breach | null;
  passed: boolean;
  passedAt: number | null;
}

export interface EngineResult {
  state: AccountState;
  verdict: Verdict;
}

export type ObjectiveRule = 'profit_target' | 'min_trading_days' | 'max_daily_loss' | 'max_loss' | 'time_limit';
export type ObjectiveStatus = 'passed' | 'in_progress' | 'failed';

export interface ObjectiveRow {
  rule: ObjectiveRule;
  unit: 'cents' | 'days';
  /** profit_target: profit needed (cents); min_trading_days / time_limit: days;
   *  max_daily_loss / max_loss: the allowed loss in cents (bps × initial). */
  limit: number;
  /** profit_target: current profit; days: days so far; losses: current loss from the base (>= 0). */
  current: number;
  status: ObjectiveStatus;
}

export interface AccountMetrics {
  status: AccountStatus;
  timeZone: string;
  /** Trading day of `now`. */
  todayKey: string;
  /** Next local midnight in timeZone after `now` (epoch ms). */
  nextDailyResetAt: number;
  deadlineAt: number | null;
  initialCents: number;
  balanceCents: number;
  equityCents: number;
  openPositions: number;
  withdrawnCents: number;
  /** balance − initial: the profit still on the account (withdrawn profit excluded). */
  profitCents: number;
  profitBps: number;
  /** equity − today's daily-loss base (0-based at the reset). */
  todayPnlCents: number;
  dayStartCents: number;
  dailyLossLevelCents: number;
  /** equity − level: cents that can still be lost today without a breach (negative once crossed). */
  dailyLossRoomCents: number;
  dailyLossRoomBps: number;
  maxLossLevelCents: number;
  maxLossRoomCents: number;
  maxLossRoomBps: number;
  profitTargetBalanceCents: number | null;
  tradingDays: number;
  minTradingDays: number;
  trades: number;
  wins: number;
  losses: number;
  winRateBps: number | null;
  averageWinCents: number | null;
  /** Negative (a loss), or null without losing trades. */
  averageLossCents: number | null;
  /** grossProfit / grossLoss; null when there is no loss. */
  profitFactor: number | null;
  expectancyCents: number | null;
  lots: number;
  bestTradeCents: number | null;
  worstTradeCents: number | null;
  longestWinStreak: number;
  longestLossStreak: number;
  objectives: ObjectiveRow[];
  breach: Breach | null;
  passedAt: number | null;
}

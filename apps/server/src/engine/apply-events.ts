// Folding ordered events into AccountState.
//
// Between snapshots (a snapshot is authoritative for balance, equity and open positions):
// - closed trade: balance += profit + commission + swap. Equity moves by the same amount only
//   when no positions are known open (openPositions === 0 from the last snapshot): then the trade
//   was opened and closed between snapshots and its P/L is not yet in equity. Otherwise its
//   floating P/L is already in the snapshot equity, and the next snapshot corrects any drift.
// - open trade (closeTime null): counts its trading day; moves no money and no snapshot count, but
//   its ticket stays open (openTickets) until a trade closes it or the next snapshot counts it, so
//   the target (which needs no open position) is not met meanwhile.
// - withdrawal (a payout): lowers balance, equity and the day's base by its amount and moves no
//   other level (max loss and target stay measured against the initial balance), so it is never a
//   daily loss and never buys room. adjustment: a correction of results, counted like a closed
//   trade's net (balance, equity and the day's result; it can pass or breach).
// - day boundary: the new day's levels are computed from the last known values, and the last known
//   equity is checked against them at the boundary instant (midnight is a check).
// - at or after the time-limit deadline events update the figures but are not judged: the time
//   verdict is settle()'s, taken after a grace so late events stamped before the deadline count.
// Out-of-order input (an event at or before state.lastEventKey, or before the current day) is the
// caller's problem: check needsReplay() and replay() the full history instead. Each closed ticket
// must come once (the store enforces it per account).
import { compareEventKeys } from './event-order.ts';
import { positionsOpen } from './positions-open.ts';
import { ceilScaled, dailyBaseAt, findBreach, passConditionsMet, stateMaxLossLevelScaled } from './rules.ts';
import { deadlineOf } from './time-limit.ts';
import { dayInterval } from './trading-day.ts';
import type {
  AccountState,
  BalanceEvent,
  DayStats,
  EngineEvent,
  EngineResult,
  PhaseRules,
  SnapshotEvent,
  TradeEvent,
} from './types.ts';
import { LOT_UNITS } from './types.ts';
import { verdictOf } from './verdict.ts';

export function initialState(rules: PhaseRules, initialCents: number, _tz: string): AccountState {
  if (!Number.isSafeInteger(initialCents) || initialCents <= 0)
    throw new RangeError('initialCents must be a positive integer');
  const s: AccountState = {
    version: 2,
    status: 'pending',
    initialCents,
    balanceCents: initialCents,
    equityCents: initialCents,
    openPositions: 0,
    withdrawnCents: 0,
    dayKey: null,
    dayStartsAt: null,
    nextResetAt: null,
    dayStartCents: initialCents,
    highestEodBalanceCents: initialCents,
    maxLossFloorCents: 0,
    tradingDays: {},
    tradingDaysCount: 0,
    startedAt: null,
    deadlineAt: null,
    atDeadline: null,
    clockRolledAt: null,
    lastEventTime: null,
    lastEventKey: null,
    eventsProcessed: 0,
    breach: null,
    passedAt: null,
    stats: {
      trades: 0,
      wins: 0,
      losses: 0,
      breakeven: 0,
      grossProfitCents: 0,
      grossLossCents: 0,
      netProfitCents: 0,
      commissionCents: 0,
      swapCents: 0,
      lotUnits: 0,
      bestTradeCents: null,
      worstTradeCents: null,
      currentWinStreak: 0,
      currentLossStreak: 0,
      longestWinStreak: 0,
      longestLossStreak: 0,
    },
    daily: {},
  };
  s.maxLossFloorCents = ceilScaled(stateMaxLossLevelScaled(s, rules));
  return s;
}

function newDay(s: AccountState): DayStats {
  return {
    trades: 0,
    lotUnits: 0,
    resultCents: 0,
    startBalanceCents: s.balanceCents,
    endBalanceCents: s.balanceCents,
    startEquityCents: s.equityCents,
    endEquityCents: s.equityCents,
    minEquityCents: s.equityCents,
  };
}

function enterDay(s: AccountState, time: number, tz: string): void {
  const iv = dayInterval(time, tz);
  s.dayKey = iv.key;
  s.dayStartsAt = iv.start;
  s.nextResetAt = iv.end;
  // A day can be re-entered only with out-of-order input; keep its stats then.
  if (!s.daily[iv.key]) s.daily[iv.key] = newDay(s);
}

/** First event: pending -> active, first day's base = initial. */
function start(s: AccountState, rules: PhaseRules, time: number, tz: string): void {
  s.status = 'active';
  s.startedAt = time;
  s.dayStartCents = s.initialCents;
  enterDay(s, time, tz);
  s.deadlineAt = deadlineOf(s, rules, tz);
}

/**
 * Day boundary, crossed because of an event (or settle()) at `time`: the new day's levels come from
 * the last known values, and the last known equity is checked against them at the boundary itself,
 * so a floating loss carried over midnight breaches at 00:00, whatever the next event says.
 * Boundaries at or after the deadline are not checked (the time verdict is settle()'s).
 */
export function rollOver(s: AccountState, rules: PhaseRules, time: number, tz: string): void {
  const boundary = s.nextResetAt!;
  // A day the clock entered and nothing happened in is not kept (the events alone never enter it).
  if (s.clockRolledAt !== null) delete s.daily[s.dayKey!];
  s.highestEodBalanceCents = Math.max(s.highestEodBalanceCents, s.balanceCents);
  s.dayStartCents = dailyBaseAt(rules.dailyLossBase, s.balanceCents, s.equityCents);
  s.maxLossFloorCents = ceilScaled(stateMaxLossLevelScaled(s, rules));
  enterDay(s, time, tz);
  if (s.status !== 'active' || (s.deadlineAt !== null && boundary >= s.deadlineAt)) return;
  const breach = findBreach(s, rules, boundary, dayInterval(boundary, tz).key);
  if (breach) {
    s.status = 'failed';
    s.breach = breach;
  }
}

function addTradingDay(s: AccountState, openTime: number, tz: string): void {
  const key =
    s.dayStartsAt !== null && openTime >= s.dayStartsAt && openTime < s.nextResetAt!
      ? s.dayKey!
      : dayInterval(openTime, tz).key;
  if (s.tradingDays[key] !== true) {
    s.tradingDays[key] = true;
    s.tradingDaysCount++;
  }
}

function applyTrade(s: AccountState, e: TradeEvent, day: DayStats, tz: string): void {
  addTradingDay(s, e.openTime, tz);
  if (e.closeTime === null) {
    if (!s.openTickets?.includes(e.ticket)) s.openTickets = [...(s.openTickets ?? []), e.ticket];
    return;
  }
  if (s.openTickets?.includes(e.ticket)) s.openTickets = s.openTickets.filter((t) => t !== e.ticket);
  const net = e.profitCents + e.commissionCents + e.swapCents;
  if (s.openPositions === 0) s.equityCents += net;
  s.balanceCents += net;
  const lots = Math.round(e.volume * LOT_UNITS);
  const a = s.stats;
  a.trades++;
  a.netProfitCents += net;
  a.commissionCents += e.commissionCents;
  a.swapCents += e.swapCents;
  a.lotUnits += lots;
  a.bestTradeCents = a.bestTradeCents === null ? net : Math.max(a.bestTradeCents, net);
  a.worstTradeCents = a.worstTradeCents === null ? net : Math.min(a.worstTradeCents, net);
  if (net > 0) {
    a.wins++;
    a.grossProfitCents += net;
    a.currentWinStreak++;
    a.currentLossStreak = 0;
    a.longestWinStreak = Math.max(a.longestWinStreak, a.currentWinStreak);
  } else if (net < 0) {
    a.losses++;
    a.grossLossCents -= net;
    a.currentLossStreak++;
    a.currentWinStreak = 0;
    a.longestLossStreak = Math.max(a.longestLossStreak, a.currentLossStreak);
  } else {
    a.breakeven++;
    a.currentWinStreak = 0;
    a.currentLossStreak = 0;
  }
  day.trades++;
  day.lotUnits += lots;
  day.resultCents += net;
}

function applyBalance(s: AccountState, e: BalanceEvent, day: DayStats): void {
  s.balanceCents += e.amountCents;
  s.equityCents += e.amountCents;
  if (e.kind === 'withdrawal') {
    // Money out, not a loss: the day's base follows it; the max-loss level and target do not.
    s.dayStartCents += e.amountCents;
    s.withdrawnCents -= e.amountCents;
  } else {
    day.resultCents += e.amountCents;
  }
}

function applySnapshot(s: AccountState, e: SnapshotEvent): void {
  s.balanceCents = e.balanceCents;
  s.equityCents = e.equityCents;
  s.openPositions = e.openPositions;
  // The snapshot counts every position open at its time, those opened before it included.
  if (s.openTickets?.length) s.openTickets = [];
}

/**
 * An event before the current day but after s.clockRolledAt (needsReplay sends the others to a
 * replay): settle() entered this day with no event in it, and nothing happened since the boundary it
 * crossed, so the event's own day starts from the same base, high-water mark and floor (the
 * boundaries in between saw the same values). The empty day is dropped.
 */
function reenterDay(s: AccountState, time: number, tz: string): void {
  delete s.daily[s.dayKey!];
  enterDay(s, time, tz);
}

/** Mutates s with one event (s must be a private copy). */
function step(s: AccountState, rules: PhaseRules, e: EngineEvent, tz: string): void {
  if (s.status === 'pending') start(s, rules, e.time, tz);
  if (e.time < s.dayStartsAt!) reenterDay(s, e.time, tz);
  else if (e.time >= s.nextResetAt!) rollOver(s, rules, e.time, tz);
  const pastDeadline = s.deadlineAt !== null && e.time >= s.deadlineAt;
  if (pastDeadline && s.atDeadline === null) {
    s.atDeadline = {
      balanceCents: s.balanceCents,
      equityCents: s.equityCents,
      openPositions: positionsOpen(s),
      tradingDays: s.tradingDaysCount,
    };
  }
  const day = s.daily[s.dayKey!]!;
  if (e.type === 'trade') applyTrade(s, e, day, tz);
  else if (e.type === 'balance') applyBalance(s, e, day);
  else applySnapshot(s, e);
  day.endBalanceCents = s.balanceCents;
  day.endEquityCents = s.equityCents;
  if (s.equityCents < day.minEquityCents) day.minEquityCents = s.equityCents;
  s.lastEventTime = e.time;
  s.clockRolledAt = null;
  s.lastEventKey = { time: e.time, type: e.type, id: e.id };
  s.eventsProcessed++;
  // Verdicts are final: only an active account is judged, and only before its deadline
  // (s.deadlineAt is deadlineOf() cached at the start: no tz work per event).
  if (s.status !== 'active' || pastDeadline) return;
  const breach = findBreach(s, rules, e.time);
  if (breach) {
    s.status = 'failed';
    s.breach = breach;
  } else if (passConditionsMet(s, rules)) {
    s.status = 'passed';
    s.passedAt = e.time;
  }
}

/**
 * Applies a batch. Sorts it by (time, type order, id) itself, so the order inside a batch never
 * matters. Does not mutate `state`. Events at or before state.lastEventKey must not be passed here
 * (see needsReplay): replay the full history instead.
 */
export function applyEvents(
  state: AccountState,
  rules: PhaseRules,
  events: readonly EngineEvent[],
  tz: string,
): EngineResult {
  const s = structuredClone(state);
  const sorted = [...events].sort(compareEventKeys);
  for (const e of sorted) step(s, rules, e, tz);
  return { state: s, verdict: verdictOf(s) };
}

export function replay(
  rules: PhaseRules,
  initialCents: number,
  events: readonly EngineEvent[],
  tz: string,
  /**
   * The last event time staff had seen when they reinstated the account: a failure at or before it
   * was forgiven, so the account goes on from there as active, judged by what follows.
   */
  reinstatedThrough: number | null = null,
): EngineResult {
  const start = initialState(rules, initialCents, tz);
  if (reinstatedThrough === null) return applyEvents(start, rules, events, tz);
  const before = applyEvents(
    start,
    rules,
    events.filter((e) => e.time <= reinstatedThrough),
    tz,
  ).state;
  const reinstated: AccountState = before.status === 'failed' ? { ...before, status: 'active', breach: null } : before;
  return applyEvents(
    reinstated,
    rules,
    events.filter((e) => e.time > reinstatedThrough),
    tz,
  );
}

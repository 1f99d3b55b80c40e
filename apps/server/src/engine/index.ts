// Public API of the pure rule engine (no I/O, no clock: time always comes in as arguments).
// Semantics in one place: DOMAIN.md "Rule semantics", plus the decisions documented in
// apply-events.ts (equity between snapshots, capital movements, ordering), rules.ts (exact
// arithmetic, rounding of reported levels) and time-limit.ts (deadline).
export * from './types.ts';
export { initialState, applyEvents, replay } from './apply-events.ts';
export { compactState } from './compact-state.ts';
export { settle, settleDue } from './settle.ts';
export { deadlineFor, deadlineOf } from './time-limit.ts';
export { plainMoney } from './breach-formula.ts';
export { computeMetrics } from './metrics.ts';
export { positionsOpen } from './positions-open.ts';
export {
  tradingDayKey,
  nextDailyReset,
  dayStartFor,
  dayInterval,
  addDaysToKey,
  type DayInterval,
} from './trading-day.ts';
export { compareEventKeys, eventKey, needsReplay, sortEvents } from './event-order.ts';
export { eventProblem } from './validate.ts';
export { sameVerdict, verdictOf, withVerdict } from './verdict.ts';
export {
  restrictedNewsViolations,
  type NewsViolation,
  type RestrictedEvent,
  type TradeTimes,
} from './restricted-news.ts';

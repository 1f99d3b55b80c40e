// Public API of the pure rule engine (no I/O, no clock: time always comes in as arguments).
export * from './types.ts';
export { initialState, applyEvents, replay } from './apply-events.ts';
export { checkTimeLimit, deadlineFor, deadlineOf } from './time-limit.ts';
export { computeMetrics } from './metrics.ts';
export { tradingDayKey, nextDailyReset, dayStartFor, dayInterval, addDaysToKey, type DayInterval } from './trading-day.ts';
export { compareEventKeys, eventKey, needsReplay, sortEvents } from './event-order.ts';
export { verdictOf } from './verdict.ts';

// Total order of events: (time, type order, id). At equal times capital movements come first,
// then trades, then the snapshot, because a snapshot states the result of everything at that time.
import type { AccountState, EngineEvent, EngineEventType, EventKey } from './types.ts';

export const TYPE_ORDER: Record<EngineEventType, number> = { balance: 0, trade: 1, snapshot: 2 };

export function eventKey(e: EngineEvent): EventKey {
  return { time: e.time, type: e.type, id: e.id };
}

export function compareEventKeys(a: EventKey, b: EventKey): number {
  if (a.time !== b.time) return a.time < b.time ? -1 : 1;
  const t = TYPE_ORDER[a.type] - TYPE_ORDER[b.type];
  if (t !== 0) return t;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; // code-unit order, locale independent
}

export function sortEvents(events: readonly EngineEvent[]): EngineEvent[] {
  return [...events].sort(compareEventKeys);
}

/**
 * True when appending `events` to `state` would be out of order: some event is at or before the
 * last processed key, before the day boundary settle() crossed after it (that day's end was already
 * judged), or before a verdict the clock took (a midnight check, a time limit) which it might
 * change. The caller must then replay the account from its full stored history. An event after all
 * of these is in order, even before a later day settle() entered without events (applyEvents
 * re-enters its day: nothing happened in between).
 */
export function needsReplay(state: AccountState, events: readonly EngineEvent[]): boolean {
  const last = state.lastEventKey;
  const judgedUntil = Math.max(state.clockRolledAt ?? -Infinity, state.breach?.at ?? -Infinity);
  return events.some((e) => (last !== null && compareEventKeys(e, last) <= 0) || e.time < judgedUntil);
}

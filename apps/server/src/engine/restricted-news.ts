// The restricted-news rule: which trades were opened or closed within the window around a
// high-impact event of a currency they trade. Pure: the events are an input (the server reads
// them from the calendar), so the flags follow the calendar as it stands when asked.
import type { RestrictedNewsWindow } from './types.ts';

/** A high-impact calendar event; `currency` is a 3-letter code or `ALL` (matches every symbol). */
export interface RestrictedEvent {
  id: string;
  time: number;
  currency: string;
  title: string;
}

export interface TradeTimes {
  ticket: string;
  symbol: string;
  openTime: number;
  /** null while open: only its opening can be flagged. */
  closeTime: number | null;
}

export interface NewsViolation {
  ticket: string;
  symbol: string;
  side: 'open' | 'close';
  tradeTime: number;
  event: RestrictedEvent;
}

/**
 * Every (trade end, event) pair where the trade's open or close time lies in
 * [event − minutesBefore, event + minutesAfter] (both ends inclusive) and the symbol contains the
 * event's currency (EURUSD → EUR and USD; `XAUUSD.m` → USD; ALL → any symbol). Ordered by trade
 * time, then event time. O((trades + events) log events): events are sorted once and each trade
 * end looks up its window by binary search.
 */
export function restrictedNewsViolations(
  trades: readonly TradeTimes[],
  events: readonly RestrictedEvent[],
  window: RestrictedNewsWindow,
): NewsViolation[] {
  if (events.length === 0 || trades.length === 0) return [];
  const sorted = [...events].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
  const before = window.minutesBefore * 60_000;
  const after = window.minutesAfter * 60_000;
  const out: NewsViolation[] = [];
  for (const trade of trades) {
    const symbol = trade.symbol.toUpperCase();
    const ends: ['open' | 'close', number][] = [['open', trade.openTime]];
    if (trade.closeTime !== null) ends.push(['close', trade.closeTime]);
    for (const [side, t] of ends) {
      // An event restricts t when event − before ≤ t ≤ event + after, i.e. t − after ≤ event ≤ t + before.
      for (let i = firstAtOrAfter(sorted, t - after); i < sorted.length && sorted[i]!.time <= t + before; i++) {
        const event = sorted[i]!;
        if (event.currency === 'ALL' || symbol.includes(event.currency)) {
          out.push({ ticket: trade.ticket, symbol: trade.symbol, side, tradeTime: t, event });
        }
      }
    }
  }
  return out.sort((a, b) => a.tradeTime - b.tradeTime || a.event.time - b.event.time);
}

function firstAtOrAfter(events: readonly RestrictedEvent[], time: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

import type { NewsViolation, NewsViolations } from '@app/contracts/news';

/** One flagged end of a trade (its open or its close) and every restricted event whose window holds it. */
export interface FlaggedEnd {
  side: NewsViolation['side'];
  time: string;
  events: NewsViolation['event'][];
}

/** A trade flagged by the restricted-news rule, once, with the ends and events that flagged it. */
export interface FlaggedTrade {
  ticket: string;
  symbol: string;
  ends: FlaggedEnd[];
}

/**
 * The rule answers one entry per (trade end, event) pair, so a trade near two events (or opened and
 * closed near one) comes several times; a reviewer judges trades. Grouped by ticket (unique within
 * the account), in the order of their first flagged time; ends and events keep the rule's order.
 */
export function flaggedTrades(violations: NewsViolations['violations']): FlaggedTrade[] {
  const trades = new Map<string, FlaggedTrade>();
  for (const v of violations) {
    let trade = trades.get(v.ticket);
    if (!trade) {
      trade = { ticket: v.ticket, symbol: v.symbol, ends: [] };
      trades.set(v.ticket, trade);
    }
    let end = trade.ends.find((e) => e.side === v.side);
    if (!end) {
      end = { side: v.side, time: v.tradeTime, events: [] };
      trade.ends.push(end);
    }
    if (!end.events.some((e) => e.id === v.event.id)) end.events.push(v.event);
  }
  return [...trades.values()];
}

import type { accountEvents } from './schema/index.ts';

/**
 * Typed views of an account_events row. The table holds every kind in one row shape (nullable
 * columns); the kind's CHECK constraint guarantees the columns read here are set.
 */
export type AccountEventRow = typeof accountEvents.$inferSelect;

export interface TradeRow {
  seq: number;
  eventId: string;
  time: Date;
  ticket: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: number;
  openTime: Date;
  openPrice: number;
  closeTime: Date | null;
  closePrice: number | null;
  profitCents: number;
  commissionCents: number;
  swapCents: number;
}

export function tradeOf(r: AccountEventRow): TradeRow {
  return {
    seq: r.seq,
    eventId: r.eventId,
    time: r.time,
    ticket: r.ticket!,
    symbol: r.symbol!,
    side: r.side!,
    volume: r.volume!,
    openTime: r.openTime!,
    openPrice: r.openPrice!,
    closeTime: r.closeTime,
    closePrice: r.closePrice,
    profitCents: r.profitCents!,
    commissionCents: r.commissionCents!,
    swapCents: r.swapCents!,
  };
}

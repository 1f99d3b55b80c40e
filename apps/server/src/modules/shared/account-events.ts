import { accountEvents } from '../../db/schema/index.ts';
import type { EngineEvent } from '../../engine/index.ts';

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
    seq: r.seq, eventId: r.eventId, time: r.time, ticket: r.ticket!, symbol: r.symbol!, side: r.side!, volume: r.volume!,
    openTime: r.openTime!, openPrice: r.openPrice!, closeTime: r.closeTime, closePrice: r.closePrice,
    profitCents: r.profitCents!, commissionCents: r.commissionCents!, swapCents: r.swapCents!,
  };
}

/** A stored event as the rule engine reads it (the history replay after a late event). */
export function engineEventOf(r: AccountEventRow): EngineEvent {
  const time = r.time.getTime();
  switch (r.kind) {
    case 'trade': {
      const t = tradeOf(r);
      return {
        type: 'trade', id: r.eventId, time, ticket: t.ticket, symbol: t.symbol, side: t.side, volume: t.volume,
        openTime: t.openTime.getTime(), openPrice: t.openPrice, closeTime: t.closeTime?.getTime() ?? null, closePrice: t.closePrice,
        profitCents: t.profitCents, commissionCents: t.commissionCents, swapCents: t.swapCents,
      };
    }
    case 'snapshot':
      return { type: 'snapshot', id: r.eventId, time, balanceCents: r.balanceCents!, equityCents: r.equityCents!, openPositions: r.openPositions! };
    case 'balance':
      return { type: 'balance', id: r.eventId, time, amountCents: r.amountCents!, comment: r.comment! };
  }
}

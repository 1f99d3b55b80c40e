import { eq } from 'drizzle-orm';
import type { EngineEvent } from '../engine/index.ts';
import type { Db, Tx } from './client.ts';
import { accountEvents } from './schema/index.ts';

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

/** A stored event as the rule engine reads it (the history replay after a late event). */
function engineEventOf(r: AccountEventRow): EngineEvent {
  const time = r.time.getTime();
  switch (r.kind) {
    case 'trade': {
      const t = tradeOf(r);
      return {
        type: 'trade',
        id: r.eventId,
        time,
        ticket: t.ticket,
        symbol: t.symbol,
        side: t.side,
        volume: t.volume,
        openTime: t.openTime.getTime(),
        openPrice: t.openPrice,
        closeTime: t.closeTime?.getTime() ?? null,
        closePrice: t.closePrice,
        profitCents: t.profitCents,
        commissionCents: t.commissionCents,
        swapCents: t.swapCents,
      };
    }
    case 'snapshot':
      return {
        type: 'snapshot',
        id: r.eventId,
        time,
        balanceCents: r.balanceCents!,
        equityCents: r.equityCents!,
        openPositions: r.openPositions!,
      };
    case 'balance':
      return {
        type: 'balance',
        id: r.eventId,
        time,
        kind: r.balanceKind!,
        amountCents: r.amountCents!,
        comment: r.comment!,
      };
  }
}

/** An account's full stored history, for a recompute (a late event, a verdict review). */
export async function accountHistory(db: Db | Tx, accountId: string): Promise<EngineEvent[]> {
  const rows = await db.select().from(accountEvents).where(eq(accountEvents.accountId, accountId));
  return rows.map(engineEventOf);
}

import type { IngestEvent } from '@app/contracts';
import type { Breach, EngineEvent } from '../../engine/index.ts';

/** Integration-API event (decimal money already converted to cents) → engine event. */
export function toEngineEvent(e: IngestEvent): EngineEvent {
  switch (e.type) {
    case 'snapshot':
      return {
        type: 'snapshot',
        id: e.id,
        time: e.time,
        balanceCents: e.balance,
        equityCents: e.equity,
        openPositions: e.openPositions,
      };
    case 'balance':
      return { type: 'balance', id: e.id, time: e.time, kind: e.kind, amountCents: e.amount, comment: e.comment };
    case 'trade':
      return {
        type: 'trade',
        id: e.id,
        time: e.closeTime ?? e.openTime,
        ticket: e.ticket,
        symbol: e.symbol,
        side: e.side,
        volume: e.volume,
        openTime: e.openTime,
        openPrice: e.openPrice,
        closeTime: e.closeTime,
        closePrice: e.closePrice,
        profitCents: e.profit,
        commissionCents: e.commission,
        swapCents: e.swap,
      };
  }
}

/** A breach as the ingestion answer reports it: decimal money, ISO time. */
export function toAnswerBreach(b: Breach | null) {
  if (!b) return null;
  return { rule: b.rule, at: new Date(b.at).toISOString(), equity: b.equityCents / 100, level: b.levelCents / 100 };
}

// Builders shared by the engine tests (not part of the public API).
import type { BalanceEvent, PhaseRules, SnapshotEvent, TradeEvent } from './types.ts';

export const TZ = 'Europe/Prague';
export const INITIAL = 10_000_000; // 100,000.00

export function rules(over: Partial<PhaseRules> = {}): PhaseRules {
  return {
    kind: 'evaluation',
    profitTargetBps: 1000,
    maxDailyLossBps: 500,
    maxLossBps: 1000,
    drawdownType: 'static',
    dailyLossBase: 'balance',
    minTradingDays: 0,
    maxDays: null,
    profitSplitBps: null,
    minPayoutCents: null,
    payoutIntervalDays: null,
    ...over,
  };
}

let seq = 0;
const nextId = (p: string) => `${p}${String(++seq).padStart(6, '0')}`;

export const at = (iso: string): number => Date.parse(iso);

export function snap(time: number, balanceCents: number, equityCents = balanceCents, openPositions = 0): SnapshotEvent {
  return { id: nextId('s'), type: 'snapshot', time, balanceCents, equityCents, openPositions };
}

export function closed(
  openTime: number,
  closeTime: number,
  netCents: number,
  volume = 1,
  extra: Partial<TradeEvent> = {},
): TradeEvent {
  return {
    id: nextId('t'),
    type: 'trade',
    time: closeTime,
    ticket: nextId('k'),
    symbol: 'EURUSD',
    side: 'buy',
    volume,
    openTime,
    openPrice: 1.1,
    closeTime,
    closePrice: 1.2,
    profitCents: netCents,
    commissionCents: 0,
    swapCents: 0,
    ...extra,
  };
}

export function opened(openTime: number, volume = 1): TradeEvent {
  return {
    id: nextId('t'),
    type: 'trade',
    time: openTime,
    ticket: nextId('k'),
    symbol: 'EURUSD',
    side: 'sell',
    volume,
    openTime,
    openPrice: 1.1,
    closeTime: null,
    closePrice: null,
    profitCents: 0,
    commissionCents: 0,
    swapCents: 0,
  };
}

/** A balance event: a withdrawal when amount < 0 unless kind says otherwise. */
export function bal(time: number, amountCents: number, kind?: BalanceEvent['kind']): BalanceEvent {
  return {
    id: nextId('b'),
    type: 'balance',
    time,
    kind: kind ?? (amountCents < 0 ? 'withdrawal' : 'adjustment'),
    amountCents,
    comment: 'test',
  };
}

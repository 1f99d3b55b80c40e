// Input preconditions of the engine. The engine's exactness relies on integer cents and integer
// times; the ingestion edge should reject events failing these (applyEvents does not re-check).
import { MAX_MONEY_CENTS } from '@app/contracts/constants';
import type { EngineEvent } from './types.ts';

/** Keeps cents × 10,000 inside Number.MAX_SAFE_INTEGER; the API refuses larger amounts at the edge. */
const MAX_CENTS = MAX_MONEY_CENTS;

function cents(v: number): boolean {
  return Number.isSafeInteger(v) && Math.abs(v) <= MAX_CENTS;
}

function time(v: number): boolean {
  return Number.isSafeInteger(v) && v >= 0;
}

/** The first problem of an event as { field, message }, or null when the engine can take it. */
export function eventProblem(e: EngineEvent): { field: string; message: string } | null {
  if (typeof e.id !== 'string' || e.id.length === 0) return { field: 'id', message: 'must be a non-empty string' };
  if (!time(e.time)) return { field: 'time', message: 'must be an integer epoch ms' };
  switch (e.type) {
    case 'snapshot':
      if (!cents(e.balanceCents)) return { field: 'balance', message: 'must be whole cents' };
      if (!cents(e.equityCents)) return { field: 'equity', message: 'must be whole cents' };
      if (!Number.isSafeInteger(e.openPositions) || e.openPositions < 0)
        return { field: 'openPositions', message: 'must be a non-negative integer' };
      return null;
    case 'balance':
      if (!cents(e.amountCents)) return { field: 'amount', message: 'must be whole cents' };
      return null;
    case 'trade':
      if (!time(e.openTime)) return { field: 'openTime', message: 'must be an integer epoch ms' };
      if (e.closeTime !== null && !time(e.closeTime))
        return { field: 'closeTime', message: 'must be an integer epoch ms' };
      if (e.closeTime !== null && e.closeTime < e.openTime)
        return { field: 'closeTime', message: 'must not be before openTime' };
      if (e.time !== (e.closeTime ?? e.openTime)) return { field: 'time', message: 'must equal closeTime ?? openTime' };
      if (!Number.isFinite(e.volume) || e.volume <= 0) return { field: 'volume', message: 'must be a positive number' };
      if (!cents(e.profitCents)) return { field: 'profit', message: 'must be whole cents' };
      if (!cents(e.commissionCents)) return { field: 'commission', message: 'must be whole cents' };
      if (!cents(e.swapCents)) return { field: 'swap', message: 'must be whole cents' };
      return null;
  }
}

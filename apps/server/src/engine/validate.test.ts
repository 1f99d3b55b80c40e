import { MAX_MONEY_CENTS } from '@app/contracts/constants';
import { describe, expect, it } from 'vitest';
import { closed, opened, snap, bal } from './test-fixtures.ts';
import { eventProblem } from './validate.ts';

describe('eventProblem', () => {
  it('accepts well-formed events', () => {
    for (const e of [snap(1, 100, 90, 1), closed(1, 2, -5), opened(3), bal(4, -100)])
      expect(eventProblem(e)).toBeNull();
  });
  it('names the offending field', () => {
    expect(eventProblem({ ...snap(1, 100), equityCents: 1.5 })?.field).toBe('equity');
    expect(eventProblem({ ...snap(1, 100), openPositions: -1 })?.field).toBe('openPositions');
    expect(eventProblem({ ...closed(5, 10, 1), time: 5 })?.field).toBe('time');
    expect(eventProblem(closed(10, 5, 1))?.field).toBe('closeTime');
    expect(eventProblem({ ...closed(1, 2, 1), volume: 0 })?.field).toBe('volume');
    expect(eventProblem({ ...bal(1, 1), amountCents: 1e16 })?.field).toBe('amount');
  });
  it('takes money up to MAX_MONEY_CENTS either way, and names the field one cent beyond it', () => {
    const at = MAX_MONEY_CENTS;
    expect(at).toBe(900_000_000_000);
    // The bound keeps cents × 10,000 (the engine's exact comparisons) inside the safe integers.
    expect(Number.isSafeInteger(at * 10_000)).toBe(true);
    for (const c of [at, -at, at - 1, -(at - 1)]) {
      expect(eventProblem(snap(1, c, c))).toBeNull();
      expect(eventProblem(bal(1, c))).toBeNull();
      expect(eventProblem({ ...closed(1, 2, 0), profitCents: c, commissionCents: c, swapCents: c })).toBeNull();
    }
    for (const c of [at + 1, -(at + 1)]) {
      expect(eventProblem({ ...snap(1, 100), balanceCents: c })?.field).toBe('balance');
      expect(eventProblem({ ...snap(1, 100), equityCents: c })?.field).toBe('equity');
      expect(eventProblem(bal(1, c))?.field).toBe('amount');
      expect(eventProblem({ ...closed(1, 2, 0), profitCents: c })?.field).toBe('profit');
      expect(eventProblem({ ...closed(1, 2, 0), commissionCents: c })?.field).toBe('commission');
      expect(eventProblem({ ...closed(1, 2, 0), swapCents: c })?.field).toBe('swap');
    }
  });
});

// The profit a payout withdraws: the trader's amount and the firm's share of the same profit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossFor, traderShare } from './payout-shares.ts';

describe('the profit a payout withdraws', () => {
  it('takes the whole profit for the whole share, leaving no cent behind', () => {
    expect(traderShare(1001, 8000)).toBe(800);
    expect(grossFor(800, 1001, 8000)).toBe(1001);
    expect(grossFor(500_000, 625_000, 8000)).toBe(625_000);
  });

  it('for part of the share: the amount ÷ split rounded up, within the profit', () => {
    expect(grossFor(500, 1001, 8000)).toBe(625);
    expect(grossFor(1, 1001, 8000)).toBe(2);
  });

  it('never withdraws less than the amount nor more than the profit, and the firm gets its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (profit, split, part) => {
          const share = traderShare(profit, split);
          const amount = Math.max(1, Math.floor(share * part));
          if (share < 1) return;
          const gross = grossFor(amount, profit, split);
          expect(gross).toBeGreaterThanOrEqual(amount);
          expect(gross).toBeLessThanOrEqual(profit);
          // The firm's share of the withdrawn profit is at least its split of it, to the cent.
          expect(gross - amount).toBeGreaterThanOrEqual(Math.floor(((10_000 - split) * gross) / 10_000));
        },
      ),
      { seed: 20_261_201, numRuns: 500 },
    );
  });
});

// fast-check generators of rules and event streams shared by the property tests.
import fc from 'fast-check';
import { compareEventKeys } from './event-order.ts';
import type { EngineEvent, PhaseRules } from './types.ts';

export const rulesArb: fc.Arbitrary<PhaseRules> = fc
  .record({
    funded: fc.boolean(),
    target: fc.integer({ min: 50, max: 1500 }),
    daily: fc.integer({ min: 100, max: 1500 }),
    max: fc.integer({ min: 200, max: 2500 }),
    drawdownType: fc.constantFrom('static' as const, 'eod_trailing' as const),
    dailyLossBase: fc.constantFrom('balance' as const, 'max_balance_equity' as const),
    minTradingDays: fc.integer({ min: 0, max: 4 }),
    maxDays: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  })
  .map((r) => ({
    kind: r.funded ? 'funded' : 'evaluation',
    profitTargetBps: r.funded ? null : r.target,
    maxDailyLossBps: r.daily,
    maxLossBps: r.max,
    drawdownType: r.drawdownType,
    dailyLossBase: r.dailyLossBase,
    minTradingDays: r.minTradingDays,
    maxDays: r.maxDays,
    profitSplitBps: r.funded ? 8000 : null,
    minPayoutCents: null,
    payoutIntervalDays: r.funded ? 14 : null,
  }));

export const initialArb = fc.constantFrom(1_000_000, 10_000_000, 1_000_001, 2_500_003);

// Starts around both Prague DST changes and a plain month.
const startArb = fc.constantFrom(
  Date.parse('2026-03-26T21:30:00Z'),
  Date.parse('2026-10-22T22:30:00Z'),
  Date.parse('2026-06-01T06:00:00Z'),
);

const HOUR = 3_600_000;
const stepArb = fc.record({
  dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 * HOUR }), fc.integer({ min: 0, max: 3 * 24 * HOUR })),
  kind: fc.constantFrom('snap', 'snap', 'closed', 'closed', 'closed', 'open', 'bal', 'wd'),
  a: fc.integer({ min: -1200, max: 1200 }), // bps of initial
  b: fc.integer({ min: -600, max: 600 }),
  open: fc.integer({ min: 0, max: 3 }),
  vol: fc.integer({ min: 1, max: 500 }),
  back: fc.integer({ min: 0, max: 2 * 24 * HOUR }),
  id: fc.integer({ min: 0, max: 3 }),
});

/** A stream in processing order (ids unique; equal times happen on purpose). */
export function streamArb(initial: number): fc.Arbitrary<EngineEvent[]> {
  return fc.tuple(startArb, fc.array(stepArb, { maxLength: 60 })).map(([start, steps]) => {
    let t = start;
    const out: EngineEvent[] = steps.map((s, i): EngineEvent => {
      t += s.dt;
      const id = `${s.id}-${String(i).padStart(3, '0')}`; // id prefix varies so ties are not in index order
      const amt = Math.trunc((initial * s.a) / 10_000);
      if (s.kind === 'snap') {
        return {
          id,
          type: 'snapshot',
          time: t,
          balanceCents: initial + amt,
          equityCents: initial + amt + Math.trunc((initial * s.b) / 10_000),
          openPositions: s.open,
        };
      }
      if (s.kind === 'bal')
        return { id, type: 'balance', time: t, kind: 'adjustment', amountCents: Math.trunc(amt / 4), comment: 'adj' };
      if (s.kind === 'wd') {
        const amountCents = -Math.abs(Math.trunc(amt / 4)) - 1;
        return { id, type: 'balance', time: t, kind: 'withdrawal', amountCents, comment: 'payout' };
      }
      const isOpen = s.kind === 'open';
      return {
        id,
        type: 'trade',
        time: t,
        ticket: `k${i}`,
        symbol: 'EURUSD',
        side: s.b > 0 ? 'buy' : 'sell',
        volume: s.vol / 100,
        openTime: isOpen ? t : t - s.back,
        openPrice: 1.1,
        closeTime: isOpen ? null : t,
        closePrice: isOpen ? null : 1.2,
        profitCents: isOpen ? 0 : Math.trunc(amt / 3),
        commissionCents: isOpen ? 0 : -(s.vol * 7),
        swapCents: isOpen ? 0 : s.b % 50,
      };
    });
    return out.sort(compareEventKeys);
  });
}

/** Splits a list into contiguous batches at the given (unsorted, possibly repeated) cut points. */
export function splitAt<T>(list: T[], cuts: number[]): T[][] {
  const points = [...new Set(cuts.map((c) => c % (list.length + 1)))].sort((a, b) => a - b);
  const out: T[][] = [];
  let prev = 0;
  for (const p of points) {
    out.push(list.slice(prev, p));
    prev = p;
  }
  out.push(list.slice(prev));
  return out;
}

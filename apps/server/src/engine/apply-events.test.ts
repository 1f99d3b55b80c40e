import { describe, expect, it } from 'vitest';
import { applyEvents, initialState, replay } from './apply-events.ts';
import { needsReplay } from './event-order.ts';
import { settle } from './settle.ts';
import { deadlineFor } from './time-limit.ts';
import { INITIAL, TZ, at, bal, closed, opened, rules, snap } from './test-fixtures.ts';
import type { EngineEvent } from './types.ts';

const D1 = at('2026-03-10T09:00:00Z');
const D2 = at('2026-03-11T09:00:00Z');
const MIN = 60_000;

describe('lifecycle', () => {
  it('pending until the first event, then active; the clock starts at the first event', () => {
    const s0 = initialState(rules({ maxDays: 30 }), INITIAL, TZ);
    expect(s0.status).toBe('pending');
    expect(settle(s0, rules({ maxDays: 30 }), at('2030-01-01T00:00:00Z'), TZ).state).toBe(s0);
    const { state, verdict } = applyEvents(s0, rules({ maxDays: 30 }), [snap(D1, INITIAL)], TZ);
    expect(verdict).toEqual({ status: 'active', breach: null, passed: false, passedAt: null });
    expect(state.startedAt).toBe(D1);
    expect(state.dayKey).toBe('2026-03-10');
    expect(state.deadlineAt).toBe(at('2026-04-08T22:00:00Z')); // 2026-04-09 00:00 CEST
  });

  it('does not mutate its input state', () => {
    const s0 = initialState(rules(), INITIAL, TZ);
    const copy = structuredClone(s0);
    applyEvents(s0, rules(), [snap(D1, 1)], TZ);
    expect(s0).toEqual(copy);
  });

  it('the state is JSON-serialisable (stored as jsonb)', () => {
    const { state } = replay(
      rules(),
      INITIAL,
      [opened(D1), closed(D1, D1 + MIN, -500), bal(D2, 100), snap(D2 + MIN, 9_999_600)],
      TZ,
    );
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('balance and equity between snapshots', () => {
  it('a closed trade moves equity too when no positions are known open', () => {
    const { state } = replay(
      rules(),
      INITIAL,
      [snap(D1, INITIAL), closed(D1, D1 + MIN, 12_345, 1, { commissionCents: -500, swapCents: -45 })],
      TZ,
    );
    expect(state.balanceCents).toBe(INITIAL + 11_800);
    expect(state.equityCents).toBe(INITIAL + 11_800);
  });

  it('with positions known open, equity (floating P/L) waits for the next snapshot', () => {
    const { state } = replay(rules(), INITIAL, [snap(D1, INITIAL, 10_050_000, 1), closed(D1, D1 + MIN, 50_000)], TZ);
    expect(state.balanceCents).toBe(10_050_000);
    expect(state.equityCents).toBe(10_050_000);
    expect(state.openPositions).toBe(1);
  });

  it('an open trade moves no money', () => {
    const { state } = replay(rules(), INITIAL, [opened(D1)], TZ);
    expect([state.balanceCents, state.equityCents, state.stats.trades, state.tradingDaysCount]).toEqual([
      INITIAL,
      INITIAL,
      0,
      1,
    ]);
  });

  it('a closed losing trade can breach without any snapshot', () => {
    const v = replay(rules(), INITIAL, [closed(D1, D1 + MIN, -500_001)], TZ).verdict;
    expect(v.breach).toMatchObject({ rule: 'daily_loss', equityCents: 9_499_999, at: D1 + MIN });
  });
});

describe('balance events: withdrawals are not losses and buy no room; adjustments are results', () => {
  const funded = rules({ kind: 'funded', profitTargetBps: null });

  it('a 100K funded account with +10,000 and an 8,000 payout (10,000 out at an 80 % split) fails below 90,000', () => {
    const funded = rules({ kind: 'funded', profitTargetBps: null, maxDailyLossBps: 5_000 }); // daily loss out of the way
    const paid = replay(funded, INITIAL, [snap(D1, 11_000_000), bal(D2, -1_000_000)], TZ).state;
    expect(paid.status).toBe('active');
    expect(paid.balanceCents).toBe(INITIAL);
    expect(paid.withdrawnCents).toBe(1_000_000);
    expect(paid.maxLossFloorCents).toBe(9_000_000); // still initial − 10 %: the payout bought no room
    // The day's base followed the withdrawal (110,000 at the boundary − 10,000): it is not a daily loss...
    expect(paid.dayStartCents).toBe(10_000_000);
    // ...and the max-loss level did not move: 90,000.00 holds, one cent below fails.
    const d3 = D2 + 86_400_000;
    expect(applyEvents(paid, funded, [snap(d3, 9_000_000)], TZ).verdict.status).toBe('active');
    expect(applyEvents(paid, funded, [snap(d3, 9_000_000, 8_999_999, 1)], TZ).verdict.breach).toMatchObject({
      rule: 'max_loss',
      levelCents: 9_000_000,
    });
  });

  it('a withdrawal inside the day lowers the day base by its amount: the daily allowance is unchanged', () => {
    const { state, verdict } = replay(
      funded,
      INITIAL,
      [snap(D1, 10_800_000), bal(D2, -800_000), snap(D2 + MIN, INITIAL, 9_500_000, 1)],
      TZ,
    );
    expect(verdict.status).toBe('active');
    expect(state.dayStartCents).toBe(INITIAL);
    expect(applyEvents(state, funded, [snap(D2 + 2 * MIN, INITIAL, 9_499_999, 1)], TZ).verdict.breach?.rule).toBe(
      'daily_loss',
    );
  });

  it('a trailing high-water mark keeps its level after a payout', () => {
    const trailing = rules({ kind: 'funded', profitTargetBps: null, drawdownType: 'eod_trailing' });
    const s = replay(trailing, INITIAL, [snap(D1, 10_500_000), snap(D2, 10_500_000), bal(D2 + MIN, -500_000)], TZ);
    expect(s.state.highestEodBalanceCents).toBe(10_500_000);
    expect(s.state.maxLossFloorCents).toBe(9_500_000); // 105,000 − 10,000, not lowered to 90,000
    const d3 = D2 + 86_400_000;
    expect(applyEvents(s.state, trailing, [snap(d3, INITIAL, 9_499_999, 1)], TZ).verdict.breach?.rule).toBe('max_loss');
  });

  it('an adjustment counts like a result: it can pass, and it can breach', () => {
    expect(replay(rules(), INITIAL, [bal(D1, 1_000_000, 'adjustment')], TZ).verdict.status).toBe('passed');
    expect(replay(rules(), INITIAL, [bal(D1, 999_999, 'adjustment')], TZ).verdict.status).toBe('active');
    expect(replay(rules(), INITIAL, [bal(D1, -500_000, 'adjustment')], TZ).verdict.status).toBe('active');
    expect(replay(rules(), INITIAL, [bal(D1, -500_001, 'adjustment')], TZ).verdict.breach?.rule).toBe('daily_loss');
    const day = replay(rules(), INITIAL, [bal(D1, -1_234, 'adjustment')], TZ).state.daily['2026-03-10'];
    expect(day?.resultCents).toBe(-1_234);
  });
});

describe('midnight is a check', () => {
  // 2026-03-10 is CET: local midnight of the 11th is 2026-03-10T23:00:00Z.
  const midnight = at('2026-03-10T23:00:00Z');
  const dailyBase = rules({ dailyLossBase: 'balance' });

  it('a floating loss carried over midnight beyond the new allowance breaches at 00:00, whatever comes next', () => {
    // Balance 103,000 at the boundary: the new base is 103,000, the level 98,000. Equity 97,999.99 breaches.
    const evs = [snap(D1, 10_300_000, 9_799_999, 2), snap(midnight + 3_600_000, 10_300_000, 10_300_000, 0)];
    const { verdict } = replay(dailyBase, INITIAL, evs, TZ);
    expect(verdict.breach).toMatchObject({
      rule: 'daily_loss',
      at: midnight,
      levelCents: 9_800_000,
      dayKey: '2026-03-11',
    });
    expect(verdict.breach?.formula.text).toBe(
      'equity 97,999.99 < day start 103,000.00 − 5.00 % × initial 100,000.00 = 98,000.00',
    );
    // One cent less of floating loss holds.
    expect(replay(dailyBase, INITIAL, [snap(D1, 10_300_000, 9_800_000, 2), evs[1]!], TZ).verdict.status).toBe('active');
  });

  it('settle() takes the midnight check without an event, at the boundary instant, not a millisecond before', () => {
    const { state } = replay(dailyBase, INITIAL, [snap(D1, 10_300_000, 9_799_999, 2)], TZ);
    expect(settle(state, dailyBase, midnight - 1, TZ).state).toBe(state);
    const after = settle(state, dailyBase, midnight, TZ);
    expect(after.verdict.breach).toMatchObject({ rule: 'daily_loss', at: midnight });
    expect(after.state.dayKey).toBe('2026-03-11');
    expect(after.state.lastEventKey).toEqual(state.lastEventKey); // no event was invented
    // An event of the day just left, after the last one, might change that verdict: a replay is needed.
    expect(needsReplay(after.state, [snap(midnight - 1, INITIAL)])).toBe(true);
    // Without a verdict, an event of a later day than the last event's re-enters its day: no replay.
    const calm = replay(dailyBase, INITIAL, [snap(D1, 10_300_000)], TZ).state;
    const rolled = settle(calm, dailyBase, midnight + 3 * 86_400_000, TZ).state;
    expect(rolled.dayKey).toBe('2026-03-14');
    expect(needsReplay(rolled, [snap(midnight - 1, INITIAL)])).toBe(true); // the last event's own day
    const nextDay = snap(midnight + 3_600_000, 10_200_000);
    expect(needsReplay(rolled, [nextDay])).toBe(false);
    const back = applyEvents(rolled, dailyBase, [nextDay], TZ).state;
    expect(back).toEqual(replay(dailyBase, INITIAL, [snap(D1, 10_300_000), nextDay], TZ).state);
  });
});

describe('ordering', () => {
  it('at equal times: balance, then trades, then the snapshot; ties by id', () => {
    // The snapshot states the result; applied last it wins over the trade at the same time.
    const evs: EngineEvent[] = [snap(D1, 10_100_000), closed(D1 - MIN, D1, 400_000)];
    expect(replay(rules(), INITIAL, evs, TZ).state.balanceCents).toBe(10_100_000);
    expect(replay(rules(), INITIAL, [...evs].reverse(), TZ).state.balanceCents).toBe(10_100_000);
  });

  it('needsReplay flags events at or before the last processed key', () => {
    const e1 = snap(D1, INITIAL);
    const { state } = replay(rules(), INITIAL, [e1], TZ);
    expect(needsReplay(state, [snap(D1 + 1, INITIAL)])).toBe(false);
    expect(needsReplay(state, [e1])).toBe(true);
    expect(needsReplay(state, [snap(D1 - 1, INITIAL)])).toBe(true);
    expect(needsReplay(initialState(rules(), INITIAL, TZ), [e1])).toBe(false);
  });
});

describe('time limit (maxDays)', () => {
  // Started 2026-03-28 11:00 CET; maxDays 2 -> trading through 03-29 (a 23 h day), deadline = 03-30 00:00 CEST.
  const start = at('2026-03-28T10:00:00Z');
  const deadline = at('2026-03-29T22:00:00Z');
  const r = rules({ maxDays: 2 });

  it('deadline = the reset that starts day startDay + maxDays (local midnight, DST-correct)', () => {
    expect(deadlineFor(start, 2, TZ)).toBe(deadline);
    expect(deadlineFor(at('2026-10-25T00:00:00Z'), 1, TZ)).toBe(at('2026-10-25T23:00:00Z'));
    expect(deadlineFor(at('2026-10-24T21:59:59.999Z'), 1, TZ)).toBe(at('2026-10-24T22:00:00Z'));
  });

  it('settle: one ms before the deadline is active, at the deadline it fails', () => {
    const { state } = replay(r, INITIAL, [snap(start, 10_300_000)], TZ);
    const before = settle(state, r, deadline - 1, TZ);
    expect(before.verdict.status).toBe('active');
    const after = settle(state, r, deadline, TZ);
    expect(after.verdict.breach).toEqual({
      rule: 'time_limit',
      at: deadline,
      equityCents: 10_300_000,
      balanceCents: 10_300_000,
      levelCents: 11_000_000,
      openPositions: 0,
      tradingDays: 0,
      dayKey: '2026-03-30',
      formula: {
        base: 'profit_target',
        baseCents: 11_000_000,
        limitBps: 1000,
        initialCents: INITIAL,
        text: 'not passed by the deadline: balance 103,000.00 < target balance 110,000.00',
      },
    });
    expect(state.status).toBe('active'); // input untouched
  });

  it('a time-limit failure names every pass condition still unmet: the target, open positions, trading days', () => {
    const days = rules({ maxDays: 2, minTradingDays: 4 });
    const trade = closed(start, start + 60_000, 1_100_000);
    const { state } = replay(days, INITIAL, [trade, snap(start + 120_000, 11_100_000, 11_100_000, 1)], TZ);
    const { breach } = settle(state, days, deadline, TZ).verdict;
    expect(breach).toMatchObject({ rule: 'time_limit', balanceCents: 11_100_000, openPositions: 1, tradingDays: 1 });
    expect(breach!.formula.text).toBe('not passed by the deadline: 1 position(s) open; trading days 1 < 4');
  });

  it('an event one ms before the deadline can still pass; at the deadline it is not judged, and the verdict waits', () => {
    const first = snap(start, INITIAL);
    expect(replay(r, INITIAL, [first, snap(deadline - 1, 11_000_000)], TZ).verdict.status).toBe('passed');
    const late = replay(r, INITIAL, [first, snap(deadline, 11_000_000)], TZ);
    expect(late.verdict.status).toBe('active'); // not passed, not failed yet: the grace is the caller's
    const failed = settle(late.state, r, deadline, TZ);
    // The time verdict reports the values known at the deadline, not what came after it.
    expect(failed.verdict.breach).toMatchObject({ rule: 'time_limit', at: deadline, balanceCents: INITIAL });
    expect(failed.state.balanceCents).toBe(11_000_000); // stored, never revives
    // A late event stamped before the deadline, arriving before the verdict, still counts.
    const withLate = replay(r, INITIAL, [first, snap(deadline, 11_000_000), snap(deadline - 1, 11_000_000)], TZ);
    expect(settle(withLate.state, r, deadline + 600_000, TZ).verdict.status).toBe('passed');
  });

  it('passed and failed accounts are not failed again for time', () => {
    const passed = replay(r, INITIAL, [snap(start, 11_000_000)], TZ).state;
    expect(settle(passed, r, deadline + 1e9, TZ).verdict.status).toBe('passed');
    const failed = replay(r, INITIAL, [snap(start, INITIAL, 1, 1)], TZ).state;
    expect(settle(failed, r, deadline + 1e9, TZ).verdict.breach?.rule).toBe('max_loss');
  });

  it('unlimited when maxDays is null', () => {
    const { state } = replay(rules(), INITIAL, [snap(start, INITIAL)], TZ);
    expect(state.deadlineAt).toBeNull();
    expect(settle(state, rules(), at('2099-01-01T00:00:00Z'), TZ).verdict.status).toBe('active');
  });
});

describe('DST in the daily loss', () => {
  it('events just before/after local midnight on the 23 h and 25 h days land on the right day', () => {
    const cases: [string, string, string][] = [
      ['2026-03-29T21:59:59.999Z', '2026-03-29T22:00:00.000Z', '2026-03-30'],
      ['2026-10-25T22:59:59.999Z', '2026-10-25T23:00:00.000Z', '2026-10-26'],
      ['2026-10-24T21:59:59.999Z', '2026-10-24T22:00:00.000Z', '2026-10-25'],
    ];
    for (const [justBefore, justAfter, newDay] of cases) {
      // Balance 10,400,000 at the end of the old day; the new day's base is that balance.
      const evs = [snap(at(justBefore) - 3_600_000, INITIAL), snap(at(justBefore), 10_400_000, 9_900_000, 1)];
      const s = replay(rules(), INITIAL, evs, TZ);
      expect(s.verdict.status).toBe('active');
      const next = applyEvents(s.state, rules(), [snap(at(justAfter), 10_400_000, 9_899_999, 1)], TZ);
      expect(next.verdict.breach).toMatchObject({
        rule: 'daily_loss',
        dayKey: newDay,
        dayStartCents: 10_400_000,
        levelCents: 9_900_000,
      });
      expect(next.state.nextResetAt).toBe(at(justAfter) + (newDay === '2026-10-25' ? 25 : 24) * 3_600_000);
    }
  });
});

describe('performance', () => {
  it('applyEvents over 1,000 events takes a few ms at most', () => {
    const evs: EngineEvent[] = [];
    let t = D1;
    for (let i = 0; i < 1000; i++) {
      t += 17 * MIN;
      evs.push(
        i % 3 === 0
          ? snap(t, INITIAL + (i % 50) * 100, INITIAL + (i % 70) * 100, i % 2)
          : closed(t - MIN, t, (i % 7) * 100 - 300, 0.1),
      );
    }
    const r = rules({ kind: 'funded', profitTargetBps: null, maxDays: 60 });
    const s0 = initialState(r, INITIAL, TZ);
    for (let i = 0; i < 5; i++) applyEvents(s0, r, evs, TZ); // warm-up
    const runs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      applyEvents(s0, r, evs, TZ);
      runs.push(performance.now() - t0);
    }
    runs.sort((a, b) => a - b);
    const median = runs[10]!;
    console.log(
      `applyEvents(1000 events, ${Object.keys(applyEvents(s0, r, evs, TZ).state.daily).length} days): median ${median.toFixed(3)} ms`,
    );
    expect(median).toBeLessThan(5);
  });
});

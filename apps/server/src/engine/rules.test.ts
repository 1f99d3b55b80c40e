// Boundary tests for every rule: equal is not a breach, one cent below is.
import { describe, expect, it } from 'vitest';
import { applyEvents, replay } from './apply-events.ts';
import { computeMetrics } from './metrics.ts';
import { ceilScaled, floorScaled } from './rules.ts';
import { INITIAL, TZ, at, bal, closed, opened, rules, snap } from './test-fixtures.ts';

const D1 = at('2026-03-10T09:00:00Z'); // trading day 2026-03-10 (CET)
const D1b = at('2026-03-10T15:00:00Z');
const D2 = at('2026-03-11T09:00:00Z');
const D3 = at('2026-03-12T09:00:00Z');
const D4 = at('2026-03-13T09:00:00Z');

describe('exact scaled arithmetic', () => {
  it('ceil/floor of scaled values', () => {
    expect(ceilScaled(15_000)).toBe(2);
    expect(ceilScaled(10_000)).toBe(1);
    expect(ceilScaled(-15_000)).toBe(-1);
    expect(ceilScaled(9_500_000_0000 - 1)).toBe(9_500_000);
    expect(floorScaled(15_000)).toBe(1);
    expect(floorScaled(-15_000)).toBe(-2);
  });
});

describe('daily loss', () => {
  it('equity equal to dayStart − 5 % × initial is not a breach; one cent below is', () => {
    expect(replay(rules(), INITIAL, [snap(D1, INITIAL, 9_500_000, 1)], TZ).verdict.status).toBe('active');
    const v = replay(rules(), INITIAL, [snap(D1, INITIAL, 9_499_999, 1)], TZ).verdict;
    expect(v.status).toBe('failed');
    expect(v.breach).toMatchObject({
      rule: 'daily_loss',
      at: D1,
      equityCents: 9_499_999,
      levelCents: 9_500_000,
      dayStartCents: INITIAL,
      openPositions: 1,
      dayKey: '2026-03-10',
    });
  });

  it('a fractional level is compared exactly and reported rounded up (breach <=> equity < level)', () => {
    const initial = 1_000_001; // 5 % = 50,000.05 cents -> exact level 950,000.95
    expect(replay(rules(), initial, [snap(D1, initial, 950_001)], TZ).verdict.status).toBe('active');
    const v = replay(rules(), initial, [snap(D1, initial, 950_000)], TZ).verdict;
    expect(v.breach).toMatchObject({ rule: 'daily_loss', levelCents: 950_001 });
  });

  it('base "balance": the next day starts from the balance at the boundary', () => {
    const day1 = [snap(D1, 10_200_000, 10_100_000, 1)]; // floating loss of 1,000 at the boundary
    const base = rules({ dailyLossBase: 'balance' });
    expect(replay(base, INITIAL, [...day1, snap(D2, 10_200_000, 9_700_000, 1)], TZ).verdict.status).toBe('active');
    const v = replay(base, INITIAL, [...day1, snap(D2, 10_200_000, 9_699_999, 1)], TZ).verdict;
    expect(v.breach).toMatchObject({
      rule: 'daily_loss',
      levelCents: 9_700_000,
      dayStartCents: 10_200_000,
      dayKey: '2026-03-11',
    });
  });

  it('base "max_balance_equity": the higher of balance and equity at the boundary', () => {
    const day1 = [snap(D1, INITIAL, 10_300_000, 1)]; // floating profit at the boundary
    const mbe = rules({ dailyLossBase: 'max_balance_equity' });
    expect(replay(mbe, INITIAL, [...day1, snap(D2, INITIAL, 9_800_000, 1)], TZ).verdict.status).toBe('active');
    expect(replay(mbe, INITIAL, [...day1, snap(D2, INITIAL, 9_799_999, 1)], TZ).verdict.breach).toMatchObject({
      rule: 'daily_loss',
      levelCents: 9_800_000,
      dayStartCents: 10_300_000,
    });
    // Same data with base "balance" is fine down to 9,500,000.
    expect(replay(rules(), INITIAL, [...day1, snap(D2, INITIAL, 9_500_000, 1)], TZ).verdict.status).toBe('active');
  });

  it('the first day is based on initial, whatever the first snapshot says', () => {
    const v = replay(
      rules({ dailyLossBase: 'max_balance_equity' }),
      INITIAL,
      [snap(D1, INITIAL, 10_400_000, 1), snap(D1b, INITIAL, 9_500_000, 1)],
      TZ,
    ).verdict;
    expect(v.status).toBe('active');
  });

  it('values at the boundary are the last known ones before it (an event in a later day rolls over)', () => {
    const evs = [snap(D1, 10_400_000), snap(D4, 10_400_000, 9_900_000, 1)];
    expect(replay(rules(), INITIAL, evs, TZ).verdict.status).toBe('active');
    const v = replay(rules(), INITIAL, [snap(D1, 10_400_000), snap(D4, 10_400_000, 9_899_999, 1)], TZ).verdict;
    expect(v.breach).toMatchObject({ rule: 'daily_loss', levelCents: 9_900_000, dayKey: '2026-03-13' });
  });
});

describe('max loss', () => {
  const loose = { maxDailyLossBps: 10_000 }; // isolate max loss from daily loss

  it('static: initial − 10 % × initial; equal is fine, one cent below fails', () => {
    expect(replay(rules(loose), INITIAL, [snap(D1, INITIAL, 9_000_000, 1)], TZ).verdict.status).toBe('active');
    expect(replay(rules(loose), INITIAL, [snap(D1, INITIAL, 8_999_999, 1)], TZ).verdict.breach).toMatchObject({
      rule: 'max_loss',
      levelCents: 9_000_000,
    });
  });

  it('static: the floor does not move with profits', () => {
    const evs = [snap(D1, 10_800_000), snap(D2, 10_800_000, 9_000_000, 1)];
    expect(replay(rules(loose), INITIAL, evs, TZ).verdict.status).toBe('active');
  });

  it('when both limits are crossed at once, max_loss is reported', () => {
    expect(replay(rules(), INITIAL, [snap(D1, INITIAL, 8_999_999, 1)], TZ).verdict.breach?.rule).toBe('max_loss');
  });

  it('eod_trailing: floor = highest end-of-day balance − 10 %, set at the boundary, rises, locks at initial', () => {
    // Funded rules (no target) so big balances do not pass the account.
    const r = rules({ ...loose, drawdownType: 'eod_trailing', kind: 'funded', profitTargetBps: null });
    // Intraday highs do not move the floor.
    // (Equity recovers before midnight: carried over it, 90,000 would breach the new floor at 00:00.)
    const day1 = [snap(D1, 10_500_000), snap(D1b, 10_500_000, 9_000_000, 1), snap(D1b + 60_000, 10_500_000)];
    const s1 = replay(r, INITIAL, day1, TZ);
    expect(s1.verdict.status).toBe('active');
    expect(s1.state.maxLossFloorCents).toBe(9_000_000);
    expect(replay(r, INITIAL, day1.slice(0, 2), TZ).state.maxLossFloorCents).toBe(9_000_000);
    // Day 2: end-of-day balance 10,500,000 -> floor 9,500,000.
    const ok2 = applyEvents(s1.state, r, [snap(D2, 10_500_000, 9_500_000, 1)], TZ);
    expect(ok2.verdict.status).toBe('active');
    expect(ok2.state.maxLossFloorCents).toBe(9_500_000);
    expect(applyEvents(s1.state, r, [snap(D2, 10_500_000, 9_499_999, 1)], TZ).verdict.breach).toMatchObject({
      rule: 'max_loss',
      levelCents: 9_500_000,
    });
    // Day 2 ends at 11,500,000 -> day 3 floor would be 10,500,000 but locks at initial.
    const s2 = applyEvents(ok2.state, r, [snap(D2 + 3_600_000, 11_500_000)], TZ).state;
    const ok3 = applyEvents(s2, r, [snap(D3, 11_500_000, 10_000_000, 1)], TZ);
    expect(ok3.verdict.status).toBe('active');
    expect(ok3.state.maxLossFloorCents).toBe(INITIAL);
    expect(applyEvents(s2, r, [snap(D3, 11_500_000, 9_999_999, 1)], TZ).verdict.breach).toMatchObject({
      rule: 'max_loss',
      levelCents: INITIAL,
    });
    // A lower end-of-day balance never lowers the floor.
    const s3 = applyEvents(ok3.state, r, [snap(D3 + 3_600_000, 10_100_000)], TZ).state;
    const s4 = applyEvents(s3, r, [snap(D4, 10_100_000, 10_000_000)], TZ);
    expect(s4.state.maxLossFloorCents).toBe(INITIAL);
    expect(s4.verdict.status).toBe('active');
  });

  it('eod_trailing with a fractional allowance reports the floor rounded up', () => {
    const initial = 1_000_001; // 10 % = 100,000.1
    const r = rules({ ...loose, drawdownType: 'eod_trailing' });
    const s = replay(r, initial, [snap(D1, initial)], TZ).state;
    expect(s.maxLossFloorCents).toBe(900_001); // exact 900,000.9
    expect(applyEvents(s, r, [snap(D1b, initial, 900_001, 1)], TZ).verdict.status).toBe('active');
    expect(applyEvents(s, r, [snap(D1b, initial, 900_000, 1)], TZ).verdict.status).toBe('failed');
  });
});

describe('profit target, trading days, pass', () => {
  it('balance equal to initial × 1.10 with no open positions passes; one cent less does not', () => {
    const v = replay(rules(), INITIAL, [snap(D1, 11_000_000)], TZ).verdict;
    expect(v).toMatchObject({ status: 'passed', passed: true, passedAt: D1, breach: null });
    expect(replay(rules(), INITIAL, [snap(D1, 10_999_999)], TZ).verdict.status).toBe('active');
  });

  it('open positions block the pass until a snapshot shows none', () => {
    const evs = [snap(D1, 11_000_000, 11_000_000, 1)];
    expect(replay(rules(), INITIAL, evs, TZ).verdict.status).toBe('active');
    expect(replay(rules(), INITIAL, [...evs, snap(D1b, 11_000_000)], TZ).verdict).toMatchObject({
      status: 'passed',
      passedAt: D1b,
    });
  });

  it('trading days count trades by OPEN day; the pass waits for the minimum', () => {
    const r = rules({ minTradingDays: 2 });
    // Opened 23:59:59.999 local on 03-10 (CET), closed just after midnight: one trading day, 03-10.
    const t1 = closed(at('2026-03-10T22:59:59.999Z'), at('2026-03-10T23:00:00.001Z'), 1_000_000);
    const s1 = replay(r, INITIAL, [t1], TZ);
    expect(s1.state.tradingDays).toEqual({ '2026-03-10': true });
    expect(s1.state.tradingDaysCount).toBe(1);
    expect(s1.verdict.status).toBe('active'); // target met, 1 < 2 days
    // Opening a trade on a second day makes the days, but the position is open: no pass yet.
    const s2 = applyEvents(s1.state, r, [opened(D3)], TZ);
    expect(s2.state.tradingDaysCount).toBe(2);
    expect(s2.verdict.status).toBe('active');
    // The snapshot after it closed (balance still at the target, none open) passes.
    const s3 = applyEvents(s2.state, r, [snap(D3 + 3_600_000, s2.state.balanceCents)], TZ);
    expect(s3.verdict).toMatchObject({ status: 'passed', passedAt: D3 + 3_600_000 });
  });

  it('a trade opened and not closed keeps the target unmet until it closes or a snapshot shows none open', () => {
    const r = rules({ minTradingDays: 2 });
    const s1 = replay(r, INITIAL, [closed(D1, D1 + 60_000, 1_000_000), snap(D1 + 120_000, INITIAL + 1_000_000)], TZ);
    expect(s1.verdict.status).toBe('active'); // target met, one trading day
    // The open makes the second day, but a position is open: no pass, not even on a later adjustment.
    const open = opened(D3);
    const s2 = applyEvents(s1.state, r, [open, bal(D3 + 60_000, 100)], TZ);
    expect(s2.verdict.status).toBe('active');
    expect(s2.state.openTickets).toEqual([open.ticket]);
    expect(computeMetrics(s2.state, r, D3 + 60_000, TZ).openPositions).toBe(1);
    // Its close passes the account (the balance still at the target, nothing else open)…
    const s3 = applyEvents(s2.state, r, [closed(D3, D3 + 120_000, 500, 1, { ticket: open.ticket })], TZ);
    expect(s3.verdict).toMatchObject({ status: 'passed', passedAt: D3 + 120_000 });
    // …as does a snapshot that shows none open.
    const s4 = applyEvents(s2.state, r, [snap(D3 + 120_000, INITIAL + 1_000_100)], TZ);
    expect(s4.verdict).toMatchObject({ status: 'passed', passedAt: D3 + 120_000 });
    // The open and the bridge's snapshot showing it at one instant, then equity falls: never passed.
    const s5 = applyEvents(s1.state, r, [opened(D3), snap(D3, INITIAL + 1_000_000, INITIAL + 1_000_000, 1)], TZ);
    expect(s5.verdict.status).toBe('active');
    // The snapshot counts the open itself: the ticket list only ever holds the opens since the last one.
    expect(s5.state.openTickets).toEqual([]);
    expect(computeMetrics(s5.state, r, D3, TZ).openPositions).toBe(1);
  });

  it('a day with only snapshots or balance events is not a trading day', () => {
    const s = replay(rules({ minTradingDays: 1 }), INITIAL, [snap(D1, 11_000_000), bal(D2, 100)], TZ);
    expect(s.state.tradingDaysCount).toBe(0);
    expect(s.verdict.status).toBe('active');
  });

  it('a funded phase never passes', () => {
    const r = rules({ kind: 'funded', profitTargetBps: null });
    expect(replay(r, INITIAL, [snap(D1, 20_000_000)], TZ).verdict.status).toBe('active');
  });
});

describe('finality', () => {
  it('the first breach is final; later events still move balance but never revive', () => {
    const s = replay(
      rules(),
      INITIAL,
      [snap(D1, INITIAL, 9_499_999, 1), snap(D1b, 12_000_000), snap(D2, INITIAL, 8_000_000)],
      TZ,
    );
    expect(s.verdict.breach).toMatchObject({ rule: 'daily_loss', at: D1 });
    expect(s.verdict.status).toBe('failed');
    expect(s.state.equityCents).toBe(8_000_000);
  });

  it('a passed account stays passed whatever follows', () => {
    const s = replay(rules(), INITIAL, [snap(D1, 11_000_000), snap(D1b, INITIAL, 5_000_000, 1)], TZ);
    expect(s.verdict).toMatchObject({ status: 'passed', passedAt: D1, breach: null });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from './apply-events.ts';
import { initialArb, rulesArb, streamArb } from './arbitraries.ts';
import { computeMetrics } from './metrics.ts';
import { INITIAL, TZ, at, bal, closed, opened, rules, snap } from './test-fixtures.ts';
import { tradingDayKey } from './trading-day.ts';
import type { DayStats, EngineEvent } from './types.ts';

const D1 = at('2026-03-10T09:00:00Z');
const D2 = at('2026-03-11T09:00:00Z');
const MIN = 60_000;

describe('computeMetrics', () => {
  const events: EngineEvent[] = [
    closed(D1, D1 + MIN, 30_000, 1.5),
    closed(D1, D1 + 2 * MIN, 20_000, 0.1),
    closed(D1, D1 + 3 * MIN, -10_000, 0.2),
    snap(D1 + 4 * MIN, 10_040_000, 9_990_000, 1),
  ];
  const { state } = replay(rules({ minTradingDays: 2, maxDays: 30 }), INITIAL, events, TZ);

  it('aggregates, ratios and rooms on the same day', () => {
    const m = computeMetrics(state, rules({ minTradingDays: 2, maxDays: 30 }), D1 + 5 * MIN, TZ);
    expect(m).toMatchObject({
      status: 'active',
      timeZone: TZ,
      todayKey: '2026-03-10',
      nextDailyResetAt: at('2026-03-10T23:00:00Z'),
      balanceCents: 10_040_000,
      equityCents: 9_990_000,
      profitCents: 40_000,
      profitBps: 40,
      todayPnlCents: -10_000,
      dayStartCents: INITIAL,
      dailyLossLevelCents: 9_500_000,
      dailyLossRoomCents: 490_000,
      dailyLossRoomBps: 490,
      maxLossLevelCents: 9_000_000,
      maxLossRoomCents: 990_000,
      maxLossRoomBps: 990,
      profitTargetBalanceCents: 11_000_000,
      trades: 3,
      wins: 2,
      losses: 1,
      winRateBps: 6666,
      averageWinCents: 25_000,
      averageLossCents: -10_000,
      profitFactor: 5,
      expectancyCents: 13_333,
      lots: 1.8,
      bestTradeCents: 30_000,
      worstTradeCents: -10_000,
      longestWinStreak: 2,
      longestLossStreak: 1,
      tradingDays: 1,
      deadlineAt: at('2026-04-08T22:00:00Z'),
    });
    expect(m.objectives).toEqual([
      { rule: 'profit_target', unit: 'cents', limit: 1_000_000, current: 40_000, status: 'in_progress' },
      { rule: 'min_trading_days', unit: 'days', limit: 2, current: 1, status: 'in_progress' },
      { rule: 'max_daily_loss', unit: 'cents', limit: 500_000, current: 10_000, status: 'in_progress' },
      { rule: 'max_loss', unit: 'cents', limit: 1_000_000, current: 10_000, status: 'in_progress' },
      { rule: 'time_limit', unit: 'days', limit: 30, current: 1, status: 'in_progress' },
    ]);
  });

  it('on a later day with no events yet, the reset is applied virtually (base = balance at the boundary)', () => {
    const m = computeMetrics(state, rules({ minTradingDays: 2, maxDays: 30 }), D2, TZ);
    expect(m).toMatchObject({
      todayKey: '2026-03-11',
      dayStartCents: 10_040_000,
      todayPnlCents: -50_000,
      dailyLossLevelCents: 9_540_000,
      dailyLossRoomCents: 450_000,
      nextDailyResetAt: at('2026-03-11T23:00:00Z'),
    });
    expect(m.objectives.find((o) => o.rule === 'time_limit')?.current).toBe(2);
    expect(state.dayKey).toBe('2026-03-10'); // state untouched
  });

  it('the time limit’s days stop counting at the verdict', () => {
    const r = rules({ maxDays: 30, minTradingDays: 0 });
    const { state } = replay(
      r,
      INITIAL,
      [closed(at('2026-03-10T09:00:00Z'), at('2026-03-10T10:00:00Z'), 1_000_000)],
      TZ,
    );
    expect(state.status).toBe('passed');
    // Twelve days later the account still shows the one day it took.
    const m = computeMetrics(state, r, at('2026-03-22T12:00:00Z'), TZ);
    expect(m.objectives.find((o) => o.rule === 'time_limit')?.current).toBe(1);
  });

  it('eod_trailing room uses the floor as it will be after the reset', () => {
    const r = rules({ drawdownType: 'eod_trailing', kind: 'funded', profitTargetBps: null });
    const s = replay(r, INITIAL, [snap(D1, 10_600_000)], TZ).state;
    expect(computeMetrics(s, r, D1 + MIN, TZ).maxLossLevelCents).toBe(9_000_000);
    expect(computeMetrics(s, r, D2, TZ).maxLossLevelCents).toBe(9_600_000);
  });

  it('objectives show the failed rule and the passed ones', () => {
    const failed = replay(rules(), INITIAL, [snap(D1, INITIAL, 9_499_999, 1)], TZ).state;
    const rows = computeMetrics(failed, rules(), D1, TZ).objectives;
    expect(rows.map((r) => [r.rule, r.status])).toEqual([
      ['profit_target', 'failed'],
      ['max_daily_loss', 'failed'],
      ['max_loss', 'in_progress'],
    ]);
    const passed = replay(rules(), INITIAL, [opened(D1), snap(D1 + MIN, 11_000_000)], TZ).state;
    expect(computeMetrics(passed, rules(), D2, TZ).objectives.every((r) => r.status === 'passed')).toBe(true);
  });

  it('a pending account reports zeros and nulls', () => {
    const s = replay(rules(), INITIAL, [], TZ).state;
    const m = computeMetrics(s, rules(), D1, TZ);
    expect(m).toMatchObject({
      status: 'pending',
      trades: 0,
      winRateBps: null,
      averageWinCents: null,
      profitFactor: null,
      expectancyCents: null,
      bestTradeCents: null,
      todayPnlCents: 0,
    });
  });

  it('a withdrawal is not a loss of the day; an adjustment is a result', () => {
    const funded = rules({ kind: 'funded', profitTargetBps: null });
    const paid = replay(funded, INITIAL, [snap(D1, 10_500_000), bal(D1 + 1, -300_000)], TZ).state;
    const m = computeMetrics(paid, funded, D1 + 1, TZ);
    expect([m.balanceCents, m.profitCents, m.withdrawnCents, m.todayPnlCents]).toEqual([
      10_200_000, 200_000, 300_000, 500_000,
    ]);
    expect([m.dailyLossLevelCents, m.maxLossLevelCents]).toEqual([9_200_000, 9_000_000]);
    const adjusted = computeMetrics(replay(rules(), INITIAL, [bal(D1, 500_000)], TZ).state, rules(), D1, TZ);
    expect([adjusted.balanceCents, adjusted.profitCents, adjusted.todayPnlCents]).toEqual([
      10_500_000, 500_000, 500_000,
    ]);
  });
});

/** Naive recomputation from the raw history (sorted as stored), independent of the engine's code. */
function reference(initial: number, events: EngineEvent[]) {
  const nets: number[] = [];
  let lotUnits = 0,
    balance = initial,
    equity = initial,
    open = 0,
    withdrawn = 0;
  const tradingDays = new Set<string>();
  const daily: Record<string, DayStats> = {};
  // Tickets opened and not closed since the last snapshot (which counts the ones before it).
  const openTickets = new Set<string>();
  for (const e of events) {
    const key = tradingDayKey(e.time, TZ);
    daily[key] ??= {
      trades: 0,
      lotUnits: 0,
      resultCents: 0,
      startBalanceCents: balance,
      endBalanceCents: balance,
      startEquityCents: equity,
      endEquityCents: equity,
      minEquityCents: equity,
    };
    const d = daily[key];
    if (e.type === 'snapshot') {
      [balance, equity, open] = [e.balanceCents, e.equityCents, e.openPositions];
      openTickets.clear();
    } else if (e.type === 'balance') {
      balance += e.amountCents;
      equity += e.amountCents;
      if (e.kind === 'withdrawal') withdrawn -= e.amountCents;
      else d.resultCents += e.amountCents;
    } else {
      tradingDays.add(tradingDayKey(e.openTime, TZ));
      if (e.closeTime === null) openTickets.add(e.ticket);
      else openTickets.delete(e.ticket);
      if (e.closeTime !== null) {
        const net = e.profitCents + e.commissionCents + e.swapCents;
        nets.push(net);
        lotUnits += Math.round(e.volume * 10_000);
        d.trades++;
        d.lotUnits += Math.round(e.volume * 10_000);
        d.resultCents += net;
        balance += net;
        if (open === 0) equity += net;
      }
    }
    d.endBalanceCents = balance;
    d.endEquityCents = equity;
    d.minEquityCents = Math.min(d.minEquityCents, equity);
  }
  const wins = nets.filter((n) => n > 0),
    losses = nets.filter((n) => n < 0);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const longest = (pred: (n: number) => boolean) => {
    let best = 0,
      cur = 0;
    for (const n of nets) {
      cur = pred(n) ? cur + 1 : 0;
      best = Math.max(best, cur);
    }
    return best;
  };
  const gp = sum(wins),
    gl = -sum(losses);
  return {
    metrics: {
      balanceCents: balance,
      equityCents: equity,
      openPositions: Math.max(open, openTickets.size),
      profitCents: balance - initial,
      withdrawnCents: withdrawn,
      trades: nets.length,
      wins: wins.length,
      losses: losses.length,
      winRateBps: nets.length ? Math.floor((wins.length * 10_000) / nets.length) : null,
      averageWinCents: wins.length ? Math.round(gp / wins.length) : null,
      averageLossCents: losses.length ? -Math.round(gl / losses.length) : null,
      profitFactor: gl ? gp / gl : null,
      expectancyCents: nets.length ? Math.sign(sum(nets)) * Math.round(Math.abs(sum(nets)) / nets.length) || 0 : null,
      lots: lotUnits / 10_000,
      bestTradeCents: nets.length ? Math.max(...nets) : null,
      worstTradeCents: nets.length ? Math.min(...nets) : null,
      longestWinStreak: longest((n) => n > 0),
      longestLossStreak: longest((n) => n < 0),
      tradingDays: tradingDays.size,
    },
    daily,
  };
}

describe('metrics equal a recomputation from the event history', () => {
  it('property', () => {
    const caseArb = fc
      .tuple(rulesArb, initialArb)
      .chain(([r, initial]) =>
        fc.record({ r: fc.constant(r), initial: fc.constant(initial), events: streamArb(initial) }),
      );
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 5 * 86_400_000 }), ({ r, initial, events }, later) => {
        const { state } = replay(r, initial, events, TZ);
        const now = (events.at(-1)?.time ?? D1) + later;
        const ref = reference(initial, events);
        expect(computeMetrics(state, r, now, TZ)).toMatchObject(ref.metrics);
        expect(state.daily).toEqual(ref.daily);
      }),
      { numRuns: 500 },
    );
  });
});

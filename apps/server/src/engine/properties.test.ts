// Property tests (fast-check) of the engine's algebra and of its verdicts against a naive model.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEvents, initialState, replay } from './apply-events.ts';
import { settle } from './settle.ts';
import { initialArb, rulesArb, splitAt, streamArb } from './arbitraries.ts';
import { compactState } from './compact-state.ts';
import { needsReplay } from './event-order.ts';
import { computeMetrics } from './metrics.ts';
import { withVerdict } from './verdict.ts';
import { addDaysToKey, dayStartFor, tradingDayKey } from './trading-day.ts';
import type { AccountStatus, BreachRule, EngineEvent, PhaseRules } from './types.ts';

const TZ = 'Europe/Prague';
const RUNS = { numRuns: 300 };
const DAY = 86_400_000;
/** The clock after the stream: up to five days past its last event. */
const untilArb = (events: EngineEvent[]) =>
  fc.integer({ min: 0, max: 5 * DAY }).map((dt) => (events.at(-1)?.time ?? Date.parse('2026-06-01T00:00:00Z')) + dt);
const caseArb = fc
  .tuple(rulesArb, initialArb)
  .chain(([rules, initial]) =>
    fc.record({ rules: fc.constant(rules), initial: fc.constant(initial), events: streamArb(initial) }),
  );

/**
 * Naive model of DOMAIN.md "Rule semantics": BigInt arithmetic, a tz lookup for every event, then
 * the clock up to `until` (the midnight check and the time limit, as settle() takes them).
 */
function naiveVerdict(
  rules: PhaseRules,
  initial: number,
  events: EngineEvent[],
  until: number,
): { status: AccountStatus; rule: BreachRule | null; at: number | null } {
  const I = BigInt(initial);
  const B = (n: number) => BigInt(n) * 10_000n;
  let status: AccountStatus = 'pending';
  let rule: BreachRule | null = null;
  let atT: number | null = null;
  let balance = initial,
    equity = initial,
    open = 0,
    dayStart = initial,
    hwm = initial;
  let day = '';
  let deadline: number | null = null;
  const days = new Set<string>();
  const fail = (r: BreachRule, t: number) => {
    status = 'failed';
    rule = r;
    atT = t;
  };
  const levels = () => {
    const lock = B(initial);
    const maxLevel =
      rules.drawdownType === 'static'
        ? lock - BigInt(rules.maxLossBps) * I
        : [lock, B(hwm) - BigInt(rules.maxLossBps) * I].reduce((a, b) => (a < b ? a : b));
    return { maxLevel, dailyLevel: B(dayStart) - BigInt(rules.maxDailyLossBps) * I };
  };
  const judgeLimits = (t: number) => {
    const { maxLevel, dailyLevel } = levels();
    if (B(equity) < maxLevel) fail('max_loss', t);
    else if (B(equity) < dailyLevel) fail('daily_loss', t);
  };
  const enterDayOf = (t: number) => {
    const k = tradingDayKey(t, TZ);
    if (k <= day) return;
    const boundary = dayStartFor(addDaysToKey(day, 1), TZ);
    hwm = Math.max(hwm, balance);
    dayStart = rules.dailyLossBase === 'balance' ? balance : Math.max(balance, equity);
    day = k;
    if (status === 'active' && (deadline === null || boundary < deadline)) judgeLimits(boundary);
  };
  // Tickets opened and not closed since the last snapshot (which counts the ones before it).
  const openTickets = new Set<string>();
  for (const e of events) {
    if (status === 'pending') {
      status = 'active';
      day = tradingDayKey(e.time, TZ);
      if (rules.maxDays !== null) deadline = dayStartFor(addDaysToKey(day, rules.maxDays), TZ);
    }
    enterDayOf(e.time);
    if (e.type === 'snapshot') {
      [balance, equity, open] = [e.balanceCents, e.equityCents, e.openPositions];
      openTickets.clear();
    } else if (e.type === 'balance') {
      balance += e.amountCents;
      equity += e.amountCents;
      if (e.kind === 'withdrawal') dayStart += e.amountCents;
    } else {
      days.add(tradingDayKey(e.openTime, TZ));
      if (e.closeTime === null) openTickets.add(e.ticket);
      else openTickets.delete(e.ticket);
      if (e.closeTime !== null) {
        const net = e.profitCents + e.commissionCents + e.swapCents;
        balance += net;
        if (open === 0) equity += net;
      }
    }
    if (status !== 'active' || (deadline !== null && e.time >= deadline)) continue;
    judgeLimits(e.time);
    if (
      status === 'active' &&
      rules.profitTargetBps !== null &&
      open === 0 &&
      openTickets.size === 0 &&
      days.size >= rules.minTradingDays &&
      B(balance) >= I * BigInt(10_000 + rules.profitTargetBps)
    ) {
      status = 'passed';
      atT = e.time;
    }
  }
  if (status === 'active') enterDayOf(until);
  if (status === 'active' && deadline !== null && until >= deadline) fail('time_limit', deadline);
  return { status, rule, at: atT };
}

describe('engine properties', () => {
  it('processing a stream in any split into batches equals processing it at once', () => {
    fc.assert(
      fc.property(caseArb, fc.array(fc.nat(), { maxLength: 8 }), ({ rules, initial, events }, cuts) => {
        const once = replay(rules, initial, events, TZ);
        let s = initialState(rules, initial, TZ);
        for (const batch of splitAt(events, cuts)) s = applyEvents(s, rules, batch, TZ).state;
        expect(s).toEqual(once.state);
      }),
      RUNS,
    );
  });

  it('the clock between batches (settle up to the next batch) ends where the events alone end', () => {
    fc.assert(
      fc.property(
        caseArb.chain((c) => fc.record({ c: fc.constant(c), until: untilArb(c.events) })),
        fc.array(fc.nat(), { maxLength: 8 }),
        ({ c: { rules, initial, events }, until }, cuts) => {
          const once = settle(replay(rules, initial, events, TZ).state, rules, until, TZ);
          let s = initialState(rules, initial, TZ);
          for (const batch of splitAt(events, cuts)) {
            if (batch.length) s = settle(s, rules, batch[0]!.time, TZ).state;
            s = applyEvents(s, rules, batch, TZ).state;
          }
          expect(settle(s, rules, until, TZ).state).toEqual(once.state);
        },
      ),
      RUNS,
    );
  });

  it('the clock at any time between batches, with a replay whenever needsReplay says so, ends where the events alone end', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 4 * DAY }), { minLength: 9, maxLength: 9 }),
        ({ rules, initial, events }, cuts, waits) => {
          let s = initialState(rules, initial, TZ);
          let until = 0;
          const seen: EngineEvent[] = [];
          splitAt(events, cuts).forEach((batch, k) => {
            seen.push(...batch);
            s = needsReplay(s, batch) ? replay(rules, initial, seen, TZ).state : applyEvents(s, rules, batch, TZ).state;
            until = Math.max(until, (seen.at(-1)?.time ?? 0) + waits[k]!);
            s = settle(s, rules, until, TZ).state;
          });
          expect(s).toEqual(settle(replay(rules, initial, events, TZ).state, rules, until, TZ).state);
        },
      ),
      RUNS,
    );
  });

  it('continuing from the compact stored state equals continuing from the full state, past days aside', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), ({ rules, initial, events }, cut) => {
        const [first, rest] = splitAt(events, [cut]) as [EngineEvent[], EngineEvent[]];
        const before = replay(rules, initial, first, TZ).state;
        const full = applyEvents(before, rules, rest, TZ).state;
        const compact = applyEvents(compactState(before), rules, rest, TZ).state;
        const fromCut = (s: typeof full) =>
          Object.fromEntries(Object.entries(s.daily).filter(([day]) => before.dayKey === null || day >= before.dayKey));
        expect({ ...compact, daily: fromCut(compact) }).toEqual({ ...full, daily: fromCut(full) });
        expect(Object.keys(compactState(full).daily).length).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('shuffling events inside a batch changes nothing', () => {
    fc.assert(
      fc.property(
        caseArb.chain((c) =>
          fc.record({
            c: fc.constant(c),
            shuffled: fc.shuffledSubarray(c.events, { minLength: c.events.length, maxLength: c.events.length }),
          }),
        ),
        ({ c, shuffled }) => {
          expect(replay(c.rules, c.initial, shuffled, TZ)).toEqual(replay(c.rules, c.initial, c.events, TZ));
        },
      ),
      RUNS,
    );
  });

  it('nothing after a breach (or a pass) revives or changes the verdict', () => {
    fc.assert(
      fc.property(caseArb, ({ rules, initial, events }) => {
        let s = initialState(rules, initial, TZ);
        let final: ReturnType<typeof applyEvents>['verdict'] | null = null;
        for (const e of events) {
          const r = applyEvents(s, rules, [e], TZ);
          s = r.state;
          if (final) expect(r.verdict).toEqual(final);
          else if (r.verdict.status === 'failed' || r.verdict.status === 'passed') final = r.verdict;
        }
        // A huge recovery afterwards changes nothing either.
        if (final && events.length > 0) {
          const t = events[events.length - 1]!.time + 1;
          const more = applyEvents(
            s,
            rules,
            [
              {
                id: 'zz',
                type: 'snapshot',
                time: t,
                balanceCents: initial * 3,
                equityCents: initial * 3,
                openPositions: 0,
              },
            ],
            TZ,
          );
          expect(more.verdict).toEqual(final);
          expect(more.state.balanceCents).toBe(initial * 3); // still stored
        }
      }),
      RUNS,
    );
  });

  it('verdicts equal a naive BigInt model of the rule semantics', () => {
    fc.assert(
      fc.property(
        caseArb.chain((c) => fc.record({ c: fc.constant(c), until: untilArb(c.events) })),
        ({ c, until }) => {
          const { rules, initial, events } = c;
          const { verdict } = settle(replay(rules, initial, events, TZ).state, rules, until, TZ);
          const model = naiveVerdict(rules, initial, events, until);
          expect({
            status: verdict.status,
            rule: verdict.breach?.rule ?? null,
            at: verdict.breach?.at ?? verdict.passedAt,
          }).toEqual(model);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the generator reaches every outcome (sanity of the properties above)', () => {
    const seen = new Set<string>();
    fc.sample(caseArb, { numRuns: 2000, seed: 42 }).forEach(({ rules, initial, events }) => {
      const last = events.at(-1)?.time ?? 0;
      const v = settle(replay(rules, initial, events, TZ).state, rules, last + 3 * DAY, TZ).verdict;
      seen.add(v.breach?.rule ?? v.status);
    });
    expect([...seen].sort()).toEqual(['active', 'daily_loss', 'max_loss', 'passed', 'pending', 'time_limit']);
  });

  it('a payout (a withdrawal of profit, no open positions) never breaches and never moves the max-loss level', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 10_000 }), ({ rules, initial, events }, share) => {
        const before = replay(rules, initial, events, TZ).state;
        const t = (events.at(-1)?.time ?? 0) + 1;
        fc.pre(before.status === 'active' && before.openPositions === 0 && before.equityCents === before.balanceCents);
        fc.pre(before.balanceCents > initial && before.nextResetAt !== null && t < before.nextResetAt);
        const amount = Math.max(1, Math.floor(((before.balanceCents - initial) * share) / 10_000));
        const payout: EngineEvent = {
          id: 'payout',
          type: 'balance',
          time: t,
          kind: 'withdrawal',
          amountCents: -amount,
          comment: '',
        };
        const after = applyEvents(before, rules, [payout], TZ);
        expect(after.verdict.status).toBe('active');
        const m0 = computeMetrics(before, rules, t, TZ);
        const m1 = computeMetrics(after.state, rules, t, TZ);
        expect(m1.maxLossLevelCents).toBe(m0.maxLossLevelCents); // never buys room...
        expect(m1.maxLossRoomCents).toBe(m0.maxLossRoomCents - amount); // ...the room shrinks by the payout
        expect(m1.dailyLossRoomCents).toBe(m0.dailyLossRoomCents); // and it is not a daily loss
        expect(m1.profitTargetBalanceCents).toBe(m0.profitTargetBalanceCents);
      }),
      RUNS,
    );
  });

  it('the objectives never contradict the verdict, computed or stored', () => {
    const consistent = (m: ReturnType<typeof computeMetrics>) => {
      const failedRows = m.objectives.filter((o) => o.status === 'failed').map((o) => o.rule);
      if (m.status === 'failed') {
        const row = { daily_loss: 'max_daily_loss', max_loss: 'max_loss', time_limit: 'time_limit' }[m.breach!.rule];
        expect(m.objectives.find((o) => o.rule === row)?.status).toBe('failed');
      } else {
        expect(failedRows).toEqual([]);
      }
      if (m.status === 'passed') expect(m.objectives.every((o) => o.status === 'passed')).toBe(true);
    };
    fc.assert(
      fc.property(caseArb, caseArb, ({ rules, initial, events }, other) => {
        const last = events.at(-1)?.time ?? 0;
        const s = settle(replay(rules, initial, events, TZ).state, rules, last + DAY, TZ).state;
        consistent(computeMetrics(s, rules, last + DAY, TZ));
        // A stored verdict that a recompute disagrees with is what the account shows, objectives included.
        const stored = settle(replay(rules, initial, other.events, TZ).state, rules, last + DAY, TZ).verdict;
        if (stored.status === 'failed' && (stored.breach!.rule !== 'time_limit' || rules.maxDays !== null)) {
          consistent(computeMetrics(withVerdict(s, stored), rules, last + DAY, TZ));
        }
      }),
      RUNS,
    );
  });
});

// Property tests (fast-check) of the engine's algebra and of its verdicts against a naive model.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEvents, initialState, replay } from './apply-events.ts';
import { initialArb, rulesArb, splitAt, streamArb } from './arbitraries.ts';
import { compactState } from './compact-state.ts';
import { addDaysToKey, dayStartFor, tradingDayKey } from './trading-day.ts';
import type { AccountStatus, BreachRule, EngineEvent, PhaseRules } from './types.ts';

const TZ = 'Europe/Prague';
const RUNS = { numRuns: 300 };
const caseArb = fc
  .tuple(rulesArb, initialArb)
  .chain(([rules, initial]) =>
    fc.record({ rules: fc.constant(rules), initial: fc.constant(initial), events: streamArb(initial) }),
  );

/** Naive model of DOMAIN.md "Rule semantics": BigInt arithmetic, a tz lookup for every event. */
function naiveVerdict(
  rules: PhaseRules,
  initial: number,
  events: EngineEvent[],
): { status: AccountStatus; rule: BreachRule | null; at: number | null } {
  const I = BigInt(initial);
  const B = (n: number) => BigInt(n) * 10_000n;
  let status: AccountStatus = 'pending';
  let rule: BreachRule | null = null;
  let atT: number | null = null;
  let balance = initial,
    equity = initial,
    open = 0,
    deposits = 0,
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
  for (const e of events) {
    if (status === 'pending') {
      status = 'active';
      day = tradingDayKey(e.time, TZ);
      if (rules.maxDays !== null) deadline = dayStartFor(addDaysToKey(day, rules.maxDays), TZ);
    }
    if (status === 'active' && deadline !== null && e.time >= deadline) fail('time_limit', deadline);
    const k = tradingDayKey(e.time, TZ);
    if (k > day) {
      hwm = Math.max(hwm, balance);
      dayStart = rules.dailyLossBase === 'balance' ? balance : Math.max(balance, equity);
      day = k;
    }
    if (e.type === 'snapshot') [balance, equity, open] = [e.balanceCents, e.equityCents, e.openPositions];
    else if (e.type === 'balance') {
      balance += e.amountCents;
      equity += e.amountCents;
      deposits += e.amountCents;
      dayStart += e.amountCents;
      hwm += e.amountCents;
    } else {
      days.add(tradingDayKey(e.openTime, TZ));
      if (e.closeTime !== null) {
        const net = e.profitCents + e.commissionCents + e.swapCents;
        balance += net;
        if (open === 0) equity += net;
      }
    }
    if (status !== 'active') continue;
    const lock = B(initial + deposits);
    const maxLevel =
      rules.drawdownType === 'static'
        ? lock - BigInt(rules.maxLossBps) * I
        : [lock, B(hwm) - BigInt(rules.maxLossBps) * I].reduce((a, b) => (a < b ? a : b));
    const dailyLevel = B(dayStart) - BigInt(rules.maxDailyLossBps) * I;
    if (B(equity) < maxLevel) fail('max_loss', e.time);
    else if (B(equity) < dailyLevel) fail('daily_loss', e.time);
    else if (
      rules.profitTargetBps !== null &&
      open === 0 &&
      days.size >= rules.minTradingDays &&
      B(balance) >= I * BigInt(10_000 + rules.profitTargetBps) + B(deposits)
    ) {
      status = 'passed';
      atT = e.time;
    }
  }
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
      fc.property(caseArb, ({ rules, initial, events }) => {
        const { verdict } = replay(rules, initial, events, TZ);
        const model = naiveVerdict(rules, initial, events);
        expect({
          status: verdict.status,
          rule: verdict.breach?.rule ?? null,
          at: verdict.breach?.at ?? verdict.passedAt,
        }).toEqual(model);
      }),
      { numRuns: 1000 },
    );
  });

  it('the generator reaches every outcome (sanity of the properties above)', () => {
    const seen = new Set<string>();
    fc.sample(caseArb, { numRuns: 2000, seed: 42 }).forEach(({ rules, initial, events }) => {
      const v = replay(rules, initial, events, TZ).verdict;
      seen.add(v.breach?.rule ?? v.status);
    });
    expect([...seen].sort()).toEqual(['active', 'daily_loss', 'max_loss', 'passed', 'pending', 'time_limit']);
  });
});

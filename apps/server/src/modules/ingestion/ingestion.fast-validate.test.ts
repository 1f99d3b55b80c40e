import { ingestRequestSchema } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyNumberArb,
  bodyArb,
  FIELD_EDGES,
  mixedBatchArb,
  setOwn,
  timeTextArb,
  validEventArb,
  type Raw,
} from './ingestion.arbitraries.ts';
import { fastIngestBody } from './ingestion.fast-validate.ts';

/*
 * What the fast path promises, read from it and from the route: it never reports an error of its own.
 * It gives the parsed body or `null`, and on `null` the route runs the zod validator, whose issues
 * make the 400. So an error always names zod's path, by construction, and what is left to prove is:
 *
 *   (A) Soundness. fastIngestBody(x) !== null ⇒ ingestRequestSchema.safeParse(x) succeeds and its data
 *       is toStrictEqual to the fast result (cents, parsed times, defaults; -0 is not 0). Read backwards
 *       this is the rejection half: the schema rejects x ⇒ fastIngestBody(x) === null.
 *   (B) Reach. A batch of valid events in the common form (times in UTC `Z` with 0 or 3 fractional
 *       digits and a year from 1970 to 2200, a symbol without surrounding spaces) is taken by the fast path.
 *       Without (B) a fast path that always defers would pass (A) and be no fast path at all.
 *
 * Inputs are what JSON.parse gives (see ingestion.arbitraries.ts).
 */

/** Checks (A) for one body; tells which side accepted it. */
function check(body: unknown): { fast: boolean; schema: boolean } {
  const fast = fastIngestBody(body);
  const parsed = ingestRequestSchema.safeParse(body);
  if (fast !== null) {
    expect(parsed.success, 'the fast path took a body the schema rejects').toBe(true);
    expect(fast).toStrictEqual(parsed.data);
  }
  return { fast: fast !== null, schema: parsed.success };
}

/** Keys an event may leave out, by type: dropping them must change nothing. */
const OPTIONAL_KEYS: Record<string, string[]> = {
  snapshot: [],
  trade: ['closeTime', 'closePrice', 'commission', 'swap'],
  balance: ['kind', 'comment'],
};
/** Fields whose valid edge values include forms the fast path leaves to the schema (offsets, padding). */
const REWRITTEN = new Set(['time', 'openTime', 'closeTime', 'symbol']);
const ASTRAL = /[\uD800-\uDBFF]/;

/** A time text in the common form; the schema still decides whether its date exists. */
const COMMON_TIME = /^[1-9]\d{3}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/;

const snapshot = (o: Raw): Raw => ({
  id: 's1',
  type: 'snapshot',
  account: '10001',
  time: '2024-02-29T23:59:59.999Z',
  balance: 1,
  equity: 1,
  openPositions: 0,
  ...o,
});
const trade = (o: Raw): Raw => ({
  id: 't1',
  type: 'trade',
  account: '10001',
  ticket: 7,
  symbol: 'EURUSD',
  side: 'buy',
  volume: 0.1,
  openTime: '2024-02-29T23:59:59Z',
  openPrice: 1.1,
  profit: 0,
  ...o,
});
const balance = (o: Raw): Raw => ({
  id: 'b1',
  type: 'balance',
  account: '10001',
  time: '2024-03-01T00:00:00Z',
  amount: 1,
  ...o,
});

function batch(): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (let i = 0; i < 300; i++) {
    const time = new Date(Date.UTC(2024, 1, 28, 22) + i * 61_123).toISOString();
    if (i % 3 === 0)
      events.push({
        id: `s${i}`,
        type: 'snapshot',
        account: '10001',
        time,
        balance: 1000.125 - i * 0.37,
        equity: -12.005,
        openPositions: i % 2,
      });
    else if (i % 7 === 0)
      events.push({
        id: `b${i}`,
        type: 'balance',
        account: '10001',
        time: `${time.slice(0, 19)}Z`,
        amount: 1.005 * i,
        ...(i % 2 ? { comment: 'x' } : {}),
      });
    else {
      events.push({
        id: `t${i}`,
        type: 'trade',
        account: '10002',
        ticket: i % 2 ? `k${i}` : i,
        symbol: 'EURUSD',
        side: i % 2 ? 'buy' : 'sell',
        volume: 0.01 * i,
        openTime: time,
        openPrice: 1.0842,
        ...(i % 4 ? { closeTime: time, closePrice: 1.0851 } : {}),
        profit: (i - 150) * 1.2345,
        ...(i % 5 ? { commission: -0.07 * i, swap: 0.125 } : {}),
      });
    }
  }
  return events;
}

describe('ingestion fast validation', () => {
  it('gives exactly what the schema gives for a well-formed batch', () => {
    const body = { events: batch() };
    const fast = fastIngestBody(body);
    expect(fast).not.toBeNull();
    expect(fast).toStrictEqual(ingestRequestSchema.parse(body));
  });

  it('defers to the schema whenever it is not sure', () => {
    const [snapshot, trade] = [batch()[0]!, batch()[1]!];
    const cases: unknown[] = [
      { ...snapshot, time: '2023-02-29T00:00:00.000Z' },
      { ...snapshot, time: '2024-02-01T00:00:00+01:00' },
      { ...snapshot, extra: 1 },
      { ...snapshot, balance: 2e12 },
      { ...snapshot, equity: 9000000000.01 },
      { ...snapshot, equity: 9000000000.005 },
      { ...trade, profit: -9000000000.01 },
      { ...trade, commission: 9000000000.01 },
      balance({ amount: -9000000000.01 }),
      balance({ kind: 'withdrawal', amount: 5 }),
      balance({ kind: 'withdrawal', amount: -0.004 }),
      balance({ kind: 'deposit', amount: -5 }),
      { ...snapshot, openPositions: 1.5 },
      { ...trade, symbol: ' EURUSD' },
      { ...trade, closeTime: null },
      { ...trade, openTime: '2030-01-01T00:00:00.000Z' },
      { ...trade, side: 'long' },
      { ...trade, id: '' },
    ];
    for (const e of cases) expect(fastIngestBody({ events: [e] })).toBeNull();
    expect(fastIngestBody({ events: [] })).toBeNull();
    expect(fastIngestBody({ events: [snapshot], more: 1 })).toBeNull();
  });
});

describe('ingestion fast validation: the money bound and balance kinds', () => {
  it('takes money at the bound, to the same cents as the schema, and leaves one cent beyond it to the schema', () => {
    for (const v of [9_000_000_000, -9_000_000_000, 8_999_999_999.99, 9_000_000_000.004, -8_999_999_999.995]) {
      for (const e of [
        snapshot({ balance: v, equity: v }),
        trade({ profit: v, commission: v, swap: v }),
        balance({ amount: v }),
      ]) {
        const body = { events: [e] };
        const fast = fastIngestBody(body);
        expect(fast, String(v)).not.toBeNull();
        expect(fast).toStrictEqual(ingestRequestSchema.parse(body));
      }
    }
    for (const v of [9_000_000_000.01, -9_000_000_000.01, 9_000_000_000.005]) {
      for (const e of [
        snapshot({ balance: v }),
        snapshot({ equity: v }),
        trade({ profit: v }),
        trade({ swap: v }),
        balance({ amount: v }),
      ]) {
        expect(fastIngestBody({ events: [e] }), String(v)).toBeNull();
        expect(ingestRequestSchema.safeParse({ events: [e] }).success).toBe(false);
      }
    }
  });

  it('takes a balance kind: a withdrawal with a negative amount, an adjustment with any', () => {
    const w = { events: [balance({ kind: 'withdrawal', amount: -12.5 })] };
    expect(fastIngestBody(w)).toStrictEqual(ingestRequestSchema.parse(w));
    expect(fastIngestBody(w)!.events[0]).toMatchObject({ kind: 'withdrawal', amount: -1250 });
    const a = { events: [balance({ kind: 'adjustment', amount: 12.5 })] };
    expect(fastIngestBody(a)).toStrictEqual(ingestRequestSchema.parse(a));
    expect(fastIngestBody({ events: [balance({})] })!.events[0]).toMatchObject({ kind: 'adjustment' });
    const positive = ingestRequestSchema.safeParse({ events: [balance({ kind: 'withdrawal', amount: 1 })] });
    expect(positive.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['events.0.amount', "A withdrawal's amount must be negative"],
    ]);
  });
});

describe('ingestion fast validation equals the schema (properties)', () => {
  it('valid batches of every event type: same output as the schema, and every common one is taken (A, B)', () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.array(validEventArb, { minLength: 1, maxLength: 8 }), (valid) => {
        const body = { events: valid.map((v) => v.event) };
        const r = check(body);
        expect(r.schema, 'the generator made an event the schema rejects').toBe(true);
        if (valid.every((v) => v.common)) expect(r.fast, 'the fast path deferred a common batch').toBe(true);
        if (r.fast) taken++;
      }),
      { numRuns: 2000 },
    );
    expect(taken).toBeGreaterThan(300);
  });

  it('money: any number JSON can carry, in every money field, converts to the same cents (A, B)', () => {
    fc.assert(
      fc.property(anyNumberArb, anyNumberArb, anyNumberArb, (a, b, c) => {
        const bodies = [
          snapshot({ balance: a, equity: b }),
          trade({ profit: a, commission: b, swap: c }),
          trade({ profit: c }),
          balance({ amount: a }),
          balance({ kind: 'withdrawal', amount: b }),
          balance({ kind: 'adjustment', amount: c }),
        ];
        // Every field but the money is valid and common, so the fast path must take all the schema takes.
        for (const e of bodies) {
          const r = check({ events: [e] });
          expect(r.fast).toBe(r.schema);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('times: valid, edge and one-character-edited texts parse to the same instant or are left to the schema (A, B)', () => {
    let common = 0;
    fc.assert(
      fc.property(timeTextArb, timeTextArb, (t, u) => {
        for (const e of [snapshot({ time: t }), balance({ time: u })]) {
          const r = check({ events: [e] });
          const text = e.time as string;
          if (COMMON_TIME.test(text) && r.schema) {
            expect(r.fast, 'the fast path deferred a common time').toBe(true);
            common++;
          }
        }
        const r = check({ events: [trade({ openTime: t, closeTime: u, closePrice: 1.2 })] });
        if (COMMON_TIME.test(t) && COMMON_TIME.test(u) && r.schema) expect(r.fast).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(common).toBeGreaterThan(2000);
  });

  it('every field of a valid event dropped, or set to each value around its bounds (A, B)', () => {
    fc.assert(
      fc.property(validEventArb, ({ event, common }) => {
        const keys = new Set([...Object.keys(event), ...OPTIONAL_KEYS[event.type as string]!]);
        for (const key of keys) {
          const dropped = { ...event };
          delete dropped[key];
          check({ events: [dropped] });
          for (const value of FIELD_EDGES[key]!) {
            const e = { ...event };
            setOwn(e, key, value);
            const r = check({ events: [e] });
            // Just inside a bound is still the common form, but for times and symbols the schema rewrites
            // and astral strings (the schema counts code points, the fast path UTF-16 units).
            const rewritten = REWRITTEN.has(key) || (typeof value === 'string' && ASTRAL.test(value));
            if (common && r.schema && !rewritten) expect(r.fast, `deferred ${key}: ${String(value)}`).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('mutated events (missing, extra, retyped, out-of-range fields) in batches: nothing the schema rejects is taken (A)', () => {
    const seen = { fast: 0, rejected: 0 };
    fc.assert(
      fc.property(mixedBatchArb, (body) => {
        const r = check(body);
        if (r.fast) seen.fast++;
        if (!r.schema) seen.rejected++;
      }),
      { numRuns: 4000 },
    );
    // Both sides of (A) are reached often.
    expect(seen.fast).toBeGreaterThan(80);
    expect(seen.rejected).toBeGreaterThan(3000);
  });

  it('whole bodies: non-objects, odd `events`, more keys, 0 and over MAX_EVENTS_PER_BATCH events (A)', () => {
    fc.assert(
      fc.property(bodyArb, (body) => {
        check(body);
      }),
      { numRuns: 1500 },
    );
  });
});

// fast-check generators of raw ingestion bodies for the fast-path property tests. Values are what
// JSON.parse yields: numbers come from JSON literals ('-0' is -0, '1e999' is Infinity), objects own
// every key (even '__proto__'), and nothing is undefined.
import {
  decimalToCents,
  isSafeText,
  MAX_EVENTS_PER_BATCH,
  MAX_MONEY_CENTS,
  MAX_TIME_MS,
  MIN_TIME_MS,
} from '@app/contracts';
import fc from 'fast-check';

export type Raw = Record<string, unknown>;

/** A raw event the schema accepts; `common` when it is in the form the fast path must take itself. */
export interface ValidEvent {
  event: Raw;
  common: boolean;
}

const literal = (text: string): number => JSON.parse(text) as number;

/** Sets a key the way JSON.parse does: an own, enumerable data property, '__proto__' included. */
export function setOwn(o: Raw, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

// ---------------------------------------------------------------- numbers

const decimalText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9]\d{0,12})$/), fc.stringMatching(/^\d{0,17}$/))
  .map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`);

const exponentText = fc
  .tuple(decimalText, fc.constantFrom('e', 'E', 'e+', 'E-', 'e-'), fc.integer({ min: 0, max: 25 }))
  .map(([m, e, x]) => `${m}${e}${x}`);

/** The bound in major units (9e9): the schema refuses money whose rounded cents exceed MAX_MONEY_CENTS. */
const MAX_MAJOR = MAX_MONEY_CENTS / 100;

/**
 * Amounts whose decimal text is the hard part of the cents conversion, and the range ends: the bound
 * itself, one cent inside it, and the texts that round onto it (….004, 8999999999.995).
 */
const MONEY_EDGES = `
  0 -0 0.0 0.07 4.35 1.005 -1.005 1.015 2.675 8.325 0.285 -0.125 0.005 -0.005 0.0049999999999
  12.340000000001 12.339999999999 9999999.99 9999999.995 9999999.994999999 10000000.005 1e7 -1e7
  1e-7 1e-6 9.99e-7 1.1e-6 5e-324 -5e-324 123456789.345 1e9 8999999999.99 -8999999999.99 8999999999.994
  8999999999.995 -8999999999.995 9000000000 -9000000000 9000000000.0 9e9 -9e9 9000000000.004 -9000000000.004
  9000000000.0049 900000000000e-2 -900000000000e-2
`
  .trim()
  .split(/\s+/);
/** Beyond the bound: one cent over it, the texts that round to one cent over it, and far beyond. */
const OUT_OF_RANGE = `
  9000000000.01 -9000000000.01 9000000000.005 -9000000000.005 9000000000.0051 900000000001e-2 9000000001
  1e11 123456789012.345 999999999999.99 1e12 -1e12 1000000000000.0001 -1000000000000.01 2e12 1e21 -1e21 1e999 -1e999
  1.7976931348623157e308
`
  .trim()
  .split(/\s+/);

/** Within the bound as the schema counts it: the cents after rounding. */
const inMoneyRange = (v: number) => Number.isFinite(v) && Math.abs(decimalToCents(v)) <= MAX_MONEY_CENTS;

/** Whole cents within ±MAX_MONEY_CENTS, weighted towards the bound (at it and one cent inside). */
const boundCentsArb = fc.oneof(
  fc.constantFrom(MAX_MONEY_CENTS, -MAX_MONEY_CENTS, MAX_MONEY_CENTS - 1, -(MAX_MONEY_CENTS - 1)),
  fc.integer({ min: MAX_MONEY_CENTS - 1000, max: MAX_MONEY_CENTS }).map((c) => c * (c % 2 ? -1 : 1)),
  fc.integer({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS }),
);

export const moneyArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -100_000_000, max: 100_000_000 }).map((c) => c / 100),
  fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).map((m) => m / 1000),
  fc.double({ min: -MAX_MAJOR, max: MAX_MAJOR, noNaN: true }),
  boundCentsArb.map((c) => c / 100),
  decimalText.map(literal).filter(inMoneyRange),
  exponentText.map(literal).filter(inMoneyRange),
  fc.constantFrom(...MONEY_EDGES).map(literal),
);

/** Amounts one cent (or a rounding step) beyond the bound: the schema refuses every one. */
export const beyondMoneyArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: MAX_MONEY_CENTS + 1, max: MAX_MONEY_CENTS + 1000 }).map((c) => (c % 2 ? -c : c) / 100),
  fc.constantFrom(...OUT_OF_RANGE).map(literal),
);

/** Any number JSON.parse can give (and NaN, which it cannot, as a guard), in range or not. */
export const anyNumberArb: fc.Arbitrary<number> = fc.oneof(
  moneyArb,
  beyondMoneyArb,
  decimalText.map(literal),
  exponentText.map(literal),
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.MAX_SAFE_INTEGER, 2 ** 53, -1, 100_000, 100_001, 1e9, 1e9 + 1e-7, 0.5),
);

const openPositionsArb = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(0, -0, 1, 100_000));
const volumeArb = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((v) => v / 100),
  fc.double({ min: Number.MIN_VALUE, max: 100_000, noNaN: true }),
  fc.constantFrom(100_000, Number.MIN_VALUE, 1e-9),
);
const priceArb = fc.oneof(
  fc.integer({ min: 0, max: 100_000_000 }).map((p) => p / 100_000),
  fc.double({ min: 0, max: 1e9, noNaN: true }),
  fc.constantFrom(0, -0, 1e9, 5e-324),
);

// ---------------------------------------------------------------- strings

const SPACES = [' ', '\t', '\n', '\r', '\u00a0', '\ufeff', '\u2028', '\u3000'];

/**
 * Strings of min..max code points, as the schema counts: astral ones may run past max in UTF-16 units
 * (which the fast path counts, so it leaves those to the schema), and some sit exactly at max. Safe
 * text only (no NUL): the schema refuses the rest.
 */
function textArb(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max, 12) }).filter(isSafeText),
    fc.string({ unit: 'binary', minLength: min, maxLength: max }).filter(isSafeText),
    fc.constantFrom(
      'x'.repeat(max),
      '😀'.repeat(max >> 1),
      '😀'.repeat(max),
      'é'.repeat(max),
      ' '.repeat(Math.max(min, 1)),
    ),
  );
}

/** Within max UTF-16 units: the length the fast path takes itself. */
const fits = (s: string, max: number) => s.length <= max;

/** A few repeated ids, so batches carry duplicate ids too. */
const idArb = fc.oneof(fc.constantFrom('e1', 'e2'), textArb(1, 100));
const accountArb = fc.oneof(fc.constantFrom('10001', '10002'), textArb(1, 64));
const ticketArb = fc.oneof(
  textArb(1, 64),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER),
);
const trimmedSymbolArb = fc.oneof(
  fc.constantFrom('EURUSD', 'XAUUSD', 'US30.cash', 'BTC/USD', 'x'.repeat(32), 'a b'),
  textArb(1, 32).filter((s) => s.trim() === s),
);
/** A symbol the schema trims (so the fast path leaves it to the schema). */
const paddedSymbolArb = fc
  .tuple(fc.constantFrom(...SPACES), trimmedSymbolArb, fc.constantFrom('', ...SPACES))
  .map(([a, s, b]) => `${a}${s}${b}`);

// ---------------------------------------------------------------- times

// The API takes instants from 1970 to 2200 (UTC); the fast path takes the `Z` ones of those years.
const DAY_EDGES = [
  Date.UTC(2024, 1, 29),
  Date.UTC(2000, 1, 29, 23, 59, 59, 999),
  Date.UTC(2200, 1, 28),
  Date.UTC(2023, 11, 31, 23, 59, 59),
  MIN_TIME_MS,
  MAX_TIME_MS,
  0,
  Date.UTC(2026, 2, 29, 0, 59, 59, 999),
  Date.UTC(2026, 9, 25, 1),
];

/** An instant's text: `digits` fractional digits and a zone, `Z` or a ±hh:mm offset (minutes). */
interface TimeStyle {
  digits: 0 | 1 | 2 | 3 | 6 | 9;
  offset: { sign: '+' | '-'; minutes: number } | null;
}

/** The instant a style can carry exactly (fewer digits drop the rest of the millisecond). */
function truncate(ms: number, s: TimeStyle): number {
  const unit = s.digits >= 3 ? 1 : 10 ** (3 - s.digits);
  return ms - (((ms % unit) + unit) % unit);
}

function formatTime(ms: number, s: TimeStyle): string {
  const shift = s.offset ? (s.offset.sign === '+' ? 1 : -1) * s.offset.minutes : 0;
  const local = new Date(ms + shift * 60_000).toISOString();
  const frac = s.digits === 0 ? '' : `.${`${local.slice(20, 23)}000000`.slice(0, s.digits)}`;
  const m = s.offset?.minutes ?? 0;
  const zone = s.offset
    ? `${s.offset.sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
    : 'Z';
  return `${local.slice(0, 19)}${frac}${zone}`;
}

const commonStyleArb: fc.Arbitrary<TimeStyle> = fc.record({ digits: fc.constantFrom(0, 3), offset: fc.constant(null) });
const anyStyleArb: fc.Arbitrary<TimeStyle> = fc.record({
  digits: fc.constantFrom(0, 1, 2, 3, 6, 9),
  offset: fc.option(
    fc.record({
      sign: fc.constantFrom('+' as const, '-' as const),
      minutes: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(0, 1439)),
    }),
  ),
});

const commonInstantArb = fc.oneof(
  fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
  fc.integer({ min: MIN_TIME_MS, max: MAX_TIME_MS }),
  fc.constantFrom(...DAY_EDGES),
);
const anyInstantArb = commonInstantArb;

/** A time (as text) the schema accepts, with its instant and whether it is in the common form. */
interface TimeParts {
  ms: number;
  style: TimeStyle;
  common: boolean;
}
const timePartsArb: fc.Arbitrary<TimeParts> = fc
  .oneof(
    { weight: 3, arbitrary: fc.record({ ms: commonInstantArb, style: commonStyleArb, common: fc.constant(true) }) },
    { weight: 1, arbitrary: fc.record({ ms: anyInstantArb, style: anyStyleArb, common: fc.constant(false) }) },
  )
  .map((t) => {
    const ms = truncate(t.ms, t.style);
    // An offset, a fraction other than 0 or 3 digits: the fast path defers.
    return { ms, style: t.style, common: t.common };
  });

/** Texts the schema refuses, or accepts only in a form the fast path leaves to it. */
const TIME_EDGES = [
  '2026-02-30T00:00:00Z',
  '2023-02-29T00:00:00.000Z',
  '1900-02-29T00:00:00Z',
  '2100-02-29T00:00:00Z',
  '2000-02-29T00:00:00Z',
  '2024-04-31T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-00-10T00:00:00Z',
  '2024-01-00T00:00:00Z',
  '2016-12-31T23:59:60Z',
  '2016-12-31T23:59:60.000Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T23:60:00Z',
  '2024-01-01t00:00:00z',
  '2024-01-01T00:00:00z',
  '2024-01-01 00:00:00Z',
  '2024-01-01T00:00Z',
  '2024-01-01T00:00:00',
  '2024-01-01T00:00:00.000',
  '',
  ' ',
  '2024-01-01',
  '2024-01-01T00:00:00.Z',
  '2024-01-01T00:00:00.1234567890Z',
  '+002024-01-01T00:00:00Z',
  '2024-1-01T00:00:00Z',
  '2024-01-01T00:00:00+0100',
  '2024-01-01T00:00:00+01',
  '2024-01-01T00:00:00+24:00',
  '2024-01-01T00:00:00-00:00',
  '2024-01-01T00:00:00+00:60',
  '0000-01-01T00:00:00Z',
  '0999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00.000Z',
  '2200-12-31T23:59:59.999Z',
  '2201-01-01T00:00:00Z',
  '1970-01-01T00:30:00+01:00',
  '2200-12-31T23:30:00-01:00',
  '2024-01-01T00:00:00.000Z ',
  ' 2024-01-01T00:00:00Z',
  '2024-01-01T00:00:00.00Z',
  '2024-01-01T00:00:00.0000Z',
  '２０２４-01-01T00:00:00Z',
  '2024-01-01T00:00:00.12aZ',
  '2024-01-01T00:00:00ZZ',
  'Mon, 01 Jan 2024 00:00:00 GMT',
  '1704067200000',
];

/** Characters that stand in for one character of a time text: near-digits ('/' and ':'), letters, other digits. */
const TIME_CHARS = ['0', '1', '2', '5', '9', '/', ':', '-', '.', 'T', 't', 'Z', 'z', ' ', '+', 'a', '٣', '\u0000', ''];

const editedTimeArb = fc
  .tuple(timePartsArb, fc.nat(), fc.constantFrom(...TIME_CHARS), fc.boolean())
  .map(([t, at, c, insert]) => {
    const s = formatTime(t.ms, t.style);
    const i = at % (s.length + 1);
    return `${s.slice(0, i)}${c}${s.slice(insert ? i : i + 1)}`;
  });

/** Time texts of every sort: valid (common or not), edge cases, and one-character edits of valid ones. */
export const timeTextArb: fc.Arbitrary<string> = fc.oneof(
  timePartsArb.map((t) => formatTime(t.ms, t.style)),
  fc.constantFrom(...TIME_EDGES),
  editedTimeArb,
);

// ---------------------------------------------------------------- events

const snapshotArb: fc.Arbitrary<ValidEvent> = fc
  .record({
    id: idArb,
    account: accountArb,
    time: timePartsArb,
    balance: moneyArb,
    equity: moneyArb,
    openPositions: openPositionsArb,
  })
  .map((r) => ({
    event: {
      id: r.id,
      type: 'snapshot',
      account: r.account,
      time: formatTime(r.time.ms, r.time.style),
      balance: r.balance,
      equity: r.equity,
      openPositions: r.openPositions,
    },
    common: r.time.common && fits(r.id, 100) && fits(r.account, 64),
  }));

/** How an open trade leaves out its close: both keys absent, both null, or one of each. */
const OPEN_FORMS = ['absent', 'null', 'nullTime', 'nullPrice'] as const;

const tradeArb: fc.Arbitrary<ValidEvent> = fc
  .record({
    id: idArb,
    account: accountArb,
    ticket: ticketArb,
    symbol: fc.oneof({ weight: 4, arbitrary: trimmedSymbolArb }, { weight: 1, arbitrary: paddedSymbolArb }),
    side: fc.constantFrom('buy', 'sell'),
    volume: volumeArb,
    open: timePartsArb,
    openPrice: priceArb,
    // Closed trades close at or after the open: 0 ms apart happens on purpose.
    close: fc.option(fc.record({ after: fc.oneof(fc.constant(0), fc.nat(), fc.nat({ max: 999 })), price: priceArb })),
    openForm: fc.constantFrom(...OPEN_FORMS),
    profit: moneyArb,
    commission: fc.option(moneyArb, { nil: undefined }),
    swap: fc.option(moneyArb, { nil: undefined }),
  })
  .map((r) => {
    const event: Raw = {
      id: r.id,
      type: 'trade',
      account: r.account,
      ticket: r.ticket,
      symbol: r.symbol,
      side: r.side,
      volume: r.volume,
      openTime: formatTime(r.open.ms, r.open.style),
      openPrice: r.openPrice,
      profit: r.profit,
    };
    if (r.close) {
      // Same style as the open time, so truncating both keeps them in order.
      const closeMs = truncate(Math.min(r.open.ms + r.close.after, MAX_TIME_MS), r.open.style);
      event.closeTime = formatTime(closeMs, r.open.style);
      event.closePrice = r.close.price;
    } else if (r.openForm !== 'absent') {
      if (r.openForm !== 'nullPrice') event.closeTime = null;
      if (r.openForm !== 'nullTime') event.closePrice = null;
    }
    if (r.commission !== undefined) event.commission = r.commission;
    if (r.swap !== undefined) event.swap = r.swap;
    const common =
      r.open.common &&
      fits(r.id, 100) &&
      fits(r.account, 64) &&
      (typeof r.ticket === 'number' || fits(r.ticket, 64)) &&
      fits(r.symbol, 32) &&
      r.symbol.trim() === r.symbol;
    return { event, common };
  });

/** A withdrawal's amount: negative in cents (the sign flipped, or one cent out when it rounds to 0). */
function withdrawn(amount: number): number {
  const c = decimalToCents(amount);
  if (c < 0) return amount;
  return c > 0 ? -amount : -0.01;
}

const balanceArb: fc.Arbitrary<ValidEvent> = fc
  .record({
    id: idArb,
    account: accountArb,
    time: timePartsArb,
    kind: fc.constantFrom(undefined, 'adjustment', 'withdrawal'),
    amount: moneyArb,
    comment: fc.option(fc.oneof(fc.constantFrom('', 'deposit', 'x'.repeat(200)), textArb(0, 200)), { nil: undefined }),
  })
  .map((r) => {
    const event: Raw = {
      id: r.id,
      type: 'balance',
      account: r.account,
      time: formatTime(r.time.ms, r.time.style),
      amount: r.kind === 'withdrawal' ? withdrawn(r.amount) : r.amount,
    };
    if (r.kind !== undefined) event.kind = r.kind;
    if (r.comment !== undefined) event.comment = r.comment;
    const common = r.time.common && fits(r.id, 100) && fits(r.account, 64) && fits(r.comment ?? '', 200);
    return { event, common };
  });

/** A valid event of any type. */
export const validEventArb: fc.Arbitrary<ValidEvent> = fc.oneof(snapshotArb, tradeArb, balanceArb);

// ---------------------------------------------------------------- mutations

const ALL_KEYS = `
  id type account time balance equity openPositions ticket symbol side volume openTime openPrice closeTime closePrice
  profit commission swap kind amount comment
`
  .trim()
  .split(/\s+/);
const UNKNOWN_KEYS = [
  'extra',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  'ID',
  'Type',
  'events',
  'time ',
];

const longStrings = [33, 65, 101, 201].map((n) => 'x'.repeat(n));

/** The next double above a bound: the smallest value over it. */
const above = (v: number) => v * (1 + Number.EPSILON);

const moneyEdges = [
  0,
  -0,
  1.005,
  -0.005,
  0.01,
  -0.01,
  MAX_MAJOR,
  -MAX_MAJOR,
  MAX_MAJOR - 0.01,
  -(MAX_MAJOR - 0.01),
  MAX_MAJOR + 0.01,
  -(MAX_MAJOR + 0.01),
  literal('9000000000.004'),
  literal('9000000000.005'),
  literal('-9000000000.005'),
  above(MAX_MAJOR),
  -above(MAX_MAJOR),
  literal('1e999'),
  '1',
  null,
];
const priceEdges = [0, -0, -Number.MIN_VALUE, 1e9, above(1e9), '1.1', null];
const timeEdges = [
  '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2024-01-01T00:00:00.000z',
  '2016-12-31T23:59:60Z',
  '2024-01-01T00:00:00+01:00',
  '',
  1_704_067_200_000,
  null,
];

/** Per field: values on both sides of each of its bounds, and of a wrong type. */
export const FIELD_EDGES: Readonly<Record<string, readonly unknown[]>> = {
  id: ['', 'x'.repeat(100), 'x'.repeat(101), '😀'.repeat(50), `${'😀'.repeat(50)}x`, 'a\u0000', '\ud800', 1, null],
  account: ['', 'x'.repeat(64), 'x'.repeat(65), '1\u0000', 'x\udfff', 10001, null],
  type: ['snapshot', 'trade', 'balance', 'Trade', '', null],
  time: timeEdges,
  balance: moneyEdges,
  equity: moneyEdges,
  openPositions: [0, -0, 100_000, 100_001, 1.5, -1, 2 ** 53, '1', null],
  ticket: [0, -0, -1, 1.5, Number.MAX_SAFE_INTEGER, 2 ** 53, '', 'x'.repeat(64), 'x'.repeat(65), '-1', '\u0000', null],
  symbol: ['', ' ', 'x'.repeat(32), 'x'.repeat(33), ` ${'x'.repeat(32)}`, '\u00a0X', 'EUR\u0000', '\udbffX', 1, null],
  side: ['buy', 'sell', 'Buy', 'long', '', null],
  volume: [0, -0, Number.MIN_VALUE, 100_000, above(100_000), -1, '1', null],
  openTime: timeEdges,
  openPrice: priceEdges,
  closeTime: timeEdges,
  closePrice: priceEdges,
  profit: moneyEdges,
  commission: moneyEdges,
  swap: moneyEdges,
  kind: ['withdrawal', 'adjustment', 'deposit', 'Withdrawal', '', null, 1],
  amount: moneyEdges,
  comment: ['', 'x'.repeat(200), 'x'.repeat(201), '\u0000', 'a\ud800b', '😀', null, 1],
};

/** Values of the wrong type, the wrong range or the wrong length for some field. */
export const oddValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    '',
    ' ',
    '0',
    '1',
    '12.5',
    '1e3',
    'NaN',
    'Infinity',
    '-0',
    [],
    [1],
    ['buy'],
    {},
    { value: 1 },
    'snapshot',
    'trade',
    'balance',
    'Snapshot',
    'buy',
    'sell',
    'Buy',
    'long',
    ...longStrings,
    ...SPACES,
  ),
  anyNumberArb,
  timeTextArb,
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A value that is right for some field, so a key set on the wrong event or in the wrong pairing is tried too. */
const fieldValueArb: fc.Arbitrary<unknown> = fc.oneof(
  moneyArb,
  timeTextArb,
  ticketArb,
  trimmedSymbolArb,
  fc.constantFrom<unknown>('snapshot', 'trade', 'balance', 'buy', 'sell', 'withdrawal', 'adjustment', null),
);

export type Mutation =
  | { kind: 'drop'; pick: number }
  | { kind: 'set'; pick: number; value: unknown }
  | { kind: 'add'; key: string; value: unknown }
  | { kind: 'edge'; pick: number; choice: number }
  | { kind: 'swapTimes' };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      pick: fc.nat(),
      value: fc.oneof(oddValueArb, fieldValueArb),
    }),
  },
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.oneof(fc.constantFrom(...UNKNOWN_KEYS), fc.string({ maxLength: 8 })),
    value: oddValueArb,
  }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edge' as const), pick: fc.nat(), choice: fc.nat() }) },
  fc.record({ kind: fc.constant('swapTimes' as const) }),
);

/** A copy of the event with the mutations applied (the generated value itself stays as it was). */
export function mutate(source: Raw, mutations: Mutation[]): Raw {
  const e: Raw = { ...source };
  for (const m of mutations) {
    const keys = Object.keys(e);
    if (m.kind === 'drop') {
      if (keys.length > 0) delete e[keys[m.pick % keys.length]!];
    } else if (m.kind === 'set') {
      const choices = [...keys, ...ALL_KEYS];
      setOwn(e, choices[m.pick % choices.length]!, m.value);
    } else if (m.kind === 'add') {
      setOwn(e, m.key, m.value);
    } else if (m.kind === 'edge') {
      const choices = [...keys, ...ALL_KEYS];
      const key = choices[m.pick % choices.length]!;
      const values = FIELD_EDGES[key] ?? [null];
      setOwn(e, key, values[m.choice % values.length]);
    } else if (typeof e.openTime === 'string' && typeof e.closeTime === 'string') {
      [e.openTime, e.closeTime] = [e.closeTime, e.openTime];
    }
  }
  return e;
}

/** An event that is mostly wrong in one to three ways (and now and then still valid). */
export const mutatedEventArb: fc.Arbitrary<Raw> = fc
  .tuple(validEventArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
  .map(([v, ms]) => mutate(v.event, ms));

/** Any event, valid or not; the non-object ones too. */
const anyEventArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: validEventArb.map((v) => v.event) },
  { weight: 6, arbitrary: mutatedEventArb },
  { weight: 1, arbitrary: oddValueArb },
);

// ---------------------------------------------------------------- bodies

/**
 * Batches: mostly valid events around one mutated event (so the fast path's answer hangs on that one
 * check), else any mix, non-objects included.
 */
export const mixedBatchArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(validEventArb, { maxLength: 5 }), mutatedEventArb, fc.nat())
      .map(([valid, bad, at]) => {
        const events: unknown[] = valid.map((v) => v.event);
        events.splice(at % (events.length + 1), 0, bad);
        return { events };
      }),
  },
  { weight: 1, arbitrary: fc.array(anyEventArb, { minLength: 1, maxLength: 6 }).map((events) => ({ events })) },
);

/** Bodies wrong (or right) as a whole: not an object, no or odd `events`, more keys, empty and oversized batches. */
export const bodyArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: mixedBatchArb },
  {
    weight: 1,
    arbitrary: fc.oneof(
      oddValueArb,
      validEventArb.map((v) => v.event),
      validEventArb.map((v) => [v.event]),
    ),
  },
  { weight: 1, arbitrary: oddValueArb.map((events) => ({ events })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(validEventArb, fc.constantFrom(...UNKNOWN_KEYS, 'event'), oddValueArb)
      .map(([v, key, value]) => {
        const body: Raw = { events: [v.event] };
        setOwn(body, key, value);
        return body;
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(0, 1, MAX_EVENTS_PER_BATCH, MAX_EVENTS_PER_BATCH + 1), validEventArb)
      .map(([n, v]) => ({ events: Array.from({ length: n }, () => ({ ...v.event })) })),
  },
);

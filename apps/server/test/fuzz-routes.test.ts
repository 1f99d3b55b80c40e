import { ERROR_CODES } from '@app/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/plugins/access.ts';
import { randomIp } from './auth-helpers.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from './test-app.ts';
import { createAccount, ev, ingest, setupWorld, twoStepChallenge, type TradingWorld } from './trading-fixtures.ts';
import { createUser, type TestUser } from './test-users.ts';

/*
 * Every route in the route table, driven with generated bad input — bodies (wrong types, NUL bytes,
 * lone surrogates, huge and tiny numbers, deep nesting, huge strings, extra keys, broken JSON),
 * path parameters and query strings — sent as a caller the route lets in, so the input reaches the
 * validation and the code behind it. Each request starts from a valid one (built from the route's
 * OpenAPI schema, itself generated from the contracts) with some of its parts replaced, so a single
 * bad field reaches as deep as it can. Seeded: a failure replays.
 *
 * Every answer must be < 500, carry the security headers, and be `{ code, message }` JSON when it is
 * an error.
 */

/** FUZZ_SEED and FUZZ_RUNS (a multiple of the runs below) hunt deeper on demand; the suite's run is fixed. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_309);
const DEPTH = Number(process.env.FUZZ_RUNS ?? 1);
/** Requests per route that takes input (params, query or body), and per route that takes none. */
const RUNS_PER_ROUTE = 80 * DEPTH;
const RUNS_PER_PLAIN_ROUTE = 15 * DEPTH;

let t: TestContext;
let w: TradingWorld;
let account: { id: string; login: string };
/** Targets of the destructive admin routes, so the callers above keep working. */
let victims: { user: TestUser; challengeId: string; connectorId: string; accountId: string };

beforeAll(async () => {
  // Stripe's webhook secret registers its route (checkout keeps the default manual provider).
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fuzz', STRIPE_WEBHOOK_SECRET: 'whsec_test_fuzz' } });
  w = await setupWorld(t);
  account = await createAccount(t, w);
  const events = Array.from({ length: 6 }, (_, i) =>
    ev.trade(`fz-${i}`, account.login, `2026-03-02T0${i}:00:00Z`, `2026-03-02T0${i}:30:00Z`, 10 * (i - 2)),
  );
  const ingested = await ingest(t, w.connectorKey, events);
  if (ingested.statusCode !== 200) throw new Error(`ingest: ${ingested.body}`);
  const user = await createUser(t, 'USER');
  const challenge = await t.app.inject({
    method: 'POST',
    url: '/api/admin/challenges',
    headers: w.admin.headers,
    payload: twoStepChallenge(),
  });
  const connector = await t.app.inject({
    method: 'POST',
    url: '/api/admin/connectors',
    headers: w.admin.headers,
    payload: { name: 'victim' },
  });
  const victimAccount = await createAccount(t, w, user);
  victims = {
    user,
    challengeId: challenge.json().challenge.id,
    connectorId: connector.json().id,
    accountId: victimAccount.id,
  };
}, 120_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------- JSON text

/** JSON text written as is: numbers JSON.stringify cannot write, nesting too deep for it. */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Percent-encodes every UTF-16 code point as UTF-8 bytes (lone surrogates as their WTF-8 bytes). */
function pct(s: string): string {
  let out = '';
  for (const ch of s) {
    if (/^[A-Za-z0-9._~-]$/.test(ch)) {
      out += ch;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

// ---------------------------------------------------------------- bad values

const BAD_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(40),
  '\ud800',
  'abc\udfff',
  '\udc00\ud800',
  '😀\ud83d',
  '\uffff\ufffe',
  '\u202e\u200b',
  ' ',
  '',
  "'; drop table users; --",
  '%00',
  '%ff',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
];
const BAD_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1000-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '2201-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-14:00',
  '+275760-09-13T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01T00:00:00.123456789Z',
];
const RAW_NUMBERS = [
  '1e999',
  '-1e999',
  '1e308',
  '-1e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '-0',
  '5e-324',
  '0.000000000000000000000001',
  '1E+21',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
];
/** Cursors and ids that decode to numbers a Date or an integer column cannot hold. */
const cursorArb = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('9007199254740991', '8640000000000001', '-8640000000000001', '1e21', '-1', '0', 'NaN', '1.5', ''),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
    ),
    fc.oneof(
      fc.constantFrom('9007199254740991', '9223372036854775808', '2147483648', '-1', '0', '1', 'x', ''),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
    ),
  )
  .map(([a, b]) => Buffer.from(`${a}:${b}`).toString('base64url'));

const nestArb = fc
  .tuple(fc.integer({ min: 20, max: 6_000 }), fc.constantFrom('[', '{"a":', '{"a":['))
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : ']}';
    return new Raw(`${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`);
  });

const hugeStringArb = fc
  .tuple(fc.integer({ min: 100, max: 120_000 }), fc.constantFrom('x', '\u0000', 'é', '😀', ' ', '\ud800'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

const textArb = fc.oneof(
  fc.constantFrom(...BAD_TEXTS),
  fc.constantFrom(...BAD_TIMES),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff')).map(([s, c]) => s + c + s),
  cursorArb,
);
const numberArb = fc.oneof(
  fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 63, 2 ** 31, -(2 ** 31) - 1, 1e21, 0.1, -1, 0, 1.5, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(...RAW_NUMBERS).map((n) => new Raw(n)),
);
/** Anything a field may be replaced with. */
const badValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: textArb },
  { weight: 3, arbitrary: numberArb },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }) },
  { weight: 1, arbitrary: nestArb },
  { weight: 1, arbitrary: hugeStringArb },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.oneof(textArb, fc.constantFrom('__proto__', 'constructor')), fc.jsonValue(), {
      maxKeys: 4,
    }),
  },
);

const BROKEN_JSON = [
  '{"a":',
  '{',
  '',
  'nul',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"\u0000":1}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '[' + '1,'.repeat(50_000) + '1]',
  '\ufeff{}',
];

// ---------------------------------------------------------------- valid requests from the OpenAPI schemas

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};

const recentTimeArb = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 5, 1) })
  .map((ms) => new Date(ms).toISOString());

/** Valid values the schema alone does not describe (formats checked by refinements, known ids). */
function namedArb(name: string): fc.Arbitrary<unknown> | undefined {
  switch (name) {
    case 'email':
      return fc.oneof(
        fc.constant(w.member.email),
        fc.string({ unit: fc.constantFrom(...'abcdefgh'), minLength: 1, maxLength: 10 }).map((s) => `${s}@example.com`),
      );
    case 'password':
    case 'newPassword':
      return fc.constant(VALID_PASSWORD);
    case 'currentPassword':
      return fc.constant('Not-the-password1!');
    case 'slug':
      return fc.string({ unit: fc.constantFrom(...'abcdefgh'), minLength: 4, maxLength: 12 });
    case 'currency':
      return fc.constant('USD');
    case 'account':
      return fc.constant(account.login);
    case 'challengeId':
      return fc.constant(w.challengeId);
    case 'accountId':
      return fc.constant(account.id);
    case 'cursor':
      // As the API writes them: a valid one, or one decoding to numbers no Date or id holds.
      return fc.oneof(fc.constant(Buffer.from(`${Date.UTC(2026, 2, 2, 3)}:3`).toString('base64url')), cursorArb);
    case 'token':
      return fc.constant('a'.repeat(43));
    case 'userGeolocation':
      return fc.constant({ country: 'CZ', city: 'Prague' });
    case 'phases':
      return fc.constant(twoStepChallenge().phases);
    default:
      return undefined;
  }
}

function validArb(s: Schema, name = ''): fc.Arbitrary<unknown> {
  const named = namedArb(name);
  if (named) return named;
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validArb(a, name)));
  let arb: fc.Arbitrary<unknown>;
  if (s.enum) arb = fc.constantFrom(...s.enum);
  else if (s.type === 'object') {
    const props = s.properties ?? {};
    arb = fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validArb(p, k)])), {
      requiredKeys: (s.required ?? []).filter((k) => k in props),
    });
  } else if (s.type === 'array') {
    const min = Math.max(1, s.minItems ?? 0);
    arb = fc.array(validArb(s.items ?? {}), { minLength: min, maxLength: Math.min(s.maxItems ?? 3, min + 2) });
  } else if (s.type === 'string') {
    if (s.format === 'uuid') arb = fc.uuid({ version: 4 });
    else if (s.format === 'date-time') arb = recentTimeArb;
    else {
      const min = Math.max(s.minLength ?? 1, 3);
      arb = fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnop'),
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxLength ?? 20, 20)),
      });
    }
  } else if (s.type === 'integer') {
    const min = s.minimum ?? 0;
    arb = fc.integer({ min, max: Math.min(s.maximum ?? min + 100, min + 100) });
  } else if (s.type === 'number') {
    arb = fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100);
  } else if (s.type === 'boolean') arb = fc.boolean();
  else arb = fc.constant('x');
  return s.nullable ? fc.option(arb, { nil: null, freq: 5 }) : arb;
}

/** Every place in a value: [] is the whole, ['a', 0] its `a`'s first item. */
function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...prefix, i])));
  else if (v !== null && typeof v === 'object' && !(v instanceof Raw)) {
    for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  }
  return out;
}

const at = (v: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
    v,
  );

/** A copy of `v` with `value` at `path` (undefined: the key removed); null when the path runs under a scalar. */
function setAt(v: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  if (v === null || typeof v !== 'object' || v instanceof Raw) return null;
  const [head, ...rest] = path;
  const copy = (Array.isArray(v) ? [...v] : { ...v }) as Record<string | number, unknown>;
  const inner = rest.length === 0 ? value : setAt(copy[head!], rest, value);
  if (rest.length > 0 && inner === null) return null;
  if (inner === undefined && !Array.isArray(copy)) delete copy[head!];
  else Object.defineProperty(copy, head!, { value: inner, enumerable: true, writable: true, configurable: true });
  return copy;
}

const BAD_CHARS = ['\u0000', '\ud800', '\udfff', '\udbff', '\u0000\u0000'];

/** A bad value for a place holding `x`: mostly near the valid one (a NUL or a lone surrogate inside it, a date out of range). */
function badFor(x: unknown): fc.Arbitrary<unknown> {
  if (typeof x === 'string') {
    const inside = fc
      .tuple(fc.integer({ min: 0, max: x.length }), fc.constantFrom(...BAD_CHARS))
      .map(([i, c]) => x.slice(0, i) + c + x.slice(i));
    const options = [
      { weight: 4, arbitrary: inside as fc.Arbitrary<unknown> },
      { weight: 3, arbitrary: badValueArb },
    ];
    if (/^\d{4}-\d\d-\d\dT/.test(x)) options.push({ weight: 4, arbitrary: fc.constantFrom(...BAD_TIMES) });
    return fc.oneof(...options);
  }
  if (typeof x === 'number')
    return fc.oneof({ weight: 3, arbitrary: numberArb }, { weight: 1, arbitrary: badValueArb });
  return badValueArb;
}

type Edit = { path: (string | number)[]; value: unknown };

/** A valid value with one (mostly) to three of its places replaced, a key added or one removed. */
function mutatedArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((v) => {
    const places = paths(v);
    const leaves = places.filter((p) => {
      const x = at(v, p);
      return x === null || typeof x !== 'object';
    });
    const edit: fc.Arbitrary<Edit> = fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .constantFrom(...(leaves.length ? leaves : places))
          .chain((path) => badFor(at(v, path)).map((value) => ({ path, value }))),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.constantFrom(...places), badValueArb).map(([path, value]) => ({ path, value })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...places), fc.oneof(textArb, fc.constant('extra')), badValueArb)
          .map(([path, key, value]) => ({ path: [...path, key], value })),
      },
      { weight: 1, arbitrary: fc.constantFrom(...places).map((path) => ({ path, value: undefined })) },
    );
    const edits = fc.oneof(
      { weight: 4, arbitrary: edit.map((e) => [e]) },
      { weight: 1, arbitrary: fc.array(edit, { minLength: 2, maxLength: 3 }) },
    );
    return edits.map((list) => {
      let out = v;
      for (const e of list) {
        const next = setAt(out, e.path, e.value);
        if (next !== null || e.path.length === 0) out = next;
      }
      return out;
    });
  });
}

// ---------------------------------------------------------------- requests

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

type Caller = 'member' | 'staff' | 'admin' | 'connector' | 'none' | 'garbage';

function validParam(route: RouteAccess, name: string): string {
  if (name === 'email') return w.member.email;
  // Writes on a user (status, edit, anonymise, their sessions) land on the victim: the member signs in again.
  if (name === 'userId') {
    const write = route.method !== 'GET' && route.url.startsWith('/api/admin/users/:userId');
    return write || route.url.includes('/status') ? victims.user.id : w.member.id;
  }
  if (route.url.startsWith('/api/admin/challenges')) return victims.challengeId;
  if (route.url.startsWith('/api/admin/connectors')) return victims.connectorId;
  if (route.url.startsWith('/api/admin/accounts')) return victims.accountId;
  if (route.url.includes('verdict-reviews')) return '00000000-0000-4000-8000-000000000000';
  return account.id;
}

const BAD_PATH_PARTS = [
  '%ff',
  '%',
  '%0',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  '..',
  '%2e%2e',
  'a%2Fb',
  '%20',
  'x'.repeat(200),
];

function paramArb(route: RouteAccess, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(encodeURIComponent(validParam(route, name))) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_PATH_PARTS) },
    { weight: 2, arbitrary: textArb.filter((s) => s.length > 0).map(pct) },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
  );
}

function queryArb(op: Operation | undefined): fc.Arbitrary<string> {
  const params = (op?.parameters ?? []).filter((p) => p.in === 'query');
  const valid = fc.record(Object.fromEntries(params.map((p) => [p.name, validArb(p.schema, p.name)])), {
    requiredKeys: [],
  });
  const encode = (o: Record<string, unknown>) =>
    Object.entries(o)
      .map(([k, v]) => `${pct(k)}=${pct(typeof v === 'string' ? v : toJson(v))}`)
      .join('&');
  const bad = fc.oneof(
    mutatedArb(valid).map((o) =>
      o && typeof o === 'object' && !Array.isArray(o) ? encode(o as never) : pct(toJson(o)),
    ),
    fc
      .tuple(fc.constantFrom('', ...params.map((p) => p.name)), fc.constantFrom('%ff', '%', '%00', 'a&a=b', '[]=1'))
      .map(([k, v]) => `${k}=${v}`),
    fc
      .tuple(fc.constantFrom('x', ...params.map((p) => p.name)), fc.array(textArb, { minLength: 2, maxLength: 3 }))
      .map(([k, vs]) => vs.map((v) => `${k}=${pct(v)}`).join('&')),
  );
  return fc.oneof(
    { weight: 1, arbitrary: valid.map((o) => encode(o as Record<string, unknown>)) },
    { weight: 3, arbitrary: bad },
  );
}

function bodyArb(op: Operation | undefined): fc.Arbitrary<string | undefined> {
  const schema = op?.requestBody?.content?.['application/json']?.schema;
  const valid = schema ? validArb(schema) : fc.constant({});
  return fc.oneof(
    { weight: 2, arbitrary: valid.map(toJson) },
    { weight: 8, arbitrary: mutatedArb(valid).map(toJson) },
    { weight: 2, arbitrary: badValueArb.map(toJson) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/jsonx',
  '',
];

function callerArb(route: RouteAccess): fc.Arbitrary<Caller> {
  const own: Caller[] =
    route.access === 'staff' ? ['staff', 'admin'] : route.access === 'public' ? ['none', 'member'] : [route.access];
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom('garbage', 'none') },
  );
}

function requestArb(
  route: RouteAccess,
  op: Operation | undefined,
): fc.Arbitrary<{ req: Omit<FuzzRequest, 'headers'>; caller: Caller; contentType: string }> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  return fc
    .record({
      params: fc.tuple(...names.map((n) => paramArb(route, n))),
      wildcard: fc.oneof(fc.constantFrom('index.html', ...BAD_PATH_PARTS), textArb.map(pct)),
      query: queryArb(op),
      body: hasBody ? bodyArb(op) : fc.constant(undefined),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      caller: callerArb(route),
    })
    .map(({ params, wildcard, query, body, contentType, caller }) => {
      let i = 0;
      const path = route.url.replace(/:[A-Za-z]+/g, () => params[i++]!).replace('*', wildcard);
      return {
        req: { method: route.method, url: query ? `${path}?${query}` : path, payload: body, remoteAddress: randomIp() },
        caller,
        contentType,
      };
    });
}

// ---------------------------------------------------------------- callers

const tokens = new Map<Caller, TestUser>();
async function relogin(user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: VALID_PASSWORD },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`relogin ${user.email}: ${res.body}`);
  const token = res.json().accessToken as string;
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

function authorization(caller: Caller): string | undefined {
  switch (caller) {
    case 'member':
    case 'staff':
    case 'admin':
      return tokens.get(caller)!.headers.authorization;
    case 'connector':
      return `Bearer ${w.connectorKey}`;
    case 'garbage':
      return `Bearer ${'%ff\u00ff'.repeat(30)}`;
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- checks

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** What is wrong with an answer: ≥ 500, no security headers, an error not shaped `{ code, message }`. */
function problemsOf(res: Answer): string[] {
  const found: string[] = [];
  if (res.statusCode >= 500) found.push(`status ${res.statusCode}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') found.push('no x-content-type-options');
  if (res.statusCode >= 400) {
    let body: { code?: unknown; message?: unknown } | null = null;
    try {
      body = JSON.parse(res.body);
    } catch {
      found.push('error body is not JSON');
    }
    if (body && (!(ERROR_CODES as readonly unknown[]).includes(body.code) || typeof body.message !== 'string')) {
      found.push('error body is not our { code, message }');
    }
  }
  return found;
}

/**
 * inject, reading the answer as a stream: a stream that stays open (server-sent events) is taken as
 * answered once its head arrived, instead of waiting for an end that never comes.
 */
async function send(opts: Record<string, unknown>): Promise<Answer> {
  const res = await t.app.inject({ ...opts, payloadAsStream: true } as never);
  const answer = { statusCode: res.statusCode, headers: res.headers, body: '' };
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) return answer;
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
  answer.body = Buffer.concat(chunks).toString('utf8');
  return answer;
}

const show = (s: string | undefined, n = 160) =>
  s === undefined ? '' : JSON.stringify(s.length > n ? `${s.slice(0, n)}…(${s.length})` : s);

describe('fuzz: every route, bad input', () => {
  it('answers < 500 with { code, message } and the security headers', async () => {
    tokens.set('member', w.member);
    tokens.set('staff', w.support);
    tokens.set('admin', w.admin);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes = t.routes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(30);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let fiveHundreds = 0;
    let sent = 0;
    const started = Date.now();

    for (const [index, route] of routes.entries()) {
      const op = doc.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const takesInput =
        route.url.includes(':') || route.url.includes('*') || Boolean(op?.parameters?.length || op?.requestBody);
      const numRuns = takesInput ? RUNS_PER_ROUTE : RUNS_PER_PLAIN_ROUTE;
      const samples = fc.sample(requestArb(route, op), { numRuns, seed: SEED + index });
      for (const { req, caller, contentType } of samples) {
        const headers: Record<string, string> = {};
        const auth = authorization(caller);
        if (auth) headers.authorization = auth;
        if (req.payload !== undefined && contentType) headers['content-type'] = contentType;
        const res = await send({ ...req, headers });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problems = problemsOf(res);
        if (res.statusCode >= 500) fiveHundreds++;
        if (problems.length) {
          failures.push(
            `${problems.join(', ')} ← ${req.method} ${show(req.url, 200)} as ${caller} ${show(req.payload)} → ${show(res.body, 200)}`,
          );
        }
        // A logout (or anything else) ended a caller's session: sign in again.
        if (res.statusCode === 401 && (caller === 'member' || caller === 'staff' || caller === 'admin')) {
          tokens.set(caller, await relogin(tokens.get(caller)!));
        }
      }
    }

    // Fastify's own refusals, outside any route.
    for (const url of ['/%ff', '/api/%ff', '/api/accounts/%E0%A4%A', '/%00', `/${'%ff'.repeat(50)}`]) {
      const res = await send({ method: 'GET', url });
      sent++;
      if (res.statusCode >= 500) fiveHundreds++;
      const problems = problemsOf(res);
      if (problems.length) failures.push(`${problems.join(', ')} ← GET ${url} → ${show(res.body)}`);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = `${sent} requests on ${routes.length} routes in ${seconds} s; ${fiveHundreds} answered ≥ 500; ${failures.length} failed; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`;
    console.info(`fuzz: ${summary}`);
    expect(failures, `${summary}\n${failures.slice(0, 40).join('\n')}`).toEqual([]);
  }, 240_000);
});

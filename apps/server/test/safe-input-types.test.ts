import { describe, expect, it } from 'vitest';
import {
  boundedDateTime,
  equityQuerySchema,
  geolocationSchema,
  ingestRequestSchema,
  isSafeText,
  isTimeInRange,
  jsonProblem,
  loginRequestSchema,
  MAX_TIME_MS,
  MIN_TIME_MS,
  registerRequestSchema,
  safeText,
  TIME_RANGE_MESSAGE,
  tradesQuerySchema,
  UNSAFE_TEXT_MESSAGE,
} from '@app/contracts';

describe('safe text', () => {
  it('refuses NUL and lone surrogates, takes everything else', () => {
    for (const s of ['', 'abc', 'é', '😀', 'a😀b', '\uffff', '\u200b', 'tab\there'])
      expect(isSafeText(s), s).toBe(true);
    for (const s of ['\u0000', 'a\u0000', '\ud800', 'a\udfff', '\udc00\ud800', '😀\ud83d', '\ud83d', 'x\ud83dy']) {
      expect(isSafeText(s), JSON.stringify(s)).toBe(false);
    }
  });

  it('is checked before the other rules, with its own message', () => {
    const schema = safeText().trim().min(3).max(5);
    expect(schema.safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(schema.parse('  abc ')).toBe('abc');
  });

  it('keeps the messages SPEC.md fixes', () => {
    // The first message of each field (the one the form shows).
    const issues = (input: unknown) => {
      const first = new Map<string, string>();
      for (const i of registerRequestSchema.safeParse(input).error?.issues ?? []) {
        if (!first.has(i.path.join('.'))) first.set(i.path.join('.'), i.message);
      }
      return [...first].map(([path, message]) => `${path}: ${message}`);
    };
    expect(issues({ email: '', password: '', firstName: '', lastName: '', role: 'USER' })).toEqual([
      'email: Email is required',
      'password: Password is required',
      'firstName: First name is required',
      'lastName: Last name is required',
    ]);
    expect(issues({ email: 'ab', password: 'short', firstName: 'Al', lastName: 'x'.repeat(51), role: 'USER' })).toEqual(
      [
        'email: Minimum 3 symbols',
        'password: Password is too short - should be 8 characters minimum.',
        'firstName: Minimum 3 symbols',
        'lastName: Maximum 50 symbols',
      ],
    );
    expect(loginRequestSchema.safeParse({ email: 'a@example.com' }).error?.issues[0]?.message).toBe(
      'Password is required',
    );
  });
});

describe('date-times', () => {
  it('takes 1970-01-01 to 2200-12-31 (UTC), with Z or an offset', () => {
    const schema = boundedDateTime();
    for (const s of ['1970-01-01T00:00:00Z', '2200-12-31T23:59:59.999Z', '2026-03-02T10:00:00+01:00']) {
      expect(schema.safeParse(s).success, s).toBe(true);
    }
    for (const s of [
      '0000-01-01T00:00:00Z',
      '1969-12-31T23:59:59.999Z',
      '2201-01-01T00:00:00Z',
      '1970-01-01T00:30:00+01:00',
    ]) {
      expect(
        schema.safeParse(s).error?.issues.map((i) => i.message),
        s,
      ).toEqual([TIME_RANGE_MESSAGE]);
    }
    expect(isTimeInRange(MIN_TIME_MS) && isTimeInRange(MAX_TIME_MS)).toBe(true);
    expect(isTimeInRange(MIN_TIME_MS - 1) || isTimeInRange(MAX_TIME_MS + 1) || isTimeInRange(Number.NaN)).toBe(false);
  });

  it('bounds every date-time of the contracts', () => {
    expect(tradesQuerySchema.safeParse({ from: '0000-01-01T00:00:00Z' }).error?.issues[0]?.path).toEqual(['from']);
    expect(equityQuerySchema.safeParse({ to: '9999-12-31T23:59:59Z' }).error?.issues[0]?.path).toEqual(['to']);
    const event = {
      id: 'e',
      type: 'snapshot',
      account: '1',
      time: '0000-01-01T00:00:00Z',
      balance: 1,
      equity: 1,
      openPositions: 0,
    };
    expect(ingestRequestSchema.safeParse({ events: [event] }).error?.issues[0]?.path).toEqual(['events', 0, 'time']);
  });
});

describe('free-form JSON (userGeolocation)', () => {
  const limits = { maxBytes: 2048, maxDepth: 3 };
  it('is bounded in depth, size and text', () => {
    expect(jsonProblem({ a: 1, b: 'x', c: [1, 2], d: { e: { f: null } } }, limits)).toBeNull();
    expect(jsonProblem({ a: { b: { c: { d: 1 } } } }, limits)).toMatch(/Nested too deeply/);
    expect(jsonProblem({ a: [[[1]]] }, limits)).toMatch(/Nested too deeply/);
    expect(jsonProblem({ a: 'x'.repeat(2040) }, limits)).toBeNull(); // 2,048 bytes: the bound itself
    expect(jsonProblem({ a: 'x'.repeat(2041) }, limits)).toMatch(/Too large/);
    expect(jsonProblem(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [i, 1])), limits)).toMatch(
      /Too large/,
    );
    expect(jsonProblem({ a: ['ok', 'n\u0000'] }, limits)).toBe(UNSAFE_TEXT_MESSAGE);
    expect(jsonProblem({ '\ud800': 1 }, limits)).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('takes what a geolocation service answers, or null', () => {
    const answer = {
      ip: '203.0.113.7',
      city: 'Praha',
      region: 'Hlavní město Praha',
      country: 'CZ',
      country_name: 'Czechia',
      latitude: 50.0883,
      longitude: 14.4124,
      timezone: 'Europe/Prague',
      currency: 'CZK',
      languages: 'cs,sk',
      asn: 'AS64500',
      org: 'Example ISP',
      in_eu: true,
    };
    expect(geolocationSchema.parse(answer)).toEqual(answer);
    expect(geolocationSchema.parse(null)).toBeNull();
  });
});

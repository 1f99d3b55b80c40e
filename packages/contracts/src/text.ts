import { z } from 'zod';

/**
 * Safe input types: every string, date-time and free-form JSON a request carries goes through one
 * of these, so what PostgreSQL cannot store (NUL in text or jsonb, lone surrogates that do not
 * encode to UTF-8, dates beyond its or a Date's range, huge or deep JSON) is a 400 naming the field,
 * never a 500 from the database.
 */

export const UNSAFE_TEXT_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';

/** No NUL (U+0000) and no lone surrogate: text that encodes to UTF-8 and that PostgreSQL stores as sent. */
export function isSafeText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return false;
    if (c < 0xd800 || c > 0xdfff) continue;
    // A high surrogate followed by a low one is a pair; any other surrogate is alone.
    const next = s.charCodeAt(i + 1);
    if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/**
 * A string refusing NUL and lone surrogates before any other rule; chain `.trim()`, `.min()`… as on
 * `z.string()`. `params` are z.string()'s (its message when the value is not a string).
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE, abort: true });
}

// ---------------------------------------------------------------- date-times

/** The times the API takes: from 1970-01-01T00:00:00.000Z to 2200-12-31T23:59:59.999Z. */
export const MIN_TIME_MS = Date.UTC(1970, 0, 1);
export const MAX_TIME_MS = Date.UTC(2201, 0, 1) - 1;
export const MIN_TIME_YEAR = 1970;
export const MAX_TIME_YEAR = 2200;
export const TIME_RANGE_MESSAGE = 'Out of range: a time from 1970-01-01 to 2200-12-31 (UTC)';

export const isTimeInRange = (ms: number): boolean => ms >= MIN_TIME_MS && ms <= MAX_TIME_MS;

/** An ISO 8601 date-time with `Z` or an offset, from 1970 to 2200 (UTC); the text is kept. */
export function boundedDateTime(params?: { error?: string }) {
  return z.iso
    .datetime({ offset: true, ...params })
    .refine((s) => isTimeInRange(Date.parse(s)), { error: TIME_RANGE_MESSAGE, abort: true });
}

// ---------------------------------------------------------------- free-form JSON

export const JSON_TOO_DEEP_MESSAGE = (maxDepth: number) => `Nested too deeply: at most ${maxDepth} levels`;
export const JSON_TOO_LARGE_MESSAGE = (maxBytes: number) => `Too large: at most ${maxBytes} bytes as JSON`;

/**
 * What is wrong with a free-form JSON value, or null: deeper than `maxDepth` levels (an object of
 * scalars is 1), a key or string that is not safe text, more than `maxBytes` bytes as UTF-8 JSON.
 */
export function jsonProblem(value: unknown, limits: { maxBytes: number; maxDepth: number }): string | null {
  let budget = limits.maxBytes; // every member costs at least a byte: stops early on a huge object
  const walk = (v: unknown, depth: number): string | null => {
    if (typeof v === 'string') return isSafeText(v) ? null : UNSAFE_TEXT_MESSAGE;
    if (v === null || typeof v !== 'object') return null;
    if (depth > limits.maxDepth) return JSON_TOO_DEEP_MESSAGE(limits.maxDepth);
    for (const [key, item] of Object.entries(v)) {
      if (--budget < 0) return JSON_TOO_LARGE_MESSAGE(limits.maxBytes);
      if (!isSafeText(key)) return UNSAFE_TEXT_MESSAGE;
      const problem = walk(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  const problem = walk(value, 1);
  if (problem) return problem;
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  return bytes > limits.maxBytes ? JSON_TOO_LARGE_MESSAGE(limits.maxBytes) : null;
}

/** A free-form JSON object bounded in size and depth, its keys and strings safe text. */
export function boundedJsonObject(limits: { maxBytes: number; maxDepth: number }) {
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const problem = jsonProblem(value, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

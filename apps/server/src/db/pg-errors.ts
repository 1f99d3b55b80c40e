/** PostgreSQL error codes as seen through drizzle (node-postgres or PGlite, possibly wrapped). */
export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown): boolean => pgCode(err) === '23505';
/** Deadlock or serialization failure: the transaction can simply run again. */
export const isRetryable = (err: unknown): boolean => ['40P01', '40001'].includes(pgCode(err) ?? '');

/** Runs a transaction again, up to `attempts` times in all, while the database aborts it as retryable. */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
    }
  }
}

/**
 * How a database error is the client's fault, or undefined (then it is ours: a 500). Validation
 * should refuse such values first; this is the net behind it, so a value that slips through is a
 * 4xx, never a 500:
 * - `invalid_value`: a data exception (class 22: invalid text representation, numeric value or
 *   datetime field out of range, string data right truncation, character not in repertoire,
 *   invalid byte sequence, untranslatable character…) or a not-null (23502) or check (23514)
 *   violation;
 * - `conflict`: a unique (23505), foreign-key (23503), restrict (23001) or exclusion (23P01)
 *   violation: the request conflicts with the stored data.
 */
export type ClientFault = 'invalid_value' | 'conflict';

export function clientFaultOf(err: unknown): ClientFault | undefined {
  const code = pgCode(err);
  if (!code) return undefined;
  if (code.startsWith('22') || code === '23502' || code === '23514') return 'invalid_value';
  if (code === '23505' || code === '23503' || code === '23001' || code === '23P01') return 'conflict';
  return undefined;
}

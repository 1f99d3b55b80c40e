/** PostgreSQL error codes as seen through drizzle (node-postgres or PGlite, possibly wrapped). */
function pgCode(err: unknown): string | undefined {
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

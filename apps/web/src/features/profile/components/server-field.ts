/**
 * The first of `fields` the server named in its refusal, with its message (English; the form shows
 * it through `tValidation`), or null when it named none of them.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  const named = (error as { fields?: Record<string, string> } | undefined)?.fields;
  const field = named ? fields.find((f) => typeof named[f] === 'string') : undefined;
  return field ? { field, message: named![field]! } : null;
}

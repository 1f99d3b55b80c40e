type QueryValue = string | number | boolean | null | undefined;

/** `{ page: 2, q: undefined, status: 'active' }` → "page=2&status=active": empty values stay out. */
export function toQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

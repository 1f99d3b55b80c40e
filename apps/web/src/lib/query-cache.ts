/**
 * The query cache lives with the signed-in screens (loaded after login), so the session code
 * clears it through this hook rather than importing TanStack Query into the login route.
 */
let clear: (() => void) | null = null;

export function registerQueryCacheClear(fn: (() => void) | null): void {
  clear = fn;
}

export function clearQueryCache(): void {
  clear?.();
}

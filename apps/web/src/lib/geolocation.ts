export const GEOLOCATION_TIMEOUT_MS = 1500;

/**
 * Asks the public IP-geolocation service (no credentials) and returns its JSON object, or null
 * on any failure, after 1.5 s, or for an answer the login request would refuse (not an object, too
 * large or deep, unsafe text): a bad answer from a third party must never block a login.
 */
export async function lookupGeolocation(
  url: string | undefined,
  timeoutMs = GEOLOCATION_TIMEOUT_MS,
): Promise<Record<string, unknown> | null> {
  if (!url) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!res.ok) return null;
    const data: unknown = await res.json();
    // The schema (and zod) load here, not with the login page's first download.
    const { geolocationSchema } = await import('@app/contracts/auth');
    const parsed = geolocationSchema.safeParse(data);
    return parsed.success ? (parsed.data as Record<string, unknown>) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

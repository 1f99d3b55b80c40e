export const GEOLOCATION_TIMEOUT_MS = 1500;

/**
 * Asks the public IP-geolocation service (no credentials) and returns its JSON object, or null
 * on any failure, non-object answer or after 1.5 s.
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
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * "City, Country" from whatever the public geolocation service answered at login (ipapi, ip-api,
 * ipinfo… name their fields differently), or null when nothing usable is there.
 */
export function placeOf(geolocation: unknown): string | null {
  if (!geolocation || typeof geolocation !== 'object') return null;
  const g = geolocation as Record<string, unknown>;
  const pick = (...keys: string[]) => {
    for (const k of keys) {
      const v = g[k];
      if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 60);
    }
    return null;
  };
  const city = pick('city', 'cityName');
  const country = pick('country_name', 'countryName', 'country', 'country_code', 'countryCode');
  const parts = [city, country].filter((p): p is string => p !== null);
  return parts.length ? parts.join(', ') : null;
}

/** The country a login came from (its code or name), for "new country" detection. */
export function countryOf(geolocation: unknown): string | null {
  if (!geolocation || typeof geolocation !== 'object') return null;
  const g = geolocation as Record<string, unknown>;
  for (const k of ['country_code', 'countryCode', 'country', 'country_name', 'countryName']) {
    const v = g[k];
    if (typeof v === 'string' && v.trim()) return v.trim().toUpperCase().slice(0, 60);
  }
  return null;
}

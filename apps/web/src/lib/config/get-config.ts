import type { PublicConfig } from '@app/contracts/auth';
import { getJson } from '../api-client';

/**
 * GET /api/config: runtime settings (FAQ link, Start Challenge link, geolocation URL).
 * The fetcher lives apart from its query hook (config-query.ts) so the login route can use it
 * without downloading TanStack Query.
 */
export const getConfig = (signal?: AbortSignal) => getJson<PublicConfig>('/api/config', signal);

let once: Promise<PublicConfig> | null = null;
/** The config fetched once per page load, for screens outside the query layer (login). */
export function loadConfig(): Promise<PublicConfig> {
  once ??= getConfig().catch((error: unknown) => {
    once = null;
    throw error;
  });
  return once;
}

import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { accountKeys } from '../features/accounts/api/account-keys';
import { configKeys } from '../lib/config/config-query';
import { prefetchedPaths, takePrefetchedBody } from '../lib/prefetched';
import { session } from '../lib/session';

const ACCOUNT_OVERVIEW = /^\/api\/accounts\/([^/]+)$/;

/**
 * The query whose data an answer to a GET of `path` is, for the reads a first screen starts with
 * (the boot scripts' and the server-drawn first paint's, app/first-paint); none for the others.
 */
export function queryKeyForPath(path: string): QueryKey | undefined {
  if (path === '/api/accounts') return accountKeys.list();
  if (path === '/api/config') return configKeys.all;
  const overview = ACCOUNT_OVERVIEW.exec(path);
  return overview ? accountKeys.overview(decodeURIComponent(overview[1]!)) : undefined;
}

/**
 * The query cache starts with what the boot script has already received: the member's accounts
 * show in the page's first render. The data stays fresh for the query's usual time. Only
 * signed-in screens render it, and only once the session verified (app/guards.tsx).
 */
export function seedPrefetchedQueries(client: QueryClient): void {
  const token = session.getToken();
  for (const path of prefetchedPaths()) {
    const key = queryKeyForPath(path);
    if (!key) continue;
    const body = takePrefetchedBody(path, token);
    if (body !== undefined) client.setQueryData(key, body);
  }
}

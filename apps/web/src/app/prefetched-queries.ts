import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { accountKeys } from '../features/accounts/api/account-keys';
import { configKeys } from '../lib/config/config-query';
import { takePrefetchedBody } from '../lib/prefetched';
import { session } from '../lib/session';

/** Prefetched answers (app/boot/session-prefetch.ts) that are the data of a query. */
const QUERIES: Array<[path: string, key: QueryKey]> = [
  ['/api/accounts', accountKeys.list()],
  ['/api/config', configKeys.all],
];

/**
 * The query cache starts with what the boot script has already received: the member's accounts
 * show in the page's first render. The data stays fresh for the query's usual time. Only
 * signed-in screens render it, and only once the session verified (app/guards.tsx).
 */
export function seedPrefetchedQueries(client: QueryClient): void {
  const token = session.getToken();
  for (const [path, key] of QUERIES) {
    const body = takePrefetchedBody(path, token);
    if (body !== undefined) client.setQueryData(key, body);
  }
}

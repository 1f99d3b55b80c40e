import type { AccountOverview } from '@app/contracts/trading';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import { useAccountApiBase } from './account-api-base';
import { useFallbackRefetch } from './account-stream';

export type { AccountOverview };

/** GET /api/accounts/{id}: the account with its rules, objectives, metrics, limits and next reset. */
export const getAccountOverview = (id: string, signal?: AbortSignal, base = '/api') =>
  getJson<AccountOverview>(`${base}/accounts/${encodeURIComponent(id)}`, signal);

export const accountOverviewQueryOptions = (id: string, base = '/api') =>
  queryOptions({ queryKey: accountKeys.overview(id), queryFn: ({ signal }) => getAccountOverview(id, signal, base) });

export function useAccountOverview(id: string | undefined) {
  const refetchInterval = useFallbackRefetch();
  const base = useAccountApiBase();
  return useQuery({ ...accountOverviewQueryOptions(id ?? '', base), enabled: Boolean(id), refetchInterval });
}

/** The overviews of several accounts (the list's cards: limits left, progress, days traded). */
export function useAccountOverviews(ids: string[]) {
  const refetchInterval = useFallbackRefetch();
  return useQueries({ queries: ids.map((id) => ({ ...accountOverviewQueryOptions(id), refetchInterval })) });
}

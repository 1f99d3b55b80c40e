import type { tradesResponseSchema } from '@app/contracts/trading';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { useDisplayTimeZone } from '../../../lib/format/display-zone';
import { toQueryString } from '../../../lib/query-string';
import { tradeQueryParams, type TradeFilters, type TradeQuery } from '../model/journal-filters';
import { accountKeys } from './account-keys';
import { useAccountApiBase } from './account-api-base';

export type TradesResponse = z.infer<typeof tradesResponseSchema>;
export type Trade = TradesResponse['trades'][number];

export const JOURNAL_PAGE_SIZE = 50;

/** GET /api/accounts/{id}/trades: newest first, one keyset page after `cursor`. */
export const listTrades = (
  id: string,
  query: TradeQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
  base = '/api',
) =>
  getJson<TradesResponse>(
    `${base}/accounts/${encodeURIComponent(id)}/trades?${toQueryString({
      limit: JOURNAL_PAGE_SIZE,
      ...query,
      cursor,
    })}`,
    signal,
  );

/**
 * The key is the query as sent (the days as instants in the reader's display zone), so the same
 * days read in another zone (the profile's, once the session has settled) are asked for again.
 */
export const tradesQueryOptions = (id: string, filters: TradeFilters, base = '/api') => {
  const query = tradeQueryParams(filters);
  return infiniteQueryOptions({
    queryKey: accountKeys.trades(id, query),
    queryFn: ({ pageParam, signal }) => listTrades(id, query, pageParam, signal, base),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
};

export function useTrades(id: string, filters: TradeFilters) {
  // Read again (a new key) when the reader's display zone changes.
  useDisplayTimeZone();
  return useInfiniteQuery(tradesQueryOptions(id, filters, useAccountApiBase()));
}

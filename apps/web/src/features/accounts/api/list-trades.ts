import type { tradesResponseSchema } from '@app/contracts/trading';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { tradeQueryParams, type TradeFilters } from '../model/journal-filters';
import { accountKeys } from './account-keys';
import { useAccountApiBase } from './account-api-base';

export type TradesResponse = z.infer<typeof tradesResponseSchema>;
export type Trade = TradesResponse['trades'][number];

export const JOURNAL_PAGE_SIZE = 50;

/** GET /api/accounts/{id}/trades: newest first, one keyset page after `cursor`. */
export const listTrades = (
  id: string,
  filters: TradeFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
  base = '/api',
) =>
  getJson<TradesResponse>(
    `${base}/accounts/${encodeURIComponent(id)}/trades?${toQueryString({
      limit: JOURNAL_PAGE_SIZE,
      ...tradeQueryParams(filters),
      cursor,
    })}`,
    signal,
  );

export const tradesQueryOptions = (id: string, filters: TradeFilters, base = '/api') =>
  infiniteQueryOptions({
    queryKey: accountKeys.trades(id, filters),
    queryFn: ({ pageParam, signal }) => listTrades(id, filters, pageParam, signal, base),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useTrades = (id: string, filters: TradeFilters) =>
  useInfiniteQuery(tradesQueryOptions(id, filters, useAccountApiBase()));

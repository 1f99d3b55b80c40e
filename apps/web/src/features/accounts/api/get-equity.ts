import type { equityResponseSchema } from '@app/contracts/trading';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { rangeStart, type EquityRange } from '../model/equity-range';
import { accountKeys } from './account-keys';
import { useFallbackRefetch } from './account-stream';
import { useAccountApiBase } from './account-api-base';

export type EquityResponse = z.infer<typeof equityResponseSchema>;

/** GET /api/accounts/{id}/equity: the series downsampled on the server (lowest equity kept per bucket). */
export const getEquity = (id: string, range: EquityRange, signal?: AbortSignal, base = '/api') => {
  const from = rangeStart(range, Date.now());
  const query = toQueryString({ from: from === null ? undefined : new Date(from).toISOString() });
  return getJson<EquityResponse>(
    `${base}/accounts/${encodeURIComponent(id)}/equity${query ? `?${query}` : ''}`,
    signal,
  );
};

export const equityQueryOptions = (id: string, range: EquityRange, base = '/api') =>
  queryOptions({
    queryKey: accountKeys.equity(id, range),
    queryFn: ({ signal }) => getEquity(id, range, signal, base),
    placeholderData: keepPreviousData,
  });

export const useEquity = (id: string, range: EquityRange) =>
  useQuery({ ...equityQueryOptions(id, range, useAccountApiBase()), refetchInterval: useFallbackRefetch() });

import type { dailyResponseSchema } from '@app/contracts/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import { useFallbackRefetch } from './account-stream';
import { useAccountApiBase } from './account-api-base';

export type DailyResponse = z.infer<typeof dailyResponseSchema>;
export type DailyRow = DailyResponse['days'][number];

/** GET /api/accounts/{id}/daily: one row per trading day (in the account's trading-day zone). */
export const getDaily = (id: string, signal?: AbortSignal, base = '/api') =>
  getJson<DailyResponse>(`${base}/accounts/${encodeURIComponent(id)}/daily`, signal);

export const dailyQueryOptions = (id: string, base = '/api') =>
  queryOptions({ queryKey: accountKeys.daily(id), queryFn: ({ signal }) => getDaily(id, signal, base) });

export const useDaily = (id: string) =>
  useQuery({ ...dailyQueryOptions(id, useAccountApiBase()), refetchInterval: useFallbackRefetch() });

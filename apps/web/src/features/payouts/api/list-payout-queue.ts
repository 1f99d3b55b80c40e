import type { payoutListResponseSchema } from '@app/contracts/payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { payoutKeys, type PayoutQueueParams } from './payout-keys';

export type PayoutQueue = z.infer<typeof payoutListResponseSchema>;

/** GET /api/admin/payouts (staff): the queue, filtered and sorted on the server. */
export const listPayoutQueue = (params: PayoutQueueParams, signal?: AbortSignal) =>
  getJson<PayoutQueue>(`/api/admin/payouts?${toQueryString(params)}`, signal);

export const payoutQueueQueryOptions = (params: PayoutQueueParams) =>
  queryOptions({
    queryKey: payoutKeys.queueList(params),
    queryFn: ({ signal }) => listPayoutQueue(params, signal),
    placeholderData: keepPreviousData,
  });

export const usePayoutQueue = (params: PayoutQueueParams) => useQuery(payoutQueueQueryOptions(params));

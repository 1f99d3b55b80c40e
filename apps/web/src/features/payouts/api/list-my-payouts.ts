import type { myPayoutListResponseSchema } from '@app/contracts/payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { payoutKeys, type MyPayoutsParams } from './payout-keys';

export type MyPayoutList = z.infer<typeof myPayoutListResponseSchema>;

/** GET /api/payouts: the member's own requests, newest first by default. */
export const listMyPayouts = (params: MyPayoutsParams, signal?: AbortSignal) =>
  getJson<MyPayoutList>(`/api/payouts?${toQueryString(params)}`, signal);

export const myPayoutsQueryOptions = (params: MyPayoutsParams) =>
  queryOptions({
    queryKey: payoutKeys.myList(params),
    queryFn: ({ signal }) => listMyPayouts(params, signal),
    placeholderData: keepPreviousData,
  });

export const useMyPayouts = (params: MyPayoutsParams) => useQuery(myPayoutsQueryOptions(params));

import type { myOrderListResponseSchema } from '@app/contracts/commerce';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { billingKeys, type MyOrdersParams } from './billing-keys';

export type MyOrderList = z.infer<typeof myOrderListResponseSchema>;

/** GET /api/orders: the member's own orders, one page, newest first by default. */
export const listMyOrders = (params: MyOrdersParams, signal?: AbortSignal) =>
  getJson<MyOrderList>(`/api/orders?${toQueryString(params)}`, signal);

export const myOrdersQueryOptions = (params: MyOrdersParams) =>
  queryOptions({
    queryKey: billingKeys.list(params),
    queryFn: ({ signal }) => listMyOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useMyOrders = (params: MyOrdersParams) => useQuery(myOrdersQueryOptions(params));

import type { OrderListParams, orderListResponseSchema } from '@app/contracts/commerce';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { orderKeys } from './order-keys';

export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** GET /api/admin/orders (staff): one page, searched, filtered and sorted on the server. */
export const listOrders = (params: OrderListParams, signal?: AbortSignal) =>
  getJson<OrderListResponse>(`/api/admin/orders?${toQueryString(params)}`, signal);

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => listOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));

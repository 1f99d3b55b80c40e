import type { discountCodeListResponseSchema } from '@app/contracts/commerce';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { orderKeys, type DiscountCodeListParams } from './order-keys';

export type DiscountCodeList = z.infer<typeof discountCodeListResponseSchema>;

/** GET /api/admin/discount-codes (staff): one page of codes with their use counts. */
export const listDiscountCodes = (params: DiscountCodeListParams, signal?: AbortSignal) =>
  getJson<DiscountCodeList>(`/api/admin/discount-codes?${toQueryString(params)}`, signal);

export const discountCodesQueryOptions = (params: DiscountCodeListParams) =>
  queryOptions({
    queryKey: orderKeys.discountList(params),
    queryFn: ({ signal }) => listDiscountCodes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDiscountCodes = (params: DiscountCodeListParams) => useQuery(discountCodesQueryOptions(params));

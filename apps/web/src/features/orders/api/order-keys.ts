import type { OrderListParams, discountCodeListQuerySchema } from '@app/contracts/commerce';
import type { z } from 'zod';

export type DiscountCodeListParams = z.output<typeof discountCodeListQuerySchema>;

/** Every query key of the orders desk; a staff action invalidates the lists and the order's detail. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  challenges: () => [...orderKeys.all, 'challenges'] as const,
  discountLists: () => [...orderKeys.all, 'discount-codes'] as const,
  discountList: (params: DiscountCodeListParams) => [...orderKeys.discountLists(), params] as const,
};

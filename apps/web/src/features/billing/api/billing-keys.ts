import type { myOrdersQuerySchema } from '@app/contracts/commerce';
import type { z } from 'zod';

export type MyOrdersParams = z.output<typeof myOrdersQuerySchema>;

/** Every query key of the member's billing screen. */
export const billingKeys = {
  all: ['billing'] as const,
  lists: () => [...billingKeys.all, 'list'] as const,
  list: (params: MyOrdersParams) => [...billingKeys.lists(), params] as const,
};

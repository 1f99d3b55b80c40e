import type { myOrderListResponseSchema } from '@app/contracts/commerce';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';

type MyOrderList = z.infer<typeof myOrderListResponseSchema>;

/**
 * The member's orders still waiting for payment (GET /api/orders?status=pending), asked by the empty
 * account list only: a challenge bought by bank transfer opens its account when the money arrives.
 */
export function useAwaitingOrders() {
  return useQuery({
    queryKey: ['accounts', 'awaiting-orders'],
    queryFn: ({ signal }) => getJson<MyOrderList>('/api/orders?status=pending&pageSize=5', signal),
    select: (list) => list.items.filter((o) => o.status === 'pending'),
  });
}

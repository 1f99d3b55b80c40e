import type { orderResponseSchema } from '@app/contracts/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** POST /api/orders/{id}/retry: starts the payment of a failed (or stuck pending) order again. */
export const retryOrder = (id: string) =>
  apiRequest<OrderResponse>(`/api/orders/${encodeURIComponent(id)}/retry`, { method: 'POST' });

export function useRetryOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.lists() }),
  });
}

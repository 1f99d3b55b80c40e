import type { CheckoutRequest, orderResponseSchema } from '@app/contracts/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** POST /api/orders (member): places the order and starts its payment. */
export const placeOrder = (body: CheckoutRequest) => apiRequest<OrderResponse>('/api/orders', { method: 'POST', body });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // A paid order adds an account and an invoice: whatever the member looks at next is refetched.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

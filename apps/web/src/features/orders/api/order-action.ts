import type { adminOrderResponseSchema } from '@app/contracts/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type AdminOrderResponse = z.infer<typeof adminOrderResponseSchema>;
export type OrderAction = 'mark-paid' | 'cancel' | 'refund';
export interface OrderActionInput {
  id: string;
  action: OrderAction;
  /** mark-paid: the bank's reference; cancel and refund: the reason. */
  text: string;
}

/**
 * POST /api/admin/orders/{id}/mark-paid {reference} | cancel {reason} | refund {reason} (ADMIN, audited).
 * The three share their shape: one short text, the updated order back.
 */
export const runOrderAction = ({ id, action, text }: OrderActionInput) =>
  apiRequest<AdminOrderResponse>(`/api/admin/orders/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: action === 'mark-paid' ? { reference: text } : { reason: text },
  });

export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOrderAction,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      ]),
  });
}

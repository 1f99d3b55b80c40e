import type { DiscountCodeInput, discountCodeResponseSchema } from '@app/contracts/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type DiscountCodeResponse = z.infer<typeof discountCodeResponseSchema>;

/** POST /api/admin/discount-codes (ADMIN, audited). */
export const createDiscountCode = (body: DiscountCodeInput) =>
  apiRequest<DiscountCodeResponse>('/api/admin/discount-codes', { method: 'POST', body });

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.discountLists() }),
  });
}

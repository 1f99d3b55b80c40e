import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DiscountCodeResponse } from './create-discount-code';
import { orderKeys } from './order-keys';

/** PATCH /api/admin/discount-codes/{id} {active} (ADMIN, audited): switch a code off, or on again. */
export const setDiscountCodeActive = ({ id, active }: { id: string; active: boolean }) =>
  apiRequest<DiscountCodeResponse>(`/api/admin/discount-codes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { active },
  });

export function useSetDiscountCodeActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDiscountCodeActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.discountLists() }),
  });
}

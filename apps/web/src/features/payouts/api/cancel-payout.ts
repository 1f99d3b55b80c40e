import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payoutKeys } from './payout-keys';
import type { PayoutResponse } from './request-payout';

/** POST /api/payouts/{id}/cancel: the member withdraws a request still waiting for review. */
export const cancelPayout = (id: string) =>
  apiRequest<PayoutResponse>(`/api/payouts/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

export function useCancelPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

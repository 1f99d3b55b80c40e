import type { PayoutRequest, payoutResponseSchema } from '@app/contracts/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { payoutKeys } from './payout-keys';

export type PayoutResponse = z.infer<typeof payoutResponseSchema>;

/** POST /api/payouts: asks for a payout from a funded account. */
export const requestPayout = (body: PayoutRequest) =>
  apiRequest<PayoutResponse>('/api/payouts', { method: 'POST', body });

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

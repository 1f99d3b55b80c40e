import type { adminPayoutResponseSchema } from '@app/contracts/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { payoutKeys } from './payout-keys';

export type AdminPayoutResponse = z.infer<typeof adminPayoutResponseSchema>;
export type PayoutDecision = 'approve' | 'reject' | 'mark-paid';
export interface PayoutDecisionInput {
  id: string;
  decision: PayoutDecision;
  /** reject: the reason; mark-paid: the transfer reference; approve: unused. */
  text: string;
}

/** POST /api/admin/payouts/{id}/approve | reject {reason} | mark-paid {reference} (ADMIN, audited). */
export const decidePayout = ({ id, decision, text }: PayoutDecisionInput) =>
  apiRequest<AdminPayoutResponse>(`/api/admin/payouts/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: decision === 'reject' ? { reason: text } : decision === 'mark-paid' ? { reference: text } : undefined,
  });

export function usePayoutDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePayout,
    // A decision that lost a race (409) changed nothing here but the request did change: reload both.
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

import type { resendUndeliveredResponseSchema } from '@app/contracts/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './get-dashboard';

export type ResendUndelivered = z.infer<typeof resendUndeliveredResponseSchema>;

/** POST /api/admin/mails/resend-undelivered (ADMIN): every recent refused mail queued again. */
export function useResendUndelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ResendUndelivered>('/api/admin/mails/resend-undelivered', {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}

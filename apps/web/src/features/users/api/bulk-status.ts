import type { bulkUserStatusResponseSchema } from '@app/contracts/admin-users';
import type { UserStatus } from '@app/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type BulkStatusResponse = z.infer<typeof bulkUserStatusResponseSchema>;

/** POST /api/admin/users/status (ADMIN): Active or Suspended for the selection; suspension signs them out. */
export const bulkStatus = (body: { userIds: string[]; status: UserStatus }) =>
  apiRequest<BulkStatusResponse>('/api/admin/users/status', { method: 'POST', body });

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

import type {
  adminUserResponseSchema,
  CreateAdminUserRequest,
  UpdateAdminUserRequest,
} from '@app/contracts/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type SavedUser = z.infer<typeof adminUserResponseSchema>;

/** POST /api/admin/users (create; the user gets a set-password link) or PATCH /api/admin/users/{id}. */
export const saveUser = ({ id, body }: { id?: string; body: CreateAdminUserRequest | UpdateAdminUserRequest }) =>
  id
    ? apiRequest<SavedUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body })
    : apiRequest<SavedUser>('/api/admin/users', { method: 'POST', body });

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

/** POST /api/user/password: the current password, and the new one (SPEC §5); ends the other sessions. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  apiRequest<{ message: string }>('/api/user/password', { method: 'POST', body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

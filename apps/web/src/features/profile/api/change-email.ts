import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

/** POST /api/user/email: a confirmation link goes to the new address. */
export const requestEmailChange = (body: { email: string; currentPassword: string }) =>
  apiRequest<{ message: string }>('/api/user/email', { method: 'POST', body });

/** POST /api/user/email/confirm: the link's token; the address changes and every session ends. */
export const confirmEmailChange = (token: string) =>
  apiRequest<{ message: string }>('/api/user/email/confirm', {
    method: 'POST',
    body: { token },
    skipAuthHandling: true,
  });

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile() }),
  });
}

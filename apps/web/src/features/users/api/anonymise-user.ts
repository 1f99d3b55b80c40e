import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SavedUser } from './save-user';
import { userKeys } from './user-keys';

/** POST /api/admin/users/{id}/anonymise (ADMIN): GDPR erasure; financial records stay. */
export const anonymiseUser = (id: string) =>
  apiRequest<SavedUser>(`/api/admin/users/${encodeURIComponent(id)}/anonymise`, { method: 'POST' });

export function useAnonymiseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymiseUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

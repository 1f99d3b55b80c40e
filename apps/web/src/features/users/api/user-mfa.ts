import type { adminMfaStatusResponseSchema } from '@app/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, getJson } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type AdminMfaStatus = z.infer<typeof adminMfaStatusResponseSchema>;

const path = (id: string) => `/api/admin/users/${encodeURIComponent(id)}/mfa`;

/** GET /api/admin/users/{id}/mfa: whether the user signs in with a second factor, and since when. */
export const useUserMfa = (id: string) =>
  useQuery({ queryKey: userKeys.mfa(id), queryFn: ({ signal }) => getJson<AdminMfaStatus>(path(id), signal) });

/** DELETE /api/admin/users/{id}/mfa (ADMIN): turns it off (a lost phone); their sessions end. */
export function useResetUserMfa(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AdminMfaStatus>(path(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}

import type { adminSessionsResponseSchema } from '@app/contracts/admin-users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, getJson } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type AdminSessions = z.infer<typeof adminSessionsResponseSchema>;

/** GET /api/admin/users/{id}/sessions: the user's active sessions. */
export const useUserSessions = (id: string) =>
  useQuery({
    queryKey: userKeys.sessions(id),
    queryFn: ({ signal }) => getJson<AdminSessions>(`/api/admin/users/${encodeURIComponent(id)}/sessions`, signal),
  });

/** DELETE /api/admin/users/{id}/sessions/{sessionId} (ADMIN): signs that device out. */
export function useRevokeUserSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(id)}/sessions/${encodeURIComponent(sessionId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions(id) }),
  });
}

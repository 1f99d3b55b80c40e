import type { loginHistoryResponseSchema, sessionsResponseSchema } from '@app/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
export type LoginHistoryResponse = z.infer<typeof loginHistoryResponseSchema>;

/** GET /api/user/sessions: the person's active sessions, theirs marked. */
export const listSessions = () => apiRequest<SessionsResponse>('/api/user/sessions');
export const sessionsQuery = () => queryOptions({ queryKey: profileKeys.sessions(), queryFn: listSessions });
export const useSessions = () => useQuery(sessionsQuery());

/** GET /api/user/login-history: the last 50 attempts. */
export const listLoginHistory = () => apiRequest<LoginHistoryResponse>('/api/user/login-history');
export const useLoginHistory = () =>
  useQuery(queryOptions({ queryKey: profileKeys.loginHistory(), queryFn: listLoginHistory }));

/** DELETE /api/user/sessions/{id}, or POST …/revoke-others for every other session. */
export const revokeSession = (id: string | 'others') =>
  id === 'others'
    ? apiRequest('/api/user/sessions/revoke-others', { method: 'POST' })
    : apiRequest(`/api/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

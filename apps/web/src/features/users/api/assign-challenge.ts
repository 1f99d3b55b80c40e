import type { adminUserListResponseSchema } from '@app/contracts/admin-users';
import type { staffChallengeListResponseSchema } from '@app/contracts/challenges';
import type { accountResponseSchema } from '@app/contracts/trading';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { userKeys } from './user-keys';

export type MemberMatches = z.infer<typeof adminUserListResponseSchema>;
export type ActiveChallenges = z.infer<typeof staffChallengeListResponseSchema>;
export type AssignedAccount = z.infer<typeof accountResponseSchema>['account'];

/** Members whose email or name contains `q` (search as you type; ten at most). */
export function useMemberMatches(q: string) {
  return useQuery({
    queryKey: [...userKeys.all, 'assign-matches', q] as const,
    queryFn: ({ signal }) =>
      getJson<MemberMatches>(
        `/api/admin/users?${toQueryString({ q, role: 'USER', status: 'active', pageSize: 10, sort: 'email', order: 'asc' })}`,
        signal,
      ),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The challenges on sale: only those can be assigned. */
export function useActiveChallenges() {
  return useQuery({
    queryKey: ['challenges', 'list', 'active'] as const,
    queryFn: ({ signal }) => getJson<ActiveChallenges>('/api/admin/challenges?status=active', signal),
    staleTime: 60_000,
  });
}

/** POST /api/admin/accounts (ADMIN): a fresh account of the challenge at the chosen phase. */
export const assignChallenge = (input: { email: string; challengeId: string; phase: number }) =>
  apiRequest<{ account: AssignedAccount }>('/api/admin/accounts', { method: 'POST', body: input });

export function useAssignChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignChallenge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

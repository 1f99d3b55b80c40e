import type { challengeDeleteResponseSchema } from '@app/contracts/challenges';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { challengeKeys } from './challenge-keys';

export type ArchiveChallengeResponse = z.infer<typeof challengeDeleteResponseSchema>;

/** DELETE /api/admin/challenges/{id} (ADMIN): archived when accounts or orders use it, else deleted. */
export const archiveChallenge = (id: string) =>
  apiRequest<ArchiveChallengeResponse>(`/api/admin/challenges/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useArchiveChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveChallenge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}

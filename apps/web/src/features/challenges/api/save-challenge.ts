import type { CreateChallengeRequest } from '@app/contracts/challenges';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { challengeKeys } from './challenge-keys';
import type { ChallengeResponse } from './get-challenge';

/**
 * POST /api/admin/challenges (create) or PATCH /api/admin/challenges/{id} (edit; the phases are
 * replaced as a whole, running accounts keep their copy). ADMIN only.
 */
export const saveChallenge = ({ id, request }: { id?: string; request: CreateChallengeRequest }) =>
  id
    ? apiRequest<ChallengeResponse>(`/api/admin/challenges/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: request,
      })
    : apiRequest<ChallengeResponse>('/api/admin/challenges', { method: 'POST', body: request });

export function useSaveChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChallenge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}

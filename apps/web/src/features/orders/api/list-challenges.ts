import type { challengeListResponseSchema } from '@app/contracts/challenges';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type ChallengeList = z.infer<typeof challengeListResponseSchema>;

/** GET /api/admin/challenges (staff): every challenge, archived ones too, for the filters and forms. */
export const listChallenges = (signal?: AbortSignal) => getJson<ChallengeList>('/api/admin/challenges', signal);

export const challengesQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.challenges(),
    queryFn: ({ signal }) => listChallenges(signal),
    staleTime: 60_000,
  });

export const useChallengeOptions = () => useQuery(challengesQueryOptions());

import type { Challenge, staffChallengeListResponseSchema } from '@app/contracts/challenges';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { challengeKeys } from './challenge-keys';

export type StaffChallengeList = z.infer<typeof staffChallengeListResponseSchema>;
export type StaffChallenge = StaffChallengeList['challenges'][number];

/** GET /api/admin/challenges (staff): the whole catalogue, archived too, with accounts per challenge. */
export const listChallenges = (status: Challenge['status'] | undefined, signal?: AbortSignal) =>
  getJson<StaffChallengeList>(`/api/admin/challenges${status ? `?status=${status}` : ''}`, signal);

export const challengesQueryOptions = (status: Challenge['status'] | undefined) =>
  queryOptions({
    queryKey: challengeKeys.list(status),
    queryFn: ({ signal }) => listChallenges(status, signal),
    placeholderData: keepPreviousData,
  });

export const useChallenges = (status: Challenge['status'] | undefined) => useQuery(challengesQueryOptions(status));

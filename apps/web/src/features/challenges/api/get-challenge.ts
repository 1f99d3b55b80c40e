import type { challengeResponseSchema } from '@app/contracts/challenges';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { challengeKeys } from './challenge-keys';

export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/** GET /api/admin/challenges/{id} (staff). */
export const getChallenge = (id: string, signal?: AbortSignal) =>
  getJson<ChallengeResponse>(`/api/admin/challenges/${encodeURIComponent(id)}`, signal);

export const challengeQueryOptions = (id: string) =>
  queryOptions({ queryKey: challengeKeys.detail(id), queryFn: ({ signal }) => getChallenge(id, signal) });

export const useChallenge = (id: string | undefined) =>
  useQuery({ ...challengeQueryOptions(id ?? ''), enabled: id !== undefined });

import type { breachEvidenceResponseSchema } from '@app/contracts/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import { useAccountApiBase } from './account-api-base';

export type BreachEvidence = z.infer<typeof breachEvidenceResponseSchema>;

/** GET /api/accounts/{id}/breach: the stored breach, its formula and the equity path before it. */
export const getBreachReport = (id: string, signal?: AbortSignal, base = '/api') =>
  getJson<BreachEvidence>(`${base}/accounts/${encodeURIComponent(id)}/breach`, signal);

export const breachReportQueryOptions = (id: string, base = '/api') =>
  queryOptions({
    queryKey: accountKeys.breach(id),
    queryFn: ({ signal }) => getBreachReport(id, signal, base),
    // A breach is final: its report never changes.
    staleTime: Infinity,
  });

export const useBreachReport = (id: string, enabled: boolean) =>
  useQuery({ ...breachReportQueryOptions(id, useAccountApiBase()), enabled });

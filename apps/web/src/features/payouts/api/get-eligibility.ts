import type { EligibilityResponse } from '@app/contracts/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { payoutKeys } from './payout-keys';

/** GET /api/payouts/eligibility: the checklist of each funded account and the firm's turnaround. */
export const getEligibility = (signal?: AbortSignal) =>
  getJson<EligibilityResponse>('/api/payouts/eligibility', signal);

export const eligibilityQueryOptions = () =>
  queryOptions({ queryKey: payoutKeys.eligibility(), queryFn: ({ signal }) => getEligibility(signal) });

export const useEligibility = () => useQuery(eligibilityQueryOptions());

import type { AdminPayoutDetail } from '@app/contracts/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { payoutKeys } from './payout-keys';

/** GET /api/admin/payouts/{id} (staff): the request, the account's checklist now, history, breaches. */
export const getPayoutDetail = (id: string, signal?: AbortSignal) =>
  getJson<AdminPayoutDetail>(`/api/admin/payouts/${encodeURIComponent(id)}`, signal);

export const payoutDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: payoutKeys.detail(id), queryFn: ({ signal }) => getPayoutDetail(id, signal) });

export const usePayoutDetail = (id: string | null) =>
  useQuery({ ...payoutDetailQueryOptions(id ?? ''), enabled: id !== null });

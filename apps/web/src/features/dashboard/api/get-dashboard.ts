import type { DashboardQuery, DashboardResponse } from '@app/contracts/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  view: (query: DashboardQuery) => [...dashboardKeys.all, query] as const,
};

/** GET /api/admin/dashboard: the figures of a range and the period before it. */
export const getDashboard = (query: DashboardQuery, signal?: AbortSignal) =>
  getJson<DashboardResponse>(`/api/admin/dashboard?${toQueryString(query)}`, signal);

export const useDashboard = (query: DashboardQuery) =>
  useQuery(
    queryOptions({
      queryKey: dashboardKeys.view(query),
      queryFn: ({ signal }) => getDashboard(query, signal),
      // The figures on screen stay (dimmed) while another range loads.
      placeholderData: keepPreviousData,
      refetchInterval: 60_000,
    }),
  );

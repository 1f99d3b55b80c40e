import type { NewsViolations } from '@app/contracts/news';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import { useAccountApiBase } from './account-api-base';

/** GET /api/accounts/{id}/news-violations: trades flagged by the restricted-news rule (when the phase has it). */
export const useNewsViolations = (id: string, enabled: boolean) => {
  const base = useAccountApiBase();
  return useQuery({
    queryKey: [...accountKeys.account(id), 'news-violations'],
    queryFn: ({ signal }) =>
      getJson<NewsViolations>(`${base}/accounts/${encodeURIComponent(id)}/news-violations`, signal),
    enabled,
  });
};

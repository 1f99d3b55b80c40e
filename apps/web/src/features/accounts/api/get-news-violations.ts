import type { NewsViolations } from '@app/contracts/news';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** GET /api/accounts/{id}/news-violations: trades flagged by the restricted-news rule (when the phase has it). */
export const useNewsViolations = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...accountKeys.account(id), 'news-violations'],
    queryFn: ({ signal }) => getJson<NewsViolations>(`/api/accounts/${encodeURIComponent(id)}/news-violations`, signal),
    enabled,
  });

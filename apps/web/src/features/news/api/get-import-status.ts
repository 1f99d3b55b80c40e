import type { NewsImportStatus } from '@app/contracts/news';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { newsKeys } from './news-keys';

export type { NewsImportStatus };

/** GET /api/admin/news/status (staff): the feed's last fetches and the latest imports. */
export const useImportStatus = () =>
  useQuery({
    queryKey: newsKeys.status(),
    queryFn: ({ signal }) => getJson<NewsImportStatus>('/api/admin/news/status', signal),
  });

import type { AuditListResponse } from '@app/contracts/audit';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { accountKeys } from './account-keys';

/** The newest entries a report shows; the audit log, filtered by the account, has the rest. */
export const TIMELINE_SIZE = 50;

/**
 * GET /api/admin/audit-log filtered to one trading account (staff): what was done to it, by whom,
 * why, newest first. The account's own history as the staff report tells it.
 */
export const getAccountTimeline = (accountId: string, signal?: AbortSignal) =>
  getJson<AuditListResponse>(
    `/api/admin/audit-log?${toQueryString({
      targetType: 'trading_account',
      targetId: accountId,
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      pageSize: TIMELINE_SIZE,
    })}`,
    signal,
  );

export const useAccountTimeline = (accountId: string) =>
  useQuery({
    queryKey: accountKeys.timeline(accountId),
    queryFn: ({ signal }) => getAccountTimeline(accountId, signal),
  });

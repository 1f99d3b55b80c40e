import type { AuditListParams, AuditListResponse } from '@app/contracts/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { auditKeys } from './audit-keys';

/** GET /api/admin/audit-log: one page, filtered and ordered on the server. */
export const listAuditLog = (params: AuditListParams, signal?: AbortSignal) =>
  getJson<AuditListResponse>(`/api/admin/audit-log?${toQueryString(params)}`, signal);

export const auditLogQueryOptions = (params: AuditListParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => listAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (params: AuditListParams) => useQuery(auditLogQueryOptions(params));

import type { AuditFacets } from '@app/contracts/audit';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { auditKeys } from './audit-keys';

/** GET /api/admin/audit-log/facets: the actions, target types and actors the filters offer. */
export const getAuditFacets = (signal?: AbortSignal) => getJson<AuditFacets>('/api/admin/audit-log/facets', signal);

export const useAuditFacets = () =>
  useQuery({ queryKey: auditKeys.facets(), queryFn: ({ signal }) => getAuditFacets(signal), staleTime: 60_000 });

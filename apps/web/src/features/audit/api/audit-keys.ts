import type { AuditListParams } from '@app/contracts/audit';

/** Every query key of the audit log screen (read only: nothing here invalidates). */
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (params: AuditListParams) => [...auditKeys.all, 'list', params] as const,
  facets: () => [...auditKeys.all, 'facets'] as const,
};

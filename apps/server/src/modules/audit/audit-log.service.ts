import {
  AUDIT_COUNT_CAP,
  type AuditEntry,
  type AuditFacets,
  type AuditListParams,
  type AuditListResponse,
} from '@app/contracts/audit';
import type { Db } from '../../db/client.ts';
import { auditLogRepository, type AuditLogRow } from './audit-log.repository.ts';
import { auditTargetLabels } from './audit-target.repository.ts';

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

function toEntry(r: AuditLogRow, labels: Map<string, string>): AuditEntry {
  return {
    id: r.id,
    actor:
      r.actorId && r.actorEmail !== null
        ? { id: r.actorId, email: r.actorEmail, name: nameOf(r.actorFirstName, r.actorLastName) }
        : null,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetId ? (labels.get(auditTargetLabels.keyOf(r.targetType, r.targetId)) ?? null) : null,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Reading the audit log (staff). Writing it is recordAudit's, inside each write's transaction. */
export class AuditLogService {
  constructor(private readonly db: Db) {}

  async list(q: AuditListParams): Promise<AuditListResponse> {
    const { rows, total } = await auditLogRepository.page(this.db, q);
    const labels = await auditTargetLabels.of(this.db, rows);
    return {
      items: rows.map((r) => toEntry(r, labels)),
      total: Math.min(total, AUDIT_COUNT_CAP),
      totalCapped: total > AUDIT_COUNT_CAP,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async facets(): Promise<AuditFacets> {
    const f = await auditLogRepository.facets(this.db);
    return {
      actions: f.actions,
      targetTypes: f.targetTypes,
      actors: f.actors.map((a) => ({ id: a.id, email: a.email, name: nameOf(a.firstName, a.lastName) })),
    };
  }
}

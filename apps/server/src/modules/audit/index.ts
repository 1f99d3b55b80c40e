// Audit: every staff write leaves a row, written in the write's own transaction (recordAudit); staff
// read the log through /api/admin/audit-log.
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { Database } from '../../db/client.ts';
import { registerAuditLogRoutes } from './audit-log.routes.ts';
import { AuditLogService } from './audit-log.service.ts';
import { auditRepository, type AuditEntry } from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';
export { AuditLogService } from './audit-log.service.ts';

/** Records one staff write; pass the write's transaction so both land or neither does. */
export function recordAudit(tx: Db | Tx, entry: AuditEntry): Promise<void> {
  return auditRepository.record(tx, entry);
}

export function register(app: FastifyInstance, deps: { database: Database }): { auditLog: AuditLogService } {
  const auditLog = new AuditLogService(deps.database.db);
  registerAuditLogRoutes(app, auditLog);
  return { auditLog };
}

// Audit: every staff write leaves a row, written in the write's own transaction. Nothing to register.
import type { Db, Tx } from '../../db/client.ts';
import { auditRepository, type AuditEntry } from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';

/** Records one staff write; pass the write's transaction so both land or neither does. */
export function recordAudit(tx: Db | Tx, entry: AuditEntry): Promise<void> {
  return auditRepository.record(tx, entry);
}

import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Every staff write lands here, in the same transaction as the write. */
export const auditRepository = {
  async record(db: Db | Tx, e: AuditEntry): Promise<void> {
    await db.insert(auditLog).values({
      actorId: e.actorId,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      before: e.before ?? null,
      after: e.after ?? null,
      createdAt: e.at,
    });
  },
};

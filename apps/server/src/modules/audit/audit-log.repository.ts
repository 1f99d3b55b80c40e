import { AUDIT_COUNT_CAP, type AuditListParams } from '@app/contracts/audit';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../db/list-page.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type AuditFilters = Omit<AuditListParams, 'page' | 'pageSize' | 'sort' | 'order'>;

export interface AuditLogRow {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

function conditions(f: AuditFilters): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.from ? gte(auditLog.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(auditLog.createdAt, new Date(f.to)) : undefined,
  );
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The distinct values of one indexed column, by skipping through its index (one probe per value)
 * instead of reading the whole log: a handful of actions over millions of rows costs microseconds.
 * The ORDER BY names the table's column: the output column (cast to text) would sort, not seek.
 */
async function distinctOf(db: Db, column: 'action' | 'target_type' | 'actor_id'): Promise<string[]> {
  const col = sql.raw(column);
  const result = await db.execute(sql`
    with recursive v(x) as (
      (select ${col}::text from audit_log where ${col} is not null order by audit_log.${col} limit 1)
      union all
      select (select a.${col}::text from audit_log a where a.${col} > v.x::${sql.raw(column === 'actor_id' ? 'uuid' : 'text')}
              order by a.${col} limit 1)
      from v where v.x is not null
    )
    select x from v where x is not null`);
  return rowsOf<{ x: string }>(result).map((r) => r.x);
}

export const auditLogRepository = {
  /**
   * One page, newest (or oldest) first, and the count of matching rows up to the cap. The page
   * is chosen on audit_log alone, through the index that leads with the filtered column; only its
   * rows meet their actor.
   */
  async page(db: Db, q: AuditListParams): Promise<{ rows: AuditLogRow[]; total: number }> {
    const where = conditions(q);
    const dir = q.order === 'asc' ? asc : desc;
    const [ids, counted] = await Promise.all([
      db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(where)
        .orderBy(dir(auditLog.createdAt), dir(auditLog.id))
        .limit(q.pageSize)
        .offset(pageOffset(q)),
      // Counted along the page's own index (ORDER BY): a plain LIMIT lets the planner pick a
      // sequential scan that can read far past the cap when matching rows cluster.
      db.execute(
        sql`select count(*)::int as n from (select 1 from audit_log ${where ? sql`where ${where}` : sql``}
          order by created_at desc, id desc limit ${AUDIT_COUNT_CAP + 1}) c`,
      ),
    ]);
    const list = ids.map((r) => r.id);
    const rows = list.length
      ? await db
          .select({
            id: auditLog.id,
            actorId: auditLog.actorId,
            actorEmail: users.email,
            actorFirstName: users.firstName,
            actorLastName: users.lastName,
            action: auditLog.action,
            targetType: auditLog.targetType,
            targetId: auditLog.targetId,
            before: auditLog.before,
            after: auditLog.after,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(inArray(auditLog.id, list))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { rows: list.map((id) => byId.get(id)!), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
  },

  async facets(db: Db) {
    const [actions, targetTypes, actorIds] = await Promise.all([
      distinctOf(db, 'action'),
      distinctOf(db, 'target_type'),
      distinctOf(db, 'actor_id'),
    ]);
    const actors = actorIds.length
      ? await db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, actorIds))
          .orderBy(asc(users.email))
      : [];
    return { actions, targetTypes, actors };
  },
};

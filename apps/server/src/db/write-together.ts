import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Independent writes as one statement (data-modifying CTEs): one round trip to the database, and
 * all or none of them without a transaction's BEGIN and COMMIT. PostgreSQL runs them on one
 * snapshot, so none may depend on another's rows. A sign-in's session and its login event go this
 * way: each round trip wakes the database and costs the event loop (decision 034).
 */
export async function writeTogether(db: Db | Tx, writes: SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  const parts = writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write.getSQL()})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

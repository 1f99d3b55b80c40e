import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

const withParts = (writes: SQLWrapper[]) =>
  sql.join(
    writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write.getSQL()})`),
    sql`, `,
  );

/**
 * Independent writes as one statement (data-modifying CTEs): one round trip to the database, and
 * all or none of them without a transaction's BEGIN and COMMIT. PostgreSQL runs them on one
 * snapshot, so none may depend on another's rows. A sign-in's session and its login event go this
 * way: each round trip wakes the database and costs the event loop (decision 034).
 */
export async function writeTogether(db: Db | Tx, writes: SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  await db.execute(sql`with ${withParts(writes)} select 1`);
}

/**
 * The writes as above, and `read` in the same statement. The read sees the database as it was
 * before the writes (the statement's one snapshot), and its rows come back as the database names
 * the columns (snake_case), parsed by the driver.
 */
export async function writeTogetherReading<Row>(db: Db | Tx, writes: SQLWrapper[], read: SQL): Promise<Row[]> {
  const result =
    writes.length === 0 ? await db.execute(read) : await db.execute(sql`with ${withParts(writes)} ${read}`);
  return (result as unknown as { rows: Row[] }).rows;
}

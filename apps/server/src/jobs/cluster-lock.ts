import type pg from 'pg';
import type { JobsDatabase } from './pg-boss-executor.ts';

/**
 * Runs `work` while no other instance on the database runs work under the same `key`: an advisory
 * lock held on a connection of its own (so `work` must not need every connection of the pool).
 * PGlite is one process with one connection: nothing to hold.
 */
export async function withClusterLock<T>(database: JobsDatabase, key: string, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await (database.driver as pg.Pool).connect();
  // Checked out, the client has no listener of the pool's; a dropped connection drops the lock
  // with it, and the statements below report the error.
  const ignore = () => {};
  client.on('error', ignore);
  // Only the connection's own failure discards it; `work` failing leaves it healthy.
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]).catch((err: Error) => {
      broken = err;
      throw err;
    });
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch((err: Error) => (broken = err));
    }
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}

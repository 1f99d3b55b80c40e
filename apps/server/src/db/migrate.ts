import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the committed migrations; safe to run at every start and from several servers. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.driver as PGlite), { migrationsFolder });
    return;
  }
  const pool = database.driver as pg.Pool;
  const client = await pool.connect();
  try {
    // Two servers starting together must not both migrate.
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

/** Number of migrations applied: readiness means all committed ones are. */
export async function appliedMigrationCount(database: Database): Promise<number> {
  const q = 'select count(*)::int as n from drizzle.__drizzle_migrations';
  if (database.kind === 'pglite') {
    const r = await (database.driver as PGlite).query<{ n: number }>(q);
    return r.rows[0]?.n ?? 0;
  }
  const r = await (database.driver as pg.Pool).query<{ n: number }>(q);
  return r.rows[0]?.n ?? 0;
}

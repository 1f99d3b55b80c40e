import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { answerDatesAsText } from './pglite-text-dates.ts';
import { yieldBetweenStatements } from './pglite-yield.ts';
import * as schema from './schema/index.ts';

/**
 * Extensions every PGlite open loads: a data directory whose migrations created them cannot be read
 * without (pg_trgm: the users and orders searches' trigram indexes, migrations 0019 and 0022).
 */
export const pgliteExtensions = { pg_trgm };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw driver handle, for migrations. */
  driver: PGlite | pg.Pool;
}

/** `DATABASE_URL` wins; otherwise an embedded PostgreSQL in `dataDir` ('memory://' for tests). */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', driver: pool, close: () => pool.end() };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: pgliteExtensions });
  answerDatesAsText(client);
  yieldBetweenStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', driver: client, close: () => client.close() };
}

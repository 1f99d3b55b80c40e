import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type Database, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema/index.ts';

/**
 * Set by the server project's global setup (global-setup.ts): the migrated database to copy, a
 * data-directory dump for PGlite or a template database's name on TEST_DATABASE_URL.
 */
export const TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE';

/**
 * A new database on the PostgreSQL server at `serverUrl`, dropped again by `close()`: empty, or a
 * copy of `template`. Tests and benchmarks use it so runs never share state.
 */
export async function openScratchDatabase(serverUrl: string, prefix = 'test', template?: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Embedded PostgreSQL in memory, started from a dumped data directory. */
async function openPgliteCopy(dumpFile: string): Promise<Database> {
  const client = await PGlite.create({
    loadDataDir: new Blob([readFileSync(dumpFile)]),
    extensions: pgliteExtensions,
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', driver: client, close: () => client.close() };
}

/**
 * A fresh, migrated database for one test file: embedded PostgreSQL in memory, or, when
 * TEST_DATABASE_URL is set, a scratch database on that server. Both are copies of the database
 * the global setup migrated once per run; without it (a run outside the server project), each
 * is migrated here.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env[TEMPLATE_ENV];
  if (template) return serverUrl ? openScratchDatabase(serverUrl, 'test', template) : openPgliteCopy(template);
  const database = serverUrl ? await openScratchDatabase(serverUrl) : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  return database;
}

export const onRealPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

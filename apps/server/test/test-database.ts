import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

/**
 * A new, empty database on the PostgreSQL server at `serverUrl`, dropped again by `close()`.
 * Tests and benchmarks use it so runs never share state.
 */
export async function openScratchDatabase(serverUrl: string, prefix = 'test'): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

/**
 * A fresh, migrated database for one test file: embedded PostgreSQL in memory, or, when
 * TEST_DATABASE_URL is set, a scratch database on that server.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await openScratchDatabase(serverUrl) : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  return database;
}

export const onRealPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

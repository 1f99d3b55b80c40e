import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { TEMPLATE_ENV } from './test-database.ts';

/**
 * Migrates one database per test run, from the committed migrations, for `openTestDatabase()` to
 * copy: an embedded database's data directory dumped to a temp file, or, with TEST_DATABASE_URL,
 * a template database on that server. Workers find it through TEST_DATABASE_TEMPLATE.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createTemplateDatabase(serverUrl) : dumpMigratedDataDir();
}

async function dumpMigratedDataDir(): Promise<() => Promise<void>> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  // Uncompressed: loading a gzip dump costs more than it saves in reading the file.
  const dump = await (database.driver as PGlite).dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'test-db-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function createTemplateDatabase(serverUrl: string): Promise<() => Promise<void>> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  // CREATE DATABASE … TEMPLATE needs no one connected to the template.
  await database.close();
  await adminQuery(serverUrl, `alter database ${name} with allow_connections false`);
  process.env[TEMPLATE_ENV] = name;
  return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onRealPostgres, openTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { createExecutor, type JobsDatabase } from './pg-boss-executor.ts';

let database: Database;
let pool: pg.Pool | null = null;
let single: JobsDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  // On PostgreSQL, a pool of one connection: the statement after the failure surely reuses it.
  if (database.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: (database.driver as pg.Pool).options.connectionString, max: 1 });
    single = { kind: 'postgres', driver: pool };
  } else {
    single = database;
  }
});
afterAll(async () => {
  await pool?.end();
  await database.close();
});

it('a script failing midway leaves the connection usable, with nothing of it applied', async () => {
  const executor = createExecutor(single);
  await expect(executor.executeSql('BEGIN; CREATE TABLE half_done (x int); SELECT 1/0; COMMIT;')).rejects.toThrow(
    /division by zero/,
  );
  const { rows } = await executor.executeSql('select to_regclass($1) as t', ['half_done']);
  expect(rows).toEqual([{ t: null }]);
});

it('runs parameterised statements and scripts, returning the last statement’s rows', async () => {
  const executor = createExecutor(single);
  expect((await executor.executeSql('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
  expect((await executor.executeSql('BEGIN; SELECT 1 AS a; SELECT 2 AS b; COMMIT; SELECT 3 AS c')).rows).toEqual([
    { c: 3 },
  ]);
});

it('settled() waits for statements in flight', async () => {
  const executor = createExecutor(single);
  let done = false;
  const running = executor.executeSql('select pg_sleep(0.3)', []).then(() => (done = true));
  await executor.settled(5000);
  expect(done).toBe(true);
  await running;
});

it.skipIf(!onRealPostgres())('a connection dropped in the middle of a script rejects that script only', async () => {
  const executor = createExecutor(single);
  const outcome = executor.executeSql("BEGIN; SET LOCAL application_name = 'doomed'; SELECT pg_sleep(5); COMMIT;").then(
    () => 'finished',
    (err: Error) => err.message,
  );
  const admin = new pg.Client({ connectionString: (database.driver as pg.Pool).options.connectionString });
  await admin.connect();
  try {
    await expect
      .poll(
        async () =>
          (
            await admin.query(
              "select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'doomed'",
            )
          ).rowCount,
      )
      .toBe(1);
  } finally {
    await admin.end();
  }
  expect(await outcome).toMatch(/terminat/);
  expect((await executor.executeSql('select 1 as ok', [])).rows).toEqual([{ ok: 1 }]);
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { createJobs } from './create-jobs.ts';
import { jobsSchemaSql } from './jobs-schema.ts';
import { recordingLog } from './jobs-test-support.ts';
import { createExecutor } from './pg-boss-executor.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('the schema SQL, run ahead (a test template), is what start() then finds installed', async () => {
  const executor = createExecutor(database);
  await executor.executeSql(jobsSchemaSql());
  const before = await executor.executeSql('select version from pgboss.version', []);
  const jobs = createJobs(database, recordingLog().log, { runJobs: false });
  jobs.work('template-check', async () => {});
  await jobs.start();
  expect(await executor.executeSql('select version from pgboss.version', [])).toEqual(before);
  expect(await jobs.send('template-check', {})).toEqual(expect.any(String));
  await jobs.stop();
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { createJobs } from './create-jobs.ts';
import type { JobsDatabase } from './pg-boss-executor.ts';
import { jobState, recordingLog, uniqueQueue, until } from './jobs-test-support.ts';

let database: Database;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  database = await openTestDatabase();
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await database.close();
});

/** The database, with the first statement matching `failing` answered by a dropped connection. */
function droppingOnce(failing: RegExp): JobsDatabase {
  let armed = true;
  const driver = new Proxy(database.driver, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop !== 'query') return value.bind(target);
      return async (text: string, values?: unknown[]) => {
        if (armed && failing.test(text)) {
          armed = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return value.call(target, text, values);
      };
    },
  });
  return { kind: database.kind, driver };
}

it('a completion lost to a dropped connection is logged, and the job runs again once it expires', async () => {
  const { log, entries } = recordingLog();
  const jobs = createJobs(droppingOnce(/state = 'completed'/), log, {
    pollIntervalSeconds: 0.2,
    maintenanceIntervalSeconds: 1,
  });
  const q = uniqueQueue('lost-completion');
  let runs = 0;
  jobs.work(q, async () => void runs++, { expireInSeconds: 1, retryDelaySeconds: 0, retryBackoff: false });
  await jobs.start();
  try {
    const id = await jobs.send(q, {});
    await until(() => runs === 2, 10_000, 'the second run');
    await expect.poll(() => jobState(database, q, id!)).toBe('completed');
    expect(entries.some((e) => e.msg === 'could not record a job outcome; it runs again once it expires')).toBe(true);
    expect(unhandled).toEqual([]);
  } finally {
    await jobs.stop();
  }
});

it('a fetch failing on a dropped connection is skipped; the next poll gets the job', async () => {
  const { log } = recordingLog();
  const jobs = createJobs(droppingOnce(/FOR UPDATE SKIP LOCKED/), log, { pollIntervalSeconds: 0.2 });
  const q = uniqueQueue('lost-fetch');
  let runs = 0;
  jobs.work(q, async () => void runs++);
  await jobs.start();
  try {
    await jobs.send(q, {});
    await until(() => runs === 1, 5000, 'the run');
    expect(unhandled).toEqual([]);
  } finally {
    await jobs.stop();
  }
});

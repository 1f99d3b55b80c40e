import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onRealPostgres, openScratchDatabase, openTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { tickJobId } from './cron-schedule.ts';
import { createJobs } from './create-jobs.ts';
import { createExecutor } from './pg-boss-executor.ts';
import { recordingLog, uniqueQueue } from './jobs-test-support.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it.skipIf(!onRealPostgres())('two instances on one PostgreSQL run a schedule once per tick, not twice', async () => {
  // The second instance: its own pool on the same database, as another server would have.
  const otherPool = new pg.Pool({ connectionString: (database.driver as pg.Pool).options.connectionString, max: 3 });
  const q = uniqueQueue('cluster-cron');
  const runs: Array<{ id: string; instance: string }> = [];
  const logs = [recordingLog(), recordingLog()];
  const instances = [
    createJobs(database, logs[0]!.log, { pollIntervalSeconds: 0.2 }),
    createJobs({ kind: 'postgres', driver: otherPool }, logs[1]!.log, { pollIntervalSeconds: 0.2 }),
  ];
  try {
    for (const [n, jobs] of instances.entries()) {
      jobs.work(q, async (_data, job) => void runs.push({ id: job.id, instance: `#${n}` }));
      jobs.schedule(q, '* * * * * *');
    }
    const from = Math.floor(Date.now() / 1000) * 1000 - 1000;
    await Promise.all(instances.map((jobs) => jobs.start()));
    await new Promise((r) => setTimeout(r, 3500));
    await Promise.all(instances.map((jobs) => jobs.stop()));
    const to = Date.now();

    // Every run is a tick's job, and no tick ran twice.
    const ticks = new Set<string>();
    for (let t = from; t <= to; t += 1000) ticks.add(tickJobId(q, new Date(t)));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.every((r) => ticks.has(r.id))).toBe(true);
    expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    // Both instances fired the ticks: whichever came second found the job already there.
    const secondSends = logs.flatMap((l) => l.entries).filter((e) => e.msg === 'scheduled job already sent');
    expect(secondSends.length).toBeGreaterThanOrEqual(3);
    // The database holds one job per tick.
    const { rows } = await createExecutor(database).executeSql('select id from pgboss.job where name = $1', [q]);
    const stored = (rows as Array<{ id: string }>).map((r) => r.id);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.every((id) => ticks.has(id))).toBe(true);
  } finally {
    await Promise.all(instances.map((jobs) => jobs.stop()));
    await otherPool.end();
  }
});

it.skipIf(!onRealPostgres())('two instances share the work of one queue, each job once', async () => {
  const otherPool = new pg.Pool({ connectionString: (database.driver as pg.Pool).options.connectionString, max: 3 });
  const q = uniqueQueue('cluster-work');
  const runs: string[] = [];
  const instances = [
    createJobs(database, recordingLog().log, { pollIntervalSeconds: 0.2 }),
    createJobs({ kind: 'postgres', driver: otherPool }, recordingLog().log, { pollIntervalSeconds: 0.2 }),
  ];
  try {
    for (const jobs of instances) {
      jobs.work<{ n: number }>(
        q,
        async (data) => {
          await new Promise((r) => setTimeout(r, 20));
          runs.push(String(data.n));
        },
        { concurrency: 2 },
      );
    }
    await Promise.all(instances.map((jobs) => jobs.start()));
    for (let n = 0; n < 40; n++) await instances[n % 2]!.send(q, { n });
    const end = Date.now() + 10_000;
    while (runs.length < 40 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(runs.sort()).toEqual(Array.from({ length: 40 }, (_, n) => String(n)).sort());
  } finally {
    await Promise.all(instances.map((jobs) => jobs.stop()));
    await otherPool.end();
  }
});

it.skipIf(!onRealPostgres())(
  'instances starting together on a fresh database install the same queues without deadlock',
  async () => {
    // A database of its own: the job tables are created by the instances below, at once.
    const fresh = await openScratchDatabase(process.env.TEST_DATABASE_URL!, 'jobs_start');
    const url = (fresh.driver as pg.Pool).options.connectionString;
    // An idle client still closing when the scratch database is dropped (with force) is told
    // "terminating connection": expected here, so the pools hear it rather than the process.
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: url, max: 3 }).on('error', () => {}));
    const instances = [fresh, ...pools.map((driver) => ({ kind: 'postgres' as const, driver }))].map((db) =>
      createJobs(db, recordingLog().log, { runJobs: false }),
    );
    try {
      for (const jobs of instances) {
        for (const q of ['mail', 'sweep', 'kpi', 'pdf']) jobs.work(q, async () => {});
      }
      await Promise.all(instances.map((jobs) => jobs.start()));
      const { rows } = await createExecutor(fresh).executeSql('select name from pgboss.queue order by name', []);
      expect(rows).toEqual([{ name: 'kpi' }, { name: 'mail' }, { name: 'pdf' }, { name: 'sweep' }]);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
      await Promise.all(pools.map((p) => p.end()));
      await fresh.close();
    }
  },
);

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { tickJobId } from './cron-schedule.ts';
import { createJobs, type JobsOptions } from './create-jobs.ts';
import type { JobInfo, Jobs } from './jobs.ts';
import { gate, jobState, recordingLog, uniqueQueue, until } from './jobs-test-support.ts';

let database: Database;
const runners: Jobs[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await database.close();
});

/** A runner polling fast, stopped after the test. */
function runner(opts: JobsOptions = {}) {
  const { log, entries } = recordingLog();
  const jobs = createJobs(database, log, { pollIntervalSeconds: 0.2, ...opts });
  runners.push(jobs);
  return { jobs, entries };
}

describe('jobs', () => {
  it('runs a sent job with its data', async () => {
    const { jobs } = runner();
    const q = uniqueQueue('send');
    const seen: Array<{ data: { n: number }; job: JobInfo }> = [];
    jobs.work<{ n: number }>(q, async (data, job) => {
      seen.push({ data, job });
    });
    await jobs.start();
    const id = await jobs.send(q, { n: 42 });
    expect(id).toEqual(expect.any(String));
    await until(() => seen.length === 1, 5000, 'the handler');
    expect(seen[0]).toEqual({ data: { n: 42 }, job: { id, queue: q, retryCount: 0, retryLimit: 4 } });
    await expect.poll(() => jobState(database, q, id!)).toBe('completed');
  });

  it('retries a failing handler with growing delays until it succeeds', async () => {
    const { jobs, entries } = runner();
    const q = uniqueQueue('retry');
    const attempts: Array<{ at: number; retryCount: number }> = [];
    jobs.work(
      q,
      async (_data, job) => {
        attempts.push({ at: Date.now(), retryCount: job.retryCount });
        if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
      },
      { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
    );
    await jobs.start();
    const id = await jobs.send(q, {});
    await until(() => attempts.length === 3, 15_000, 'three attempts');
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Back-off: the n-th retry waits retryDelay·2^(n-1) to twice that.
    const [a, b, c] = attempts.map((x) => x.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1900);
    await expect.poll(() => jobState(database, q, id!)).toBe('completed');
    expect(entries.filter((e) => e.level === 'warn' && e.msg === 'job failed, will retry')).toHaveLength(2);
  });

  it('gives up after retryLimit retries and logs an error', async () => {
    const { jobs, entries } = runner();
    const q = uniqueQueue('give-up');
    let runs = 0;
    jobs.work(
      q,
      async () => {
        runs++;
        throw new Error('always');
      },
      { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
    );
    await jobs.start();
    const id = await jobs.send(q, {});
    await expect.poll(() => jobState(database, q, id!), { timeout: 5000 }).toBe('failed');
    expect(runs).toBe(2);
    expect(entries.find((e) => e.level === 'error')?.msg).toBe('job failed, no retries left');
  });

  it('collapses sends with the same singletonKey on a stately queue, and stores jobs for other runners', async () => {
    const q = uniqueQueue('singleton');
    const seen: string[] = [];
    const handler = async (data: { key: string }) => {
      seen.push(data.key);
    };
    // A runner that only stores jobs (API tests, CLIs)…
    const producer = runner({ runJobs: false }).jobs;
    producer.work(q, handler, { policy: 'stately' });
    await producer.start();
    expect(await producer.send(q, { key: 'a' }, { singletonKey: 'a' })).toEqual(expect.any(String));
    expect(await producer.send(q, { key: 'a' }, { singletonKey: 'a' })).toBeNull();
    expect(await producer.send(q, { key: 'b' }, { singletonKey: 'b' })).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);
    // …and one that runs them.
    const consumer = runner().jobs;
    consumer.work(q, handler, { policy: 'stately' });
    await consumer.start();
    await until(() => seen.length === 2, 5000, 'both keys');
    expect(seen.sort()).toEqual(['a', 'b']);
  });

  it('on a stately queue, sends while a job runs queue exactly one more run', async () => {
    const { jobs } = runner();
    const q = uniqueQueue('stately');
    const hold = gate();
    let runs = 0;
    jobs.work(
      q,
      async () => {
        runs++;
        if (runs === 1) await hold.opened;
      },
      { policy: 'stately' },
    );
    await jobs.start();
    await jobs.send(q, {});
    await until(() => runs === 1, 5000, 'the first run');
    const during = [await jobs.send(q, {}), await jobs.send(q, {}), await jobs.send(q, {})];
    expect(during.filter(Boolean)).toHaveLength(1);
    hold.open();
    await until(() => runs === 2, 5000, 'the second run');
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toBe(2);
  });

  it('refuses what would silently lose or not dedupe a job', async () => {
    const { jobs } = runner();
    const q = uniqueQueue('refuse');
    jobs.work(q, async () => {});
    await expect(jobs.send(q, {})).rejects.toThrow(/before start/);
    expect(() => jobs.schedule(uniqueQueue('nowhere'), '* * * * *')).toThrow(/before work/);
    expect(() => jobs.schedule(q, 'not a cron')).toThrow();
    expect(() => jobs.schedule(q, '* * * * *', { tz: 'Nowhere/Atlantis' })).toThrow();
    expect(() => jobs.work(q, async () => {})).toThrow(/already has a handler/);
    await jobs.start();
    await expect(jobs.send(uniqueQueue('nowhere'), {})).rejects.toThrow(/undeclared queue/);
    await expect(jobs.send(q, {}, { singletonKey: 'k' })).rejects.toThrow(/collapses nothing/);
    expect(() => jobs.work(uniqueQueue('late'), async () => {})).toThrow(/after start/);
    expect(() => jobs.schedule(q, '* * * * *')).toThrow(/after start/);
  });

  it('fires a schedule, once per tick, with the tick as the job id', async () => {
    const { jobs } = runner();
    const q = uniqueQueue('cron');
    const runs: Array<{ data: object; id: string }> = [];
    jobs.work(q, async (data, job) => {
      runs.push({ data, id: job.id });
    });
    // Six fields: every second, so the test need not wait for a minute.
    jobs.schedule(q, '* * * * * *', { data: { from: 'schedule' } });
    await jobs.start();
    await until(() => runs.length >= 2, 5000, 'two ticks');
    const now = Math.floor(Date.now() / 1000) * 1000;
    const recentTicks = Array.from({ length: 10 }, (_, i) => tickJobId(q, new Date(now - i * 1000)));
    for (const run of runs) {
      expect(run.data).toEqual({ from: 'schedule' });
      expect(recentTicks).toContain(run.id);
    }
    expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
  });

  it('stop() waits for a running handler, then the job is completed', async () => {
    const { jobs } = runner();
    const q = uniqueQueue('stop');
    let started = false;
    let finished = false;
    jobs.work(q, async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 700));
      finished = true;
    });
    await jobs.start();
    const id = await jobs.send(q, {});
    await until(() => started, 5000, 'the handler to start');
    await jobs.stop();
    expect(finished).toBe(true);
    expect(await jobState(database, q, id!)).toBe('completed');
  });

  it('stop() is bounded: a handler still running is released for a retry', async () => {
    const { jobs, entries } = runner({ stopTimeoutMs: 300 });
    const q = uniqueQueue('hang');
    const hold = gate();
    let started = false;
    jobs.work(q, async () => {
      started = true;
      await hold.opened;
    });
    await jobs.start();
    const id = await jobs.send(q, {});
    await until(() => started, 5000, 'the handler to start');
    const t0 = Date.now();
    await jobs.stop();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await jobState(database, q, id!)).toBe('retry');
    expect(entries.some((e) => e.msg === 'jobs still running at shutdown, released for a retry')).toBe(true);
    hold.open();
  });

  it('a handler running longer than expireInSeconds fails and is retried', async () => {
    const { jobs } = runner();
    const q = uniqueQueue('expire');
    let runs = 0;
    jobs.work(
      q,
      async () => {
        runs++;
        if (runs === 1) await new Promise((r) => setTimeout(r, 5000));
      },
      { expireInSeconds: 1, retryDelaySeconds: 0, retryBackoff: false },
    );
    await jobs.start();
    const id = await jobs.send(q, {});
    await until(() => runs === 2, 5000, 'the retry');
    await expect.poll(() => jobState(database, q, id!)).toBe('completed');
  });
});

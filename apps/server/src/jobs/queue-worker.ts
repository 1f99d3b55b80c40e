import type PgBoss from 'pg-boss';
import type { JobHandler, JobInfo } from './jobs.ts';
import type { JobsLog } from './jobs-log.ts';
import { nap, settledWithin, withTimeout } from './timers.ts';

/**
 * Polls one queue: claims up to `concurrency` jobs (pg-boss's SKIP LOCKED fetch, so each job goes
 * to one instance), runs them, and records each outcome — complete, or fail, which pg-boss turns
 * into a retry after its back-off. pg-boss's own worker is not used: it does not await those
 * writes, so one failing on a dropped connection is an unhandled rejection that ends the process.
 */
export class QueueWorker {
  private stopping = false;
  private woken = false;
  private loop: Promise<void> | null = null;
  private pause: ReturnType<typeof nap> | null = null;
  private readonly running = new Set<string>();

  constructor(
    private readonly boss: PgBoss,
    private readonly queue: string,
    private readonly handler: JobHandler<object>,
    private readonly opts: { concurrency: number; pollIntervalMs: number },
    private readonly log: JobsLog,
  ) {}

  start(): void {
    this.loop ??= this.poll();
  }

  /** Fetches now rather than at the next poll: a job was just sent from this process. */
  wake(): void {
    this.woken = true;
    this.pause?.wake();
  }

  /**
   * Stops fetching and waits up to `ms` for the running jobs. Jobs still running then are failed,
   * so they are retried (elsewhere, or after a restart) instead of waiting for their expiry.
   */
  async stop(ms: number): Promise<void> {
    this.stopping = true;
    this.pause?.wake();
    if (!this.loop || (await settledWithin(this.loop, ms)) || this.running.size === 0) return;
    const ids = [...this.running];
    this.log.warn({ queue: this.queue, jobs: ids }, 'jobs still running at shutdown, released for a retry');
    for (const id of ids) {
      await this.record(() => this.boss.fail(this.queue, id, { message: 'the server stopped while the job ran' }));
    }
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      const jobs = await this.fetch();
      if (jobs.length > 0) await Promise.all(jobs.map((job) => this.run(job)));
      // A full batch suggests more are waiting: fetch again at once — after letting pending I/O
      // in, since on PGlite a run of queries alone never yields to HTTP handling.
      if (this.stopping || this.woken || jobs.length === this.opts.concurrency) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      this.pause = nap(this.opts.pollIntervalMs);
      await this.pause.done;
      this.pause = null;
    }
  }

  private async fetch(): Promise<PgBoss.JobWithMetadata<object>[]> {
    try {
      return await this.boss.fetch<object>(this.queue, { batchSize: this.opts.concurrency, includeMetadata: true });
    } catch (err) {
      this.log.warn({ err, queue: this.queue }, 'could not fetch jobs');
      return [];
    }
  }

  private async run(job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const info: JobInfo = { id: job.id, queue: this.queue, retryCount: job.retryCount, retryLimit: job.retryLimit };
    // pg-boss reads the interval as numeric text ('900.000000').
    const expireMs = Number(job.expireInSeconds) * 1000;
    this.running.add(job.id);
    try {
      await withTimeout(this.handler(job.data ?? {}, info), expireMs, `the job ran longer than ${expireMs / 1000} s`);
    } catch (err) {
      const last = info.retryCount >= info.retryLimit;
      const fields = { err, queue: this.queue, jobId: job.id, retryCount: info.retryCount };
      if (last) this.log.error(fields, 'job failed, no retries left');
      else this.log.warn(fields, 'job failed, will retry');
      await this.record(() =>
        this.boss.fail(this.queue, job.id, { message: err instanceof Error ? err.message : String(err) }),
      );
      return;
    } finally {
      this.running.delete(job.id);
    }
    await this.record(() => this.boss.complete(this.queue, job.id));
  }

  /** A lost write only means the job runs again once it expires; never an unhandled rejection. */
  private async record(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.log.warn({ err, queue: this.queue }, 'could not record a job outcome; it runs again once it expires');
    }
  }
}

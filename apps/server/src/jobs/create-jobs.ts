import PgBoss from 'pg-boss';
import { withClusterLock } from './cluster-lock.ts';
import { CronSchedule } from './cron-schedule.ts';
import type { JobHandler, Jobs, QueueOptions, ScheduleOptions, SendOptions } from './jobs.ts';
import type { JobsLog } from './jobs-log.ts';
import { JOBS_SCHEMA } from './jobs-schema.ts';
import { createExecutor, type JobsDatabase, type JobsExecutor } from './pg-boss-executor.ts';
import { QueueWorker } from './queue-worker.ts';

export interface JobsOptions {
  /**
   * false: queues are created and send() stores jobs, but this process runs no handler and fires
   * no schedule (API tests that do not test jobs; CLIs). Default true.
   */
  runJobs?: boolean;
  /**
   * How often a queue is polled, which is how soon retries, delayed jobs and other instances' jobs
   * start; a send from this process wakes its worker at once. Default 2 on PostgreSQL, 5 on PGlite
   * (one process: every send is local, and each poll holds the event loop for ~2 ms there).
   */
  pollIntervalSeconds?: number;
  /** How long stop() waits for running handlers before releasing their jobs for a retry (default 4000). */
  stopTimeoutMs?: number;
  /** How often jobs of dead instances are expired into retries and old jobs archived (default 120). */
  maintenanceIntervalSeconds?: number;
}

const DECLARE_LOCK = `${JOBS_SCHEMA}.declare-queues`;

const QUEUE_DEFAULTS: Required<QueueOptions> = {
  concurrency: 1,
  retryLimit: 4,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 900,
  policy: 'standard',
};

interface Queue {
  handler: JobHandler<object>;
  opts: Required<QueueOptions>;
  worker: QueueWorker | null;
}

/** The job runner on the app's database (PGlite or PostgreSQL), backed by pg-boss. */
export function createJobs(database: JobsDatabase, log: JobsLog, opts: JobsOptions = {}): Jobs {
  return new PgBossJobs(database, log, opts);
}

class PgBossJobs implements Jobs {
  private readonly executor: JobsExecutor;
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Queue>();
  private readonly schedules = new Map<string, CronSchedule>();
  private readonly runJobs: boolean;
  private readonly pollIntervalMs: number;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private maintenance: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: JobsDatabase,
    private readonly log: JobsLog,
    private readonly opts: JobsOptions,
  ) {
    this.runJobs = opts.runJobs ?? true;
    this.pollIntervalMs = (opts.pollIntervalSeconds ?? (database.kind === 'pglite' ? 5 : 2)) * 1000;
    this.executor = createExecutor(database);
    // pg-boss's own timers (cron monitor, supervisor) are off: schedules and maintenance run on
    // this runner's unref'd timers, with every failure logged rather than thrown.
    this.boss = new PgBoss({ db: this.executor, schema: JOBS_SCHEMA, schedule: false, supervise: false });
    this.boss.on('error', (err) => this.log.error({ err }, 'job runner error'));
  }

  work<T extends object>(queue: string, handler: JobHandler<T>, opts: QueueOptions = {}): void {
    this.assertDeclaring(`work('${queue}')`);
    if (this.queues.has(queue)) throw new Error(`jobs: queue '${queue}' already has a handler`);
    this.queues.set(queue, {
      handler: handler as JobHandler<object>,
      opts: { ...QUEUE_DEFAULTS, ...opts },
      worker: null,
    });
  }

  schedule(queue: string, cron: string, opts: ScheduleOptions = {}): void {
    this.assertDeclaring(`schedule('${queue}')`);
    if (!this.queues.has(queue)) throw new Error(`jobs: schedule('${queue}') before work('${queue}')`);
    if (this.schedules.has(queue)) throw new Error(`jobs: queue '${queue}' already has a schedule`);
    const data = opts.data ?? {};
    const send = (id: string) => this.enqueue(queue, data, { id });
    this.schedules.set(queue, new CronSchedule(queue, cron, opts.tz ?? 'UTC', send, this.log));
  }

  async send<T extends object>(queue: string, data: T, opts: SendOptions = {}): Promise<string | null> {
    const q = this.queues.get(queue);
    if (!q) throw new Error(`jobs: send to undeclared queue '${queue}'`);
    if (opts.singletonKey !== undefined && q.opts.policy !== 'stately') {
      throw new Error(`jobs: singletonKey collapses nothing on '${queue}', whose policy is '${q.opts.policy}'`);
    }
    if (!this.starting) throw new Error(`jobs: send('${queue}') before start()`);
    await this.starting;
    return this.enqueue(queue, data, {
      ...(opts.singletonKey !== undefined ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    });
  }

  /**
   * Stores a job; a worker of this process for its queue fetches it at once, or when it is due
   * (a delayed job), rather than at the next poll.
   */
  private async enqueue(queue: string, data: object, options: PgBoss.SendOptions): Promise<string | null> {
    const id = await this.boss.send(queue, data, options);
    const worker = this.queues.get(queue)?.worker;
    if (!id || !worker) return id;
    if (!options.startAfter) worker.wake();
    else if (typeof options.startAfter === 'number')
      setTimeout(() => worker.wake(), options.startAfter * 1000 + 50).unref();
    return id;
  }

  private assertDeclaring(what: string): void {
    if (this.starting) throw new Error(`jobs: ${what} after start(); declare queues while the app is built`);
  }

  start(): Promise<void> {
    this.starting ??= this.install();
    return this.starting;
  }

  private async install(): Promise<void> {
    // Creates the schema on a fresh database, migrates an older one, else only checks the version.
    await this.boss.start();
    await this.declareQueues();
    if (this.runJobs && !this.stopped) this.run();
  }

  /** Polls every queue, fires every schedule, and runs maintenance, until stop(). */
  private run(): void {
    for (const [name, q] of this.queues) {
      const opts = { concurrency: q.opts.concurrency, pollIntervalMs: this.pollIntervalMs };
      q.worker = new QueueWorker(this.boss, name, q.handler, opts, this.log);
      q.worker.start();
    }
    for (const schedule of this.schedules.values()) schedule.start();
    const every = (this.opts.maintenanceIntervalSeconds ?? 120) * 1000;
    this.maintenance = setInterval(() => void this.maintain(), every);
    this.maintenance.unref();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.starting?.catch(() => {});
    if (this.maintenance) clearInterval(this.maintenance);
    for (const schedule of this.schedules.values()) schedule.stop();
    const timeout = this.opts.stopTimeoutMs ?? 4000;
    const workers = [...this.queues.values()].flatMap((q) => (q.worker ? [q.worker] : []));
    await Promise.all(workers.map((worker) => worker.stop(timeout)));
    // Outcomes being recorded and scheduled sends finish before the app closes the database.
    await this.executor.settled(1000);
    await this.boss.stop({ graceful: false, close: false });
  }

  /**
   * Creates the declared queues, one instance at a time: pg-boss creates a queue as a partition of
   * its job table, and two instances attaching partitions at once deadlock (seen when two started
   * together). The second one then finds the queues there.
   */
  private async declareQueues(): Promise<void> {
    const stored = async () => new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
    const before = await stored();
    const upToDate = [...this.queues].every(([name, q]) => {
      const found = before.get(name);
      return found && sameSettings(found, settingsOf(name, q.opts));
    });
    if (upToDate) return;
    await withClusterLock(this.database, DECLARE_LOCK, async () => {
      const current = await stored();
      for (const [name, q] of this.queues) await this.declare(name, q.opts, current.get(name) ?? null);
    });
  }

  /** Creates the queue, or brings an existing one's settings in line with the code. */
  private async declare(name: string, opts: Required<QueueOptions>, existing: PgBoss.QueueResult | null) {
    const settings = settingsOf(name, opts);
    if (!existing) await this.boss.createQueue(name, settings);
    else if (!sameSettings(existing, settings)) await this.boss.updateQueue(name, settings);
  }

  /** Expires jobs claimed by instances that died (into retries) and archives finished ones. */
  private async maintain(): Promise<void> {
    try {
      await this.boss.maintain();
    } catch (err) {
      this.log.warn({ err }, 'job maintenance failed');
    }
  }
}

function settingsOf(name: string, opts: Required<QueueOptions>): PgBoss.Queue {
  return {
    name,
    policy: opts.policy,
    retryLimit: opts.retryLimit,
    retryDelay: opts.retryDelaySeconds,
    retryBackoff: opts.retryBackoff,
    expireInSeconds: opts.expireInSeconds,
  };
}

function sameSettings(a: PgBoss.QueueResult, b: PgBoss.Queue): boolean {
  return (
    a.policy === b.policy &&
    a.retryLimit === b.retryLimit &&
    a.retryDelay === b.retryDelay &&
    a.retryBackoff === b.retryBackoff &&
    a.expireInSeconds === b.expireInSeconds
  );
}

/**
 * Background work as the modules see it: queues with handlers, cron schedules, and sends. One
 * implementation (create-jobs.ts, pg-boss on the app's database) serves PGlite and PostgreSQL.
 *
 * Lifecycle: declare queues (`work`) and schedules (`schedule`) while the app is built — each
 * module in its `register` — then `start()` once (onReady), `stop()` once (onClose). Declaring
 * after start is refused, so every instance's set of queues is what its code declares up front.
 * `send()` needs a started runner and a declared queue. Handlers run at least once: a crash or a
 * lost completion runs a job again, so they must be idempotent (deliver what the outbox still
 * holds, fail the accounts still past their deadline).
 */
export interface Jobs {
  /** Declares `queue` and the handler that runs its jobs. A handler that throws is retried. */
  work<T extends object>(queue: string, handler: JobHandler<T>, opts?: QueueOptions): void;
  /**
   * Sends a job to `queue` on every tick of `cron` (5 fields, or 6 with seconds first), once per
   * tick across every instance on the database. The queue must be declared with `work` first.
   */
  schedule(queue: string, cron: string, opts?: ScheduleOptions): void;
  /**
   * Enqueues a job; resolves to its id, or null when the queue's policy collapsed it into one
   * already waiting (same singletonKey on a 'stately' queue).
   */
  send<T extends object>(queue: string, data: T, opts?: SendOptions): Promise<string | null>;
  /** Installs the job tables (first run), creates the declared queues, starts polling and schedules. */
  start(): Promise<void>;
  /** Stops polling and schedules, waits for running handlers (bounded), then returns. */
  stop(): Promise<void>;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobInfo {
  id: string;
  queue: string;
  /** 0 on the first run; the run is the last one when retryCount === retryLimit. */
  retryCount: number;
  retryLimit: number;
}

export interface QueueOptions {
  /** Jobs of this queue running at once in one process (default 1). */
  concurrency?: number;
  /** Retries after the first failure (default 4). */
  retryLimit?: number;
  /** Wait before a retry; doubled on each retry with `retryBackoff`, plus jitter (default 15). */
  retryDelaySeconds?: number;
  /** Exponential back-off between retries (default true). */
  retryBackoff?: boolean;
  /**
   * A run taking longer counts as failed and is retried; it also bounds how long a job claimed by
   * an instance that died stays claimed (default 900).
   */
  expireInSeconds?: number;
  /**
   * 'standard' (default): every send is a job. 'stately': per singletonKey, at most one job waiting
   * and one running across the cluster — sends while one waits return null. For "do the pending
   * work" jobs (deliver the outbox, run the sweep), where one more run covers every request.
   */
  policy?: 'standard' | 'stately';
}

export interface SendOptions {
  /** Collapses duplicates on a 'stately' queue (refused on a 'standard' one, where it would not). */
  singletonKey?: string;
  /** Runs no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface ScheduleOptions {
  /** Time zone of the cron fields (default UTC, so every instance reads them alike). */
  tz?: string;
  /** Data of every scheduled job (default {}). */
  data?: object;
}

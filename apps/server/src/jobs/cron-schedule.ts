import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import type { JobsLog } from './jobs-log.ts';

/** A tick missed by at most this much (the instance was starting) is still sent. */
const CATCH_UP_MS = 60_000;

/**
 * Fires one schedule on this instance. Every instance fires every tick; the job's id is derived
 * from the queue and the tick's time, so the database keeps one job per tick (its primary key
 * refuses the others) — once per cluster without a lock or a leader.
 */
export class CronSchedule {
  private cron: Cron | null = null;

  constructor(
    private readonly queue: string,
    private readonly pattern: string,
    private readonly tz: string,
    private readonly send: (jobId: string) => Promise<string | null>,
    private readonly log: JobsLog,
  ) {
    // Throws on an unknown time zone or a malformed pattern while the app is built, not at a tick.
    new Intl.DateTimeFormat('en', { timeZone: tz });
    new Cron(pattern, { timezone: tz, paused: true }).stop();
  }

  start(): void {
    if (this.cron) return;
    this.cron = new Cron(this.pattern, { timezone: this.tz, unref: true, protect: true }, (self: Cron) => {
      const tick = self.currentRun();
      if (tick) return this.fire(tick);
    });
    const last = this.cron.previousRuns(1, new Date())[0];
    if (last && Date.now() - last.getTime() < CATCH_UP_MS) void this.fire(last);
  }

  stop(): void {
    this.cron?.stop();
    this.cron = null;
  }

  private async fire(tick: Date): Promise<void> {
    try {
      const id = await this.send(tickJobId(this.queue, tick));
      // Normal with several instances: another one sent this tick first.
      if (!id) this.log.debug({ queue: this.queue, tick }, 'scheduled job already sent');
    } catch (err) {
      this.log.warn({ err, queue: this.queue, tick }, 'could not send a scheduled job');
    }
  }
}

/** A UUID (version 8: custom) that is the same on every instance for the same queue and tick. */
export function tickJobId(queue: string, tick: Date): string {
  const b = createHash('sha256').update(`${queue}\n${tick.toISOString()}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism, constants, setPriority } from 'node:os';

/**
 * How long the hashing worker may hold a request without answering before it is treated as
 * starved. A hash needs 10–30 ms of CPU; the worker holds at most a few at once.
 */
export const STARVED_AFTER_MS = 250;

/**
 * Keeps hashing on one core (the last) where there are several, leaving the others to request
 * handling: measured here, this halved verify-token's p99 during a login flood. Best effort.
 */
function pinToLastCpu(pid: number): void {
  const last = availableParallelism() - 1;
  if (last > 0) spawnSync('taskset', ['-a', '-p', '-c', String(last), String(pid)], { stdio: 'ignore' });
}

/**
 * Lowers every thread of the process to the lowest priority. Linux keeps a nice value per thread:
 * renicing the process id alone would leave the threads Node started before (its platform
 * threads, a thread pool already running) at normal priority. Threads started later inherit it.
 */
function lowerPriority(pid: number): void {
  let threads: number[] = [pid];
  try {
    threads = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    /* no /proc here: the process id is all that can be reniced */
  }
  for (const tid of threads) {
    try {
      setPriority(tid, constants.priority.PRIORITY_LOW);
    } catch {
      /* not permitted here, or the thread just ended: it still runs off the event loop */
    }
  }
}

/**
 * Sets the scheduling class of every thread of `pid` (util-linux `chrt`; best effort: without it
 * the worker keeps the class it has). Waited for only at start; later it must not hold the loop.
 */
function schedule(pid: number, policy: '--idle' | '--other', wait = false): void {
  const args = ['--all-tasks', policy, '--pid', '0', String(pid)];
  if (wait) spawnSync('chrt', args, { stdio: 'ignore' });
  else spawn('chrt', args, { stdio: 'ignore' }).on('error', () => {});
}

/**
 * The hashing worker's share of the CPU (decision 005). It runs at nice 19 on the last core and
 * in Linux's SCHED_IDLE class: it runs only when no ordinary thread wants the core, and an ordinary
 * thread that wakes takes the core back at once. Nice 19 alone is not that: the scheduler lets
 * the running thread finish a slice of a few milliseconds first, which a request woken meanwhile
 * waits out.
 *
 * But SCHED_IDLE gets next to nothing while ordinary threads keep every core busy, and sign-ins
 * would stop rather than slow down. So a worker that has held a request for STARVED_AFTER_MS
 * without answering is raised to an ordinary thread at nice 19 until it has nothing left to do.
 */
export class HashingPriority {
  private raised = false;
  private starving: NodeJS.Timeout | null = null;

  constructor(private readonly pid: number) {}

  /** Once the worker is ready: starting Node at the lowest priority on a busy machine is too slow. */
  lower(): void {
    lowerPriority(this.pid);
    schedule(this.pid, '--idle', true);
    pinToLastCpu(this.pid);
  }

  /**
   * A request was handed to the worker, which rests `restMs` first (a CPU share, see
   * password-worker.mjs): waiting out a rest is not starving.
   */
  sent(restMs = 0): void {
    this.watch(restMs);
  }

  /** The worker answered a request; `pending` it still holds, after a rest of `restMs`. */
  answered(pending: number, restMs = 0): void {
    if (this.starving) clearTimeout(this.starving);
    this.starving = null;
    if (pending > 0) return this.watch(restMs);
    if (this.raised) {
      this.raised = false;
      schedule(this.pid, '--idle');
    }
  }

  stop(): void {
    if (this.starving) clearTimeout(this.starving);
  }

  private watch(restMs: number): void {
    if (this.raised || this.starving) return;
    this.starving = setTimeout(() => {
      this.starving = null;
      this.raised = true;
      schedule(this.pid, '--other');
    }, STARVED_AFTER_MS + restMs);
    this.starving.unref();
  }
}

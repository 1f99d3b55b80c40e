import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError } from './app-error.ts';
import { HashingPriority } from './hashing-priority.ts';
import { Semaphore } from './semaphore.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Always does the work, so an unknown account costs the same time as a wrong password. */
  verify(hashed: string | null, password: string): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Answers every request still waiting for its turn with 503 at once; those being hashed finish.
   * For a shutdown that must end in time (a long queue under a login flood).
   */
  shed(): void;
  /** The hashing process (the current one: a worker that died is replaced), for operations and tests. */
  readonly workerPid?: number;
}

/**
 * Hashing could not be done: the worker died with the request in it, or could not be started.
 * Answered as 503 (the client may simply try again), never as a crash or a 500.
 */
export const hashingUnavailable = (): AppError =>
  new AppError('SERVICE_UNAVAILABLE', 503, 'The service is briefly unavailable. Please try again.', {
    'retry-after': '1',
  });

/**
 * `low`: the worker only takes CPU request handling leaves over (decision 005). `normal`: it
 * competes like any process, for a machine where other programs, not this server's requests,
 * are what would starve it (a test run's parallel suites and browsers).
 */
export type HashPriority = 'low' | 'normal';

/** `restMs`: how long a capped worker rests before it takes the next request. */
type Reply = { id: number; result?: string | boolean; error?: string; ready?: true; restMs?: number };

const WORKER_FILE = fileURLToPath(new URL('./password-worker.mjs', import.meta.url));
/** A worker that has not said it is ready by then is given up (and the requests waiting get 503). */
const START_TIMEOUT_MS = 15_000;
/** A worker that dies younger than this counts as a failed start: the next one waits (back-off). */
const HEALTHY_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 5_000;

/** One worker process and the requests it holds. */
class Worker {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  readonly startedAt = Date.now();
  exited = false;
  /** Only for a `low` worker: its CPU share, raised while it starves. */
  private share: HashingPriority | null = null;
  private nextId = 0;
  /** Until when (epoch ms) a capped worker rests after its last answer. */
  private restUntil = 0;
  private readonly waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();

  constructor(onExit: (w: Worker) => void, priority: HashPriority, cpuShare: number) {
    this.child = fork(WORKER_FILE, [String(cpuShare)], { execArgv: [], serialization: 'advanced', stdio: 'inherit' });
    // The worker never holds the server open: its channel is referenced only while it has work.
    this.child.unref();
    this.child.channel?.ref();
    let readyResolve!: () => void;
    let readyReject!: (e: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    this.ready.catch(() => {}); // observed by callers; never an unhandled rejection
    const timer = setTimeout(() => {
      readyReject(hashingUnavailable());
      this.child.kill('SIGKILL');
    }, START_TIMEOUT_MS);
    timer.unref();
    this.child.on('message', (reply: Reply) => {
      if (reply.ready) {
        clearTimeout(timer);
        // Lowered only now: starting Node at the lowest priority on a busy machine took longer
        // than the start timeout, and the worker was given up before it had hashed anything.
        if (priority === 'low') {
          this.share = new HashingPriority(this.child.pid!);
          this.share.lower();
        }
        this.idleCheck();
        return readyResolve();
      }
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      this.restUntil = Date.now() + (reply.restMs ?? 0);
      this.share?.answered(this.waiting.size, reply.restMs ?? 0);
      this.idleCheck();
      if (!w) return;
      if (reply.error) w.reject(new Error(reply.error));
      else w.resolve(reply);
    });
    // Sending to a worker that just died: reported to the send's callback, and here; never thrown.
    this.child.on('error', () => {});
    this.child.on('exit', () => {
      this.exited = true;
      clearTimeout(timer);
      this.share?.stop();
      readyReject(hashingUnavailable());
      for (const w of this.waiting.values()) w.reject(hashingUnavailable());
      this.waiting.clear();
      onExit(this);
    });
  }

  call(msg: Record<string, unknown>): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      if (this.exited || !this.child.connected) return reject(hashingUnavailable());
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      this.share?.sent(Math.max(0, this.restUntil - Date.now()));
      this.child.channel?.ref();
      this.child.send({ ...msg, id }, (err) => {
        if (!err) return;
        this.waiting.delete(id);
        this.share?.answered(this.waiting.size);
        this.idleCheck();
        reject(hashingUnavailable());
      });
    });
  }

  private idleCheck(): void {
    if (this.waiting.size === 0) this.child.channel?.unref();
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.ref(); // keep the process alive until the worker has gone
    if (this.child.connected) this.child.disconnect();
    else this.child.kill('SIGKILL');
    await exited;
  }
}

/**
 * argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) computed in a child process running at the
 * lowest CPU priority: hashing never blocks the event loop and, under a login flood, only takes
 * CPU that request handling leaves over (decision 005). A semaphore bounds the queue's memory use.
 *
 * The worker ignores SIGINT and SIGTERM (a group signal reaches it together with the server, which
 * still needs it to finish its logins) and leaves when this side closes the channel. A worker that
 * dies anyway fails the hashing it held with a 503 and is replaced on the next request; one that
 * keeps dying young is restarted with a growing delay.
 */
export async function createPasswordHasher(
  concurrency: number,
  priority: HashPriority = 'low',
  /** The share of one core hashing may take, 0.05–1 (1: no cap); see password-worker.mjs. */
  cpuShare = 1,
): Promise<PasswordHasher> {
  let current: Worker | null = null;
  let closed = false;
  let shedding = false;
  let failedStarts = 0;
  let notBefore = 0;

  const onExit = (w: Worker) => {
    if (current === w) current = null;
    if (closed) return;
    failedStarts = Date.now() - w.startedAt < HEALTHY_AFTER_MS ? failedStarts + 1 : 0;
    notBefore = failedStarts ? Date.now() + Math.min(100 * 2 ** (failedStarts - 1), MAX_RESTART_DELAY_MS) : 0;
  };

  const worker = async (): Promise<Worker> => {
    if (closed) throw hashingUnavailable();
    // A worker whose channel closed is dead, even before its exit is reported.
    if (!current || current.exited || !current.child.connected) {
      const wait = notBefore - Date.now();
      if (wait > 0) {
        await new Promise((r) => setTimeout(r, wait));
        if (closed) throw hashingUnavailable();
      }
      if (!current || current.exited || !current.child.connected) current = new Worker(onExit, priority, cpuShare);
    }
    const w = current;
    await w.ready;
    return w;
  };

  const call = async (msg: Record<string, unknown>) => (await (await worker()).call(msg)).result;

  // A capped worker takes one request at a time; handing it more would only queue them where
  // `shed` cannot answer them.
  const gate = new Semaphore(cpuShare < 1 ? 1 : concurrency);
  const turn = (msg: Record<string, unknown>) =>
    gate.run(async () => {
      if (shedding) throw hashingUnavailable();
      return call(msg);
    });
  const hash = (password: string) => turn({ op: 'hash', password }) as Promise<string>;
  const dummyHash = await hash('not-a-real-password-0000');
  return {
    get workerPid() {
      return current?.child.pid;
    },
    hash,
    verify: async (hashed, password) => {
      // No user, or one whose password is not set yet (staff-created, '!set-password-pending'):
      // the same work against a dummy, so the answer's time does not tell such an account apart.
      const usable = hashed !== null && hashed.startsWith('$argon2');
      const ok = (await turn({ op: 'verify', hashed: usable ? hashed : dummyHash, password })) as boolean;
      return usable && ok;
    },
    shed: () => {
      shedding = true;
    },
    close: async () => {
      closed = true;
      await current?.stop();
    },
  };
}

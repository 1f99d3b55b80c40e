import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority, constants } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Semaphore } from './semaphore.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Always does the work, so an unknown account costs the same time as a wrong password. */
  verify(hashed: string | null, password: string): Promise<boolean>;
  close(): Promise<void>;
  /** The hashing process, for operations and tests. */
  readonly workerPid?: number;
}

/**
 * Keeps hashing on one core (the last) where there are several, leaving the others to request
 * handling: measured here, this halved verify-token's p99 during a login flood. Best effort.
 */
function pinToLastCpu(pid: number): void {
  const last = availableParallelism() - 1;
  if (last > 0) spawnSync('taskset', ['-a', '-p', '-c', String(last), String(pid)], { stdio: 'ignore' });
}

type Reply = { id: number; result?: string | boolean; error?: string };

/**
 * argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) computed in a child process running at the
 * lowest CPU priority: hashing never blocks the event loop and, under a login flood, only takes
 * CPU that request handling leaves over (decision 005). A semaphore bounds the queue's memory use.
 */
export async function createPasswordHasher(concurrency: number): Promise<PasswordHasher> {
  const workerFile = fileURLToPath(new URL('./password-worker.mjs', import.meta.url));
  const child: ChildProcess = fork(workerFile, [], { execArgv: [], serialization: 'advanced', stdio: 'inherit' });
  child.unref();
  child.channel?.unref();
  try {
    setPriority(child.pid!, constants.priority.PRIORITY_LOW);
  } catch {
    /* not permitted here: it still runs off the event loop */
  }
  pinToLastCpu(child.pid!);
  let nextId = 0;
  let pending = 0;
  const waiting = new Map<number, { resolve: (r: Reply) => void }>();
  child.on('message', (reply: Reply) => {
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
    if (--pending === 0) child.channel?.unref();
  });
  child.on('exit', () => {
    for (const w of waiting.values()) w.resolve({ id: -1, error: 'password worker exited' });
    waiting.clear();
  });

  const call = (msg: Record<string, unknown>) =>
    new Promise<Reply>((resolve) => {
      const id = nextId++;
      waiting.set(id, { resolve });
      if (pending++ === 0) child.channel?.ref();
      child.send({ ...msg, id });
    }).then((r) => {
      if (r.error) throw new Error(r.error);
      return r.result;
    });

  const gate = new Semaphore(concurrency);
  const hash = (password: string) => gate.run(() => call({ op: 'hash', password })) as Promise<string>;
  const dummyHash = await hash('not-a-real-password-0000');
  return {
    workerPid: child.pid,
    hash,
    verify: async (hashed, password) => {
      const ok = (await gate.run(() => call({ op: 'verify', hashed: hashed ?? dummyHash, password }))) as boolean;
      return hashed !== null && ok;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.ref(); // keep the process alive until the worker has gone
      child.disconnect();
      await exited;
    },
  };
}

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashingPriority, STARVED_AFTER_MS } from './hashing-priority.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';

describe('password hashing', () => {
  let hasher: PasswordHasher;
  beforeAll(async () => {
    hasher = await createPasswordHasher(2);
  });
  afterAll(() => hasher.close());

  it('hashes with argon2id at m=19456, t=2, p=1 and verifies', async () => {
    const h = await hasher.hash('Secret123!');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(h, 'Secret123!')).toBe(true);
    expect(await hasher.verify(h, 'Secret123?')).toBe(false);
  });

  it('answers false for a missing hash, after doing the same work', async () => {
    expect(await hasher.verify(null, 'not-a-real-password-0000')).toBe(false);
  });

  it('answers false for a corrupt hash instead of failing', async () => {
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
  });

  it('a password not set yet costs a full verify, so sign-in time does not reveal such an account', async () => {
    const real = await hasher.hash('Secret123!');
    // The median of five each: argon2 takes tens of ms; refusing a marker without work took 0.2 ms.
    const median = async (hashed: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expect(await hasher.verify(hashed, '!set-password-pending')).toBe(false);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const [pending, wrong] = [await median('!set-password-pending'), await median(real)];
    expect(pending).toBeGreaterThan(wrong * 0.3);
  });

  it('runs in a separate process, every thread of it at the lowest CPU priority', async () => {
    expect(hasher.workerPid).toBeGreaterThan(0);
    expect(hasher.workerPid).not.toBe(process.pid);
    await hasher.hash('Secret123!'); // the thread pool that hashes has started by now
    const threads = threadsOf(hasher.workerPid!);
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.map((tid) => getPriority(tid))).toEqual(threads.map(() => 19));
  });

  it.runIf(existsSync('/usr/bin/chrt') && existsSync('/proc/self/stat'))(
    'runs every thread of the worker only when the cores are otherwise idle (SCHED_IDLE)',
    async () => {
      await hasher.hash('Secret123!');
      const pid = hasher.workerPid!;
      // On a busy machine the hash may have starved and raised the worker: lowered again once done.
      await until(() => threadsOf(pid).every((tid) => schedulingPolicy(pid, tid) === SCHED_IDLE), 10_000);
      expect(schedulingPolicy(process.pid, process.pid)).not.toBe(SCHED_IDLE);
    },
  );

  it.runIf(existsSync('/usr/bin/chrt') && existsSync('/proc/self/stat'))(
    'raises a starved worker to an ordinary thread at nice 19 until it has answered, then lowers it again',
    async () => {
      const pid = hasher.workerPid!;
      await hasher.hash('Secret123!');
      // A stopped worker gets no CPU at all: what SCHED_IDLE gets while every core is busy.
      process.kill(pid, 'SIGSTOP');
      const hashing = hasher.hash('Secret123!');
      try {
        await until(
          () => threadsOf(pid).every((tid) => schedulingPolicy(pid, tid) === SCHED_OTHER),
          STARVED_AFTER_MS * 8,
        );
        expect(threadsOf(pid).map((tid) => getPriority(tid))).toEqual(threadsOf(pid).map(() => 19));
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      expect(await hashing).toMatch(/^\$argon2id\$/);
      await until(() => threadsOf(pid).every((tid) => schedulingPolicy(pid, tid) === SCHED_IDLE), 10_000);
    },
  );

  it.runIf(availableParallelism() > 1 && existsSync('/usr/bin/taskset'))('keeps hashing on the last core', () => {
    const out = execFileSync('taskset', ['-p', '-c', String(hasher.workerPid)], { encoding: 'utf8' });
    expect(out.trim().split(': ').at(-1)).toBe(String(availableParallelism() - 1));
  });

  it('hashes many at once without mixing answers up', async () => {
    const passwords = Array.from({ length: 6 }, (_, i) => `Pass${i}word!`);
    const hashes = await Promise.all(passwords.map((p) => hasher.hash(p)));
    const checks = await Promise.all(hashes.map((h, i) => hasher.verify(h, passwords[i]!)));
    expect(checks).toEqual(passwords.map(() => true));
    expect(await hasher.verify(hashes[0]!, passwords[1]!)).toBe(false);
  });
});

describe('password hashing at normal priority', () => {
  it('leaves the worker at normal priority, on every core', async () => {
    const normal = await createPasswordHasher(1, 'normal');
    try {
      expect(await normal.verify(await normal.hash('Secret123!'), 'Secret123!')).toBe(true);
      const threads = threadsOf(normal.workerPid!);
      expect(threads.map((tid) => getPriority(tid))).toEqual(threads.map(() => getPriority(process.pid)));
      if (existsSync('/proc/self/stat')) {
        const policies = threads.map((tid) => schedulingPolicy(normal.workerPid!, tid));
        expect(policies).toEqual(threads.map(() => schedulingPolicy(process.pid, process.pid)));
      }
      if (existsSync('/usr/bin/taskset')) {
        const cores = (pid: number) =>
          execFileSync('taskset', ['-p', '-c', String(pid)], { encoding: 'utf8' })
            .split(': ')
            .at(-1);
        expect(cores(normal.workerPid!)).toBe(cores(process.pid));
      }
    } finally {
      await normal.close();
    }
  });
});

describe('password hashing under a flood', () => {
  /** The worker's share of one core while it verifies `n` passwords handed over all at once. */
  async function shareDuringFlood(cpuShare: number, n: number): Promise<number> {
    const h = await createPasswordHasher(2, 'normal', cpuShare);
    try {
      const hashed = await h.hash('Secret123!');
      await new Promise((r) => setTimeout(r, 200)); // the rest after that hash is over
      const cpu = cpuTicks(h.workerPid!);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: n }, () => h.verify(hashed, 'Secret123!')));
      const elapsedMs = performance.now() - started;
      expect(answers).toEqual(answers.map(() => true));
      return ((cpuTicks(h.workerPid!) - cpu) * 10) / elapsedMs;
    } finally {
      await h.close();
    }
  }

  it.runIf(existsSync('/proc/self/stat'))('takes at most its share of a core under a flood', async () => {
    // 12 verifies take ~300 ms of CPU: /proc counts in 10 ms ticks. Uncapped, the same flood
    // takes 1.5–1.7 cores here; a busy machine gives either less.
    const capped = await shareDuringFlood(0.25, 12);
    // 12 hashes and the 11 rests between them: 12/45 of the time, plus /proc's rounding.
    expect(capped).toBeLessThan(0.35);
  });

  it.runIf(existsSync('/usr/bin/chrt') && existsSync('/proc/self/stat'))(
    'a request waiting out a rest is not taken for a starving worker',
    async () => {
      const stand = spawn('sleep', ['30'], { stdio: 'ignore' });
      const share = new HashingPriority(stand.pid!);
      try {
        share.lower();
        const policy = () => schedulingPolicy(stand.pid!, stand.pid!);
        expect(policy()).toBe(SCHED_IDLE);
        share.sent(1000); // the worker rests a second before it takes this one
        await new Promise((r) => setTimeout(r, STARVED_AFTER_MS + 500));
        expect(policy()).toBe(SCHED_IDLE);
        // Past the rest and the starvation allowance without an answer: now it is starving.
        await until(() => policy() === SCHED_OTHER, 3000);
        share.answered(0);
        await until(() => policy() === SCHED_IDLE, 3000);
      } finally {
        share.stop();
        stand.kill();
      }
    },
  );

  it('hands a capped worker one request at a time, so a shutdown can shed all that wait', async () => {
    const h = await createPasswordHasher(4, 'normal', 0.05);
    try {
      const hashed = await h.hash('Secret123!');
      const outcomes = Array.from({ length: 6 }, () =>
        h.verify(hashed, 'Secret123!').then(
          () => 'verified',
          (e: { status?: number }) => e.status,
        ),
      );
      h.shed();
      // Only the one in the worker is worked on; the others are answered 503 at once.
      expect((await Promise.all(outcomes)).sort()).toEqual([503, 503, 503, 503, 503, 'verified']);
    } finally {
      await h.close();
    }
  });

  it('a lone request does not wait for the rest of one long past', async () => {
    const h = await createPasswordHasher(1, 'normal', 0.25);
    try {
      await new Promise((r) => setTimeout(r, 500)); // the rest after the hasher's own first hash
      const first = performance.now();
      const hashed = await h.hash('Secret123!');
      const oneHash = performance.now() - first;
      // At a quarter of a core, the next may start 3 times that hash's CPU time after it: wait it out.
      await new Promise((r) => setTimeout(r, oneHash * 5));
      const started = performance.now();
      expect(await h.verify(hashed, 'Secret123!')).toBe(true);
      // Resting anyway would take 4 times a hash.
      expect(performance.now() - started).toBeLessThan(oneHash * 2.5);
    } finally {
      await h.close();
    }
  });
});

/** User plus system CPU time of a process so far, in clock ticks (10 ms): fields 14 and 15 of its stat. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[14 - 3]) + Number(fields[15 - 3]);
}

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** Waits until `check` holds, failing after `ms`. */
async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A thread's scheduling policy: field 41 of /proc/PID/task/TID/stat (after the parenthesised name). */
function schedulingPolicy(pid: number, tid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
}

/** The thread ids of a process (Linux keeps a nice value per thread). */
function threadsOf(pid: number): number[] {
  return existsSync(`/proc/${pid}/task`) ? readdirSync(`/proc/${pid}/task`).map(Number) : [pid];
}

import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  childPids,
  eventually,
  migratedDataDir,
  rawRequest,
  receivedUrls,
  startServer,
  type Answer,
  type ServerProcess,
} from './server-process.ts';

// The real server on the embedded database, signalled as a shell or a service manager would
// (the PostgreSQL leg skips them, as it does the other process tests).
const embeddedOnly = !process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function server(): Promise<ServerProcess> {
  const dir = migratedDataDir('fp-signals-');
  dirs.push(dir);
  const s = await startServer(
    {
      DATA_DIR: dir,
      LOG_LEVEL: 'info', // "incoming request" lines tell which requests the server received
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
    },
    { detached: true },
  );
  started.push(s);
  return s;
}

// The demo member seeded on first start; `?n=` makes each request recognisable in the log.
const login = (s: ServerProcess, n: string, password = 'Member123!') =>
  rawRequest(`${s.url}/api/auth/login?n=${n}`, { body: { email: 'member@example.com', password } });

const received = (s: ServerProcess, ids: string[]) => {
  const urls = receivedUrls(s.output());
  return ids.filter((n) => urls.has(`/api/auth/login?n=${n}`));
};

describe.runIf(embeddedOnly)('the server process under signals and a failing password worker', () => {
  it('SIGTERM to the process group during a burst of logins: every received request answered, exit 0', async () => {
    const s = await server();
    const answers = new Map<string, Promise<Answer>>();
    const send = (n: string) => answers.set(n, login(s, n));
    const burst = Array.from({ length: 24 }, (_, i) => `b${i}`);
    burst.forEach(send);
    // All received (and queued for the hasher: 24 logins take well over 100 ms at 2 at a time).
    expect(await eventually(async () => received(s, burst).length === burst.length, 20_000)).toBe(true);

    process.kill(-s.child.pid!, 'SIGTERM'); // kill -TERM -- -PGID: the worker gets it too
    // Logins keep coming while it shuts down.
    for (let i = 0; i < 15; i++) {
      send(`late${i}`);
      await new Promise((r) => setTimeout(r, 20));
    }

    const exit = await s.exited;
    const settled = new Map(await Promise.all([...answers].map(async ([n, p]) => [n, await p] as const)));
    const output = s.output();
    expect(output).not.toMatch(/ERR_IPC_CHANNEL_CLOSED|EPIPE|unhandled error/);
    expect(exit).toEqual({ code: 0, signal: null });
    // Received before the signal: answered in full.
    for (const n of burst) expect(settled.get(n)!.status, n).toBe(200);
    // Received after it: answered (200, or 503 once the server stopped taking requests), none cut off.
    const late = [...settled.keys()].filter((n) => n.startsWith('late'));
    for (const n of received(s, late)) expect([200, 503], n).toContain(settled.get(n)!.status);
    // The rest were never taken in: refused at connect, not answered with an error.
    for (const n of late) expect([200, 503, 'ECONNREFUSED', 'ECONNRESET'], n).toContain(settled.get(n)!.status);
  }, 120_000);

  it('the password worker killed: hashing in flight answers 503, the next login succeeds on a new worker', async () => {
    const s = await server();
    const [first] = childPids(s.child.pid!);
    expect(first).toBeGreaterThan(0);

    // 40 logins keep the worker busy for a good while at 2 hashes at a time. Between two hashes a
    // login does its statements, so the worker may be between hashes at the moment it is killed:
    // then nothing is in flight and everything is served by the new worker; so up to three bursts.
    let worker = first!;
    let failed: Answer[] = [];
    for (let attempt = 0; attempt < 3 && failed.length === 0; attempt++) {
      const burst = Array.from({ length: 40 }, (_, i) => `k${attempt}-${i}`);
      let answered = 0;
      const answers = burst.map((n) => login(s, n).finally(() => answered++));
      expect(await eventually(async () => received(s, burst).length === burst.length, 20_000)).toBe(true);
      if (attempt > 0) worker = childPids(s.child.pid!)[0]!;
      process.kill(worker, 'SIGKILL');
      expect(answered).toBeLessThan(burst.length - 2); // work was still queued when it died
      const statuses = await Promise.all(answers);
      // In flight in the dead worker: 503 with Retry-After; queued behind it: served by the new one.
      expect(statuses.map((a) => a.status).filter((st) => st !== 200 && st !== 503)).toEqual([]);
      failed = statuses.filter((a) => a.status === 503);
    }
    expect(failed.length).toBeGreaterThan(0);
    for (const a of failed) {
      expect(JSON.parse(a.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(a.headers['retry-after']).toMatch(/^\d+$/);
    }
    expect((await login(s, 'after')).status).toBe(200);
    expect((await login(s, 'wrong', 'Wrong123!')).status).toBe(401);
    expect(s.child.exitCode).toBeNull();
    const [replacement] = childPids(s.child.pid!);
    expect(replacement).toBeGreaterThan(0);
    expect(replacement).not.toBe(worker);

    // A worker that is killed again is restarted again.
    process.kill(replacement!, 'SIGKILL');
    expect(await eventually(async () => (await login(s, 'again')).status === 200, 10_000, 100)).toBe(true);

    process.kill(-s.child.pid!, 'SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(s.output()).not.toMatch(/ERR_IPC_CHANNEL_CLOSED|EPIPE|unhandled error/);
  }, 120_000);
});

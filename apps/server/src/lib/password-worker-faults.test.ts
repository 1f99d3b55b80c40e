import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';

const hashers: PasswordHasher[] = [];
afterEach(async () => {
  await Promise.all(hashers.splice(0).map((h) => h.close()));
});
const hasher = async (concurrency = 2) => {
  const h = await createPasswordHasher(concurrency);
  hashers.push(h);
  return h;
};

/** Resolves to the AppError code a promise fails with, or 'ok'. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof AppError ? `${err.status} ${err.code}` : String(err)),
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the password worker when things go wrong', () => {
  it('ignores SIGTERM and SIGINT (a process-group signal): only its parent ends it', async () => {
    const h = await hasher();
    const pid = h.workerPid!;
    process.kill(pid, 'SIGTERM');
    process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(pid)).toBe(true);
    expect(await h.verify(await h.hash('Secret123!'), 'Secret123!')).toBe(true);
    expect(h.workerPid).toBe(pid);
    await h.close();
    expect(alive(pid)).toBe(false);
  });

  it('killed: what it held fails with 503, the next request runs on a new worker', async () => {
    const h = await hasher(2);
    const first = h.workerPid!;
    const work = Array.from({ length: 6 }, (_, i) => outcome(h.hash(`Secret${i}!`)));
    await new Promise((r) => setTimeout(r, 5));
    process.kill(first, 'SIGKILL');
    const results = await Promise.all(work);
    // The two in the worker fail cleanly; the four queued behind them run on its replacement.
    expect(results.filter((r) => r === '503 SERVICE_UNAVAILABLE').length).toBeGreaterThan(0);
    expect(results.every((r) => r === 'ok' || r === '503 SERVICE_UNAVAILABLE')).toBe(true);
    expect(await h.verify(await h.hash('Again123!'), 'Again123!')).toBe(true);
    expect(h.workerPid).not.toBe(first);
    expect(alive(h.workerPid!)).toBe(true);
  });

  it('a 503 carries Retry-After', async () => {
    const h = await hasher(1);
    const pending = h.hash('Secret123!').catch((e: unknown) => e);
    process.kill(h.workerPid!, 'SIGKILL');
    const err = await pending;
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).headers['retry-after']).toMatch(/^\d+$/);
  });

  it('shed: the queued answer 503 at once, the one being hashed finishes', async () => {
    const h = await hasher(1);
    const running = outcome(h.hash('Running1!'));
    const queued = Array.from({ length: 5 }, (_, i) => outcome(h.hash(`Queued${i}!`)));
    await new Promise((r) => setTimeout(r, 1));
    h.shed();
    expect(await running).toBe('ok');
    expect(await Promise.all(queued)).toEqual(queued.map(() => '503 SERVICE_UNAVAILABLE'));
  });

  it('closed: requests answer 503 and no worker is started again', async () => {
    const h = await hasher();
    const pid = h.workerPid!;
    await h.close();
    expect(alive(pid)).toBe(false);
    expect(await outcome(h.hash('Secret123!'))).toBe('503 SERVICE_UNAVAILABLE');
    expect(h.workerPid).toBeUndefined();
  });
});

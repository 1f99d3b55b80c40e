import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createPasswordHasher, hashingUnavailable, type PasswordHasher } from '../src/lib/passwords.ts';
import { loginRequest, signedInMember, verify } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** A hasher that fails the way a dead worker or an unreachable database would. */
function failingHasher(real: PasswordHasher, failure: { current: Error | null }): PasswordHasher {
  return {
    hash: (p) => real.hash(p),
    verify: async (h, p) => {
      if (failure.current) throw failure.current;
      return real.verify(h, p);
    },
    close: async () => {},
    shed: () => real.shed(),
  };
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** How drizzle wraps a driver's error: its own message (the query) and the driver's error as cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: secret'), { cause });

describe("failures that are not the request's fault answer 503 with Retry-After", () => {
  let t: TestContext;
  const failure: { current: Error | null } = { current: null };
  let logs = '';
  let real: PasswordHasher;
  beforeAll(async () => {
    real = await createPasswordHasher(2);
    const passwords = failingHasher(real, failure);
    t = await createTestApp({
      env: { LOG_LEVEL: 'warn' },
      deps: { passwords, logStream: { write: (s: string) => ((logs += s), true) } as NodeJS.WritableStream },
    });
  });
  afterAll(async () => {
    await t.close();
    await real.close();
  });

  it.each([
    ['a dead password worker', () => hashingUnavailable()],
    ['connection refused', () => wrapped(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))],
    [
      'every address refused (AggregateError)',
      () => Object.assign(new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], 'x')),
    ],
    ['connection terminated', () => wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'an admin shutdown (57P01)',
      () => wrapped(pgError('57P01', 'terminating connection due to administrator command')),
    ],
    ['the server starting up (57P03)', () => wrapped(pgError('57P03', 'the database system is starting up'))],
    ['too many clients (53300)', () => wrapped(pgError('53300', 'sorry, too many clients already'))],
    ['a connection exception (08006)', () => wrapped(pgError('08006', 'connection failure'))],
    ['a pool that cannot connect in time', () => new Error('timeout exceeded when trying to connect')],
  ])('%s', async (_name, make) => {
    const m = await signedInMember(t);
    failure.current = make();
    try {
      const res = await loginRequest(t, m.email, m.password);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      failure.current = null;
    }
    expect((await loginRequest(t, m.email, m.password)).statusCode).toBe(200);
    expect(logs).not.toContain('secret'); // the failed query's parameters are not logged
  });

  it('anything else is still a 500', async () => {
    const m = await signedInMember(t);
    failure.current = wrapped(pgError('42P01', 'relation "x" does not exist'));
    try {
      expect((await loginRequest(t, m.email, m.password)).statusCode).toBe(500);
    } finally {
      failure.current = null;
    }
  });
});

describe('the session cache while revocations cannot be heard', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // A suspension written behind the app's back: no NOTIFY, as if it had been missed.
  const suspendSilently = (id: string) =>
    t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, id));
  const reactivateSilently = (id: string) =>
    t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, id));

  it('not listening: every verification reads the database', async () => {
    const m = await signedInMember(t);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    await suspendSilently(m.id);
    expect((await verify(t, m.token)).statusCode).toBe(200); // the cache, trusted while listening
    t.services.sessions.notificationsLost();
    try {
      expect((await verify(t, m.token)).statusCode).toBe(403);
      await reactivateSilently(m.id);
      expect((await verify(t, m.token)).statusCode).toBe(200);
      await suspendSilently(m.id);
      expect((await verify(t, m.token)).statusCode).toBe(403); // not from the entry just read
    } finally {
      t.services.sessions.notificationsRestored();
    }
  });

  it('listening again: what was cached before is read again', async () => {
    const m = await signedInMember(t);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    await suspendSilently(m.id);
    expect((await verify(t, m.token)).statusCode).toBe(200);
    t.services.sessions.notificationsLost();
    t.services.sessions.notificationsRestored();
    expect((await verify(t, m.token)).statusCode).toBe(403);
  });

  it('listening again: the cache is used again', async () => {
    const m = await signedInMember(t);
    t.services.sessions.notificationsLost();
    t.services.sessions.notificationsRestored();
    expect((await verify(t, m.token)).statusCode).toBe(200);
    await suspendSilently(m.id);
    expect((await verify(t, m.token)).statusCode).toBe(200);
  });
});

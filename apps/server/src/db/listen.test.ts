import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { listen } from './listen.ts';

const waitFor = async (check: () => boolean, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return check();
};

// PostgreSQL only: the embedded database's LISTEN is in-process and cannot drop.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('LISTEN on PostgreSQL (TEST_DATABASE_URL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const notify = (payload: string) => database.db.execute(sql`select pg_notify('listen_test', ${payload})`);
  // What a PostgreSQL restart does to the connection: the server ends it (57P01).
  const terminateListener = () =>
    database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
    );

  it('reconnects after the connection is terminated, saying when it was lost and when it is back', async () => {
    const heard: string[] = [];
    const events: string[] = [];
    const stop = await listen(database, 'listen_test', (p) => heard.push(p), {
      onLost: () => events.push('lost'),
      onListening: () => events.push('listening'),
      minDelayMs: 20,
    });
    try {
      await notify('one');
      expect(await waitFor(() => heard.includes('one'), 2_000)).toBe(true);

      await terminateListener();
      expect(await waitFor(() => events.length === 2, 5_000)).toBe(true);
      expect(events).toEqual(['lost', 'listening']);
      await notify('two');
      expect(await waitFor(() => heard.includes('two'), 2_000)).toBe(true);

      // Again: it keeps reconnecting, not only once.
      await terminateListener();
      expect(await waitFor(() => events.length === 4, 5_000)).toBe(true);
      await notify('three');
      expect(await waitFor(() => heard.includes('three'), 2_000)).toBe(true);
    } finally {
      await stop();
    }
    // Closed: nothing reconnects, nothing is heard.
    await new Promise((r) => setTimeout(r, 100));
    await notify('four');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).not.toContain('four');
    expect(events).toHaveLength(4);
  });

  it('a connection that stops answering is dropped and reopened (the ping)', async () => {
    const events: string[] = [];
    const stop = await listen(database, 'listen_test', () => {}, {
      onLost: () => events.push('lost'),
      onListening: () => events.push('listening'),
      minDelayMs: 20,
      pingEveryMs: 100,
    });
    try {
      // A ping that fails (the backend terminated between pings) counts as a loss like any other.
      await terminateListener();
      expect(await waitFor(() => events.join() === 'lost,listening', 5_000)).toBe(true);
    } finally {
      await stop();
    }
  });
});

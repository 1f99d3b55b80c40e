import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const PgClient = pg.Client;
import type { Database } from './client.ts';

/**
 * Subscribes to a PostgreSQL notification channel (LISTEN), so every server instance hears what
 * one of them changed. Returns the unsubscribe function.
 */
export async function listen(
  database: Database,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    return (database.driver as PGlite).listen(channel, onMessage);
  }
  // A connection of its own, outside the pool, so closing the pool never waits for it.
  const pool = database.driver as pg.Pool;
  const client = new PgClient({ connectionString: pool.options.connectionString });
  // A dropped connection loses notifications only; the session cache's TTL bounds the effect.
  client.on('error', () => {});
  client.on('notification', (msg) => {
    if (msg.channel === channel) onMessage(msg.payload ?? '');
  });
  await client.connect();
  await client.query(`listen ${channel}`);
  return async () => {
    await client.end().catch(() => {});
  };
}

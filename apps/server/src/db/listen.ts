import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
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
  const pool = database.driver as pg.Pool;
  const client = await pool.connect();
  client.on('notification', (msg) => {
    if (msg.channel === channel) onMessage(msg.payload ?? '');
  });
  await client.query(`listen ${channel}`);
  return async () => {
    await client.query(`unlisten ${channel}`).catch(() => {});
    client.release();
  };
}

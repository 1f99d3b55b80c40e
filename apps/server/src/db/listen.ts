import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

const PgClient = pg.Client;
import type { Database } from './client.ts';

export interface ListenOptions {
  /**
   * The LISTEN connection dropped (a PostgreSQL restart, a network failure): notifications are
   * missed until `onListening` is called. Never called on the embedded database.
   */
  onLost?: (err: unknown) => void;
  /** Listening again after `onLost`; notifications sent in between were missed. */
  onListening?: () => void;
  /** Delay before the first reconnection attempt; doubles on each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How often the connection is checked with a query (a half-open TCP connection says nothing). */
  pingEveryMs?: number;
}

const PING_TIMEOUT_MS = 5_000;

/**
 * Subscribes to a PostgreSQL notification channel (LISTEN), so every server instance hears what
 * one of them changed. Returns the unsubscribe function.
 *
 * On PostgreSQL the subscription has a connection of its own, outside the pool. When it drops it
 * is reopened with back-off (with jitter, so a cluster's instances do not all come back at once),
 * and `onLost` / `onListening` tell the caller when notifications could be missed. The first
 * connection must succeed: its error is thrown.
 */
export async function listen(
  database: Database,
  channel: string,
  onMessage: (payload: string) => void,
  opts: ListenOptions = {},
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    // In-process: it cannot drop.
    return (database.driver as PGlite).listen(channel, onMessage);
  }
  const { connectionString } = (database.driver as pg.Pool).options;
  const minDelay = opts.minDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 5_000;
  const pingEvery = opts.pingEveryMs ?? 10_000;
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  /** A listening connection; `onDrop` is called once if it later fails or ends. */
  const open = async (onDrop: (err: unknown) => void): Promise<pg.Client> => {
    const client = new PgClient({ connectionString, keepAlive: true });
    let dropped = false;
    const drop = (err: unknown) => {
      if (dropped) return;
      dropped = true;
      clearInterval(ping);
      client.end().catch(() => {});
      onDrop(err);
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('the LISTEN connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    // A connection that no longer answers (no FIN, no RST) is dropped after a ping times out.
    const ping = setInterval(() => {
      const timeout = setTimeout(() => drop(new Error('the LISTEN connection stopped answering')), PING_TIMEOUT_MS);
      client.query('select 1').then(
        () => clearTimeout(timeout),
        (err: unknown) => {
          clearTimeout(timeout);
          drop(err);
        },
      );
    }, pingEvery);
    ping.unref();
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      dropped = true; // a failed attempt is not a loss: the caller hears of it by the rejection
      clearInterval(ping);
      client.end().catch(() => {});
      throw err;
    }
    return client;
  };

  const lost = (err: unknown) => {
    current = null;
    if (closed) return;
    opts.onLost?.(err);
    reconnect(0);
  };

  const attemptAgain = async (attempt: number) => {
    if (closed) return;
    try {
      const client = await open(lost);
      if (closed) return void client.end().catch(() => {});
      current = client;
      opts.onListening?.();
    } catch {
      if (!closed) reconnect(attempt + 1);
    }
  };
  const reconnect = (attempt: number) => {
    const base = Math.min(minDelay * 2 ** attempt, maxDelay);
    retry = setTimeout(() => void attemptAgain(attempt), base / 2 + Math.random() * (base / 2));
    retry.unref();
  };

  current = await open(lost);
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/**
 * `listen` for as long as `app` runs: subscribed once the app is ready, unsubscribed when it
 * closes. For a cache that every instance must drop when another one announces a change.
 */
export function listenWhileUp(
  app: FastifyInstance,
  database: Database,
  channel: string,
  onMessage: (payload: string) => void,
  opts: ListenOptions = {},
): void {
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await listen(database, channel, onMessage, opts);
  });
  app.addHook('onClose', async () => {
    await unlisten?.().catch(() => {});
  });
}

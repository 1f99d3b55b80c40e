import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { accountsRepository } from './accounts.repository.ts';
import { enforceTimeLimit } from './evaluation.ts';

export const TIME_LIMIT_LOCK_KEY = 727_275;
const BATCH = 200;

/**
 * Fails open accounts past their time-limit deadline. With several servers on one PostgreSQL only
 * the one holding the advisory lock runs it (pg_try_advisory_lock on a dedicated session); PGlite
 * is one process, so it just runs.
 */
export async function runTimeLimitSweep(database: Database, clock: Clock): Promise<number> {
  const release = await tryLock(database);
  if (!release) return 0;
  try {
    let failed = 0;
    for (;;) {
      const now = clock.now();
      const due = await accountsRepository.dueForTimeLimit(database.db, now, BATCH);
      let changed = 0;
      for (const id of due) if (await enforceTimeLimit(database.db, id, now)) changed++;
      failed += changed;
      if (due.length < BATCH || changed === 0) return failed;
    }
  } finally {
    await release();
  }
}

async function tryLock(database: Database): Promise<(() => Promise<void>) | null> {
  if (database.kind === 'pglite') return async () => {};
  const pool = database.driver as pg.Pool;
  const client = await pool.connect();
  try {
    const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [TIME_LIMIT_LOCK_KEY]);
    if (!r.rows[0]?.ok) {
      client.release();
      return null;
    }
  } catch (err) {
    client.release();
    throw err;
  }
  return async () => {
    await client.query('select pg_advisory_unlock($1)', [TIME_LIMIT_LOCK_KEY]).catch(() => {});
    client.release();
  };
}

export function startTimeLimitJob(deps: { database: Database; clock: Clock; log: FastifyBaseLogger; pattern?: string }): Cron {
  return new Cron(
    deps.pattern ?? '*/1 * * * *',
    { protect: true, unref: true },
    async () => {
      try {
        const n = await runTimeLimitSweep(deps.database, deps.clock);
        if (n > 0) deps.log.info({ failed: n }, 'time-limit job failed accounts past their deadline');
      } catch (err) {
        deps.log.error({ err }, 'time-limit job failed');
      }
    },
  );
}


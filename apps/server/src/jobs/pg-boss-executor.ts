import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { nap } from './timers.ts';

/** What the job runner needs of the app's database: the driver, not Drizzle. */
export type JobsDatabase = Pick<Database, 'kind' | 'driver'>;

export interface JobsExecutor extends PgBoss.Db {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Resolves once no statement of the runner is in flight, or after `ms`. */
  settled(ms: number): Promise<void>;
}

/**
 * pg-boss's SQL over the app's own driver (no second pool). pg-boss sends two kinds: one statement
 * with parameters, and scripts (`BEGIN; …; COMMIT;`, several statements, no parameters) for its
 * schema and maintenance. A script that fails midway leaves its transaction open and aborted, and
 * every later statement on that connection fails — on PGlite, the app's only connection. So a
 * script runs where a failure is rolled back before the connection is used again.
 */
export function createExecutor(database: JobsDatabase): JobsExecutor {
  const run =
    database.kind === 'pglite' ? pgliteRunner(database.driver as PGlite) : poolRunner(database.driver as pg.Pool);
  let inFlight = 0;
  let idle: Array<() => void> = [];
  return {
    async executeSql(text, values) {
      inFlight++;
      try {
        return { rows: await run(text, values && values.length > 0 ? values : null) };
      } finally {
        if (--inFlight === 0) {
          for (const wake of idle) wake();
          idle = [];
        }
      }
    },
    async settled(ms) {
      if (inFlight === 0) return;
      const pause = nap(ms);
      idle.push(pause.wake);
      await pause.done;
    },
  };
}

type Runner = (text: string, values: unknown[] | null) => Promise<unknown[]>;

function pgliteRunner(client: PGlite): Runner {
  return async (text, values) => {
    if (values) return (await client.query(text, values)).rows;
    // Inside PGlite's own transaction the script's BEGIN/COMMIT are only warnings, and a failure
    // is rolled back before any other statement gets the connection.
    const results = await client.transaction((tx) => tx.exec(text));
    return results.at(-1)?.rows ?? [];
  };
}

function poolRunner(pool: pg.Pool): Runner {
  return async (text, values) => {
    if (values) return (await pool.query(text, values)).rows;
    const client = await pool.connect();
    // A checked-out client has no listener of the pool's: a dropped connection would be an
    // uncaught 'error' event. The statement's own rejection reports it.
    const ignore = () => {};
    client.on('error', ignore);
    let result: pg.QueryResult | pg.QueryResult[];
    try {
      result = await client.query(text);
    } catch (err) {
      // The pool hands this connection to the app next: clean, or not at all.
      await client.query('ROLLBACK').then(
        () => client.release(),
        (rollbackError: Error) => client.release(rollbackError),
      );
      throw err;
    } finally {
      client.off('error', ignore);
    }
    client.release();
    return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
  };
}

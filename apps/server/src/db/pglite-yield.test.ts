import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

/** How many turns of the event loop passed while `work` ran. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return turns;
}

// Without the yield, every statement of a chain answered within one turn of the event loop, so a
// request arriving meanwhile waited for the whole chain (a login's five statements, ~3 ms).
describe('the embedded database between statements', () => {
  it('lets the event loop turn before each statement, outside and inside a transaction', async () => {
    const chain = async (runner: { execute: Database['db']['execute'] }) => {
      for (let i = 0; i < 10; i++) await runner.execute(sql`select ${i}::int`);
    };
    expect(await turnsDuring(() => chain(database.db))).toBeGreaterThanOrEqual(10);
    expect(await turnsDuring(() => database.db.transaction((tx) => chain(tx)))).toBeGreaterThanOrEqual(10);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { executeNamed } from './named-query.ts';

// Both legs: PGlite prepares with SQL PREPARE and executes with literals; PostgreSQL names the
// protocol-level statement. Either way the answer is the plain statement's.
describe('executeNamed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const echo = (text: string, n: number, flag: boolean, nothing: string | null) =>
    executeNamed<{ text: string; n: number; flag: boolean; nothing: string | null; quoted: number }>(
      database.db,
      'named_query_echo',
      sql`select ${text}::text as text, ${n}::int as n, ${flag}::boolean as flag, ${nothing}::text as nothing,
        length(${text}::text) as quoted`,
    );

  it('answers as the plain statement does, run after run (past the generic plan), quotes included', async () => {
    const hostile = `O'Brien\\'); drop table users; -- \\n \\\\ 日本 😀`;
    for (let i = 0; i < 8; i++) {
      expect(await echo(hostile, i, i % 2 === 0, null)).toEqual([
        { text: hostile, n: i, flag: i % 2 === 0, nothing: null, quoted: [...hostile].length },
      ]);
    }
    const users = await database.db.execute(sql`select count(*)::int as n from users`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    await database.db.execute(sql`create table if not exists named_query_t (v text)`);
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into named_query_t values ('inside')`);
      return executeNamed<{ v: string }>(
        tx,
        'named_query_t_read',
        sql`select v from named_query_t where v = ${'inside'}`,
      );
    });
    expect(seen).toEqual([{ v: 'inside' }]);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'on PGlite: one name for two texts is refused; a name prepared elsewhere is replaced',
    async () => {
      await executeNamed(database.db, 'named_query_one', sql`select 1 as n`);
      await expect(executeNamed(database.db, 'named_query_one', sql`select 2 as n`)).rejects.toThrow(/two different/);
      await database.db.execute(sql`prepare named_query_elsewhere as select 'other' as v`);
      expect(await executeNamed(database.db, 'named_query_elsewhere', sql`select 'ours' as v`)).toEqual([
        { v: 'ours' },
      ]);
    },
  );

  it('refuses a name that is not a plain identifier, and parameters it cannot write as literals', async () => {
    await expect(executeNamed(database.db, 'x; drop table users', sql`select 1`)).rejects.toThrow(/plain identifier/);
    if (database.kind === 'pglite') {
      await expect(
        executeNamed(database.db, 'named_query_object', sql`select ${{ a: 1 } as unknown as string}::jsonb as j`),
      ).rejects.toThrow(/parameters are strings/);
    }
  });
});

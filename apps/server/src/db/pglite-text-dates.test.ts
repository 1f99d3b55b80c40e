import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, interval, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { answerDatesAsText } from './pglite-text-dates.ts';

const moments = pgTable('moments', {
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  atDate: timestamp('at_date', { withTimezone: true }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
});
const CREATE = sql`create table moments (at timestamptz not null, at_date timestamptz not null, day date not null, span interval not null)`;
const INSERT = sql`insert into moments values ('2026-11-25 03:52:29.123456+00', '2026-11-25 03:52:29.5+00', '2026-11-25', '1 day 02:00:00')`;

describe('the embedded database answers dates and times as text', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(CREATE);
    await database.db.execute(INSERT);
  });
  afterAll(() => database.close());

  it('as drizzle reads them, typed and raw, outside and inside a transaction', async () => {
    const expected = {
      at: '2026-11-25 03:52:29.123456+00',
      atDate: new Date('2026-11-25T03:52:29.500Z'),
      day: '2026-11-25',
      span: '1 day 02:00:00',
    };
    expect(await database.db.select().from(moments)).toEqual([expected]);
    expect(await database.db.transaction((tx) => tx.select().from(moments))).toEqual([expected]);
    const raw = await database.db.execute(sql`select at, day, array[at] as ats from moments`);
    expect((raw as { rows: unknown[] }).rows).toEqual([
      { at: expected.at, day: expected.day, ats: `{"${expected.at}"}` },
    ]);
  });

  it('a statement that asks for other parsers still gets them', async () => {
    const client = database.driver as PGlite;
    const r = await client.query<{ at: unknown }>('select at from moments', [], {
      parsers: { 1184: (value: string) => new Date(value) },
    });
    expect(r.rows[0]!.at).toEqual(new Date('2026-11-25T03:52:29.123Z'));
  });
});

describe("drizzle's per-statement parsers", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
  });
  afterAll(() => client.close());

  it('are dropped before PGlite sees them (it would copy its ~320 parsers to merge them in)', async () => {
    const query = vi.spyOn(client, 'query');
    answerDatesAsText(client);
    const db = drizzle(client);
    await db.execute(CREATE);
    await db.execute(INSERT);
    await db.select().from(moments);
    await db.transaction((tx) => tx.select().from(moments));
    // Every statement drizzle sent outside the transaction arrived without parsers.
    expect(query.mock.calls.length).toBeGreaterThanOrEqual(3);
    for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
  });
});

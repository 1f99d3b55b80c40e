import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { ingestionRepository } from './ingestion.repository.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

// The lock reads rows through a named raw statement and decodes them column by column: the rows
// must be exactly what drizzle's own select gives (dates, json state, bigint money, nulls).
describe('lockAccounts', () => {
  it('answers the rows drizzle selects, ordered by id, for the given logins only', async () => {
    const a = await createAccount(t, w);
    const b = await createAccount(t, w);
    await createAccount(t, w);
    await ingest(t, w.connectorKey, [
      ev.trade('r-1', a.login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', -250.5),
      ev.snapshot('r-2', a.login, '2026-03-02T11:00:00Z', 99749.5, 99700, 1),
    ]);
    const logins = [b.login, a.login, '00000000'];
    const locked = await t.database.db.transaction((tx) => ingestionRepository.lockAccounts(tx, logins));
    const selected = await t.database.db
      .select()
      .from(tradingAccounts)
      .where(inArray(tradingAccounts.login, logins))
      .orderBy(tradingAccounts.id);
    expect(locked).toEqual(selected);
    expect(locked.map((r) => r.login).sort()).toEqual([a.login, b.login].sort());
    const traded = locked.find((r) => r.login === a.login)!;
    expect(traded.balanceCents).toBe(99_749_50);
    expect(traded.lastEventAt).toEqual(new Date('2026-03-02T11:00:00Z'));
  });
});

// The events travel as array literals (event-columns.ts): every character a literal treats
// specially must come back as sent, and a column a kind lacks must be NULL.
describe('storeEvents', () => {
  it('stores ids, tickets, symbols and comments with quotes, backslashes, braces, commas and NULL-like text as sent', async () => {
    const a = await createAccount(t, w);
    const odd = ['q"uo\\te', '{a,b}', 'NULL', ' spaced ', '日本語 ,"\\'];
    const events = odd.flatMap((text, i) => [
      ev.trade(`t${i}${text}`, a.login, '2026-03-03T09:00:00Z', i % 2 ? null : '2026-03-03T10:00:00Z', 1.25 * i, {
        ticket: `k${i}${text}`,
        symbol: `S${i}${text}`.slice(0, 20),
      }),
      ev.balance(`b${i}${text}`, a.login, '2026-03-03T11:00:00Z', 0.01, `c ${text}`),
    ]);
    const res = await ingest(t, w.connectorKey, events);
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted).toBe(events.length);
    const stored = await t.database.db.execute(
      sql`select event_id, ticket, symbol, comment, close_time, balance_cents from account_events
          where account_id = ${a.id} order by event_id`,
    );
    const rows = (stored as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const byId = new Map(rows.map((r) => [r.event_id as string, r]));
    odd.forEach((text, i) => {
      const trade = byId.get(`t${i}${text}`)!;
      // The contract trims a symbol; the rest arrives untouched.
      expect(trade).toMatchObject({
        ticket: `k${i}${text}`,
        symbol: `S${i}${text}`.slice(0, 20).trim(),
        comment: null,
      });
      expect(trade.close_time === null).toBe(i % 2 === 1);
      expect(trade.balance_cents).toBeNull();
      expect(byId.get(`b${i}${text}`)).toMatchObject({ comment: `c ${text}`, ticket: null });
    });
  });
});

// The engine runs while the store statement is in flight: a store that fails meanwhile must come
// back as this request's error, not as an unhandled rejection (which would end the process).
describe('a store that fails', () => {
  it('answers that request with an error and keeps serving', async () => {
    const a = await createAccount(t, w);
    await t.database.db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.event_id = 'boom' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_boom before insert on account_events for each row execute function refuse_boom()`);
    try {
      const failed = await ingest(t, w.connectorKey, [
        ev.snapshot('boom', a.login, '2026-03-04T10:00:00Z', 100000, 100000),
      ]);
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      const after = await ingest(t, w.connectorKey, [
        ev.snapshot('fine', a.login, '2026-03-04T10:00:00Z', 100000, 100000),
      ]);
      expect(after.statusCode).toBe(200);
      expect(after.json().accepted).toBe(1);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_boom on account_events`);
      await t.database.db.execute(sql`drop function refuse_boom()`);
    }
  });
});

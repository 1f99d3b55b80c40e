// The migrations that add a column to rows already there fill it in from what the database knows:
// each is undone on a database with such rows, run again, and what it filled in is checked.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.ts';
import { migrate } from '../src/db/migrate.ts';
import { checkout } from './order-fixtures.ts';
import {
  bankDestination,
  FULL_SHARE,
  fundedWithProfit,
  payoutChallenge,
  requestPayout,
  staffAction,
} from './payout-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { ev, ingest, setupWorld, type TradingWorld } from './trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { DEMO_DATA: 'true', PAYMENT_PROVIDERS: 'demo' },
  });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Forgets migrations `from` onwards, as if the database had been made before them. */
async function undoFrom(tag: string, undo: string[]): Promise<void> {
  for (const statement of undo) await t.database.db.execute(sql.raw(statement));
  const journal = await import('../drizzle/meta/_journal.json', { with: { type: 'json' } });
  const when = journal.default.entries.find((e) => e.tag === tag)!.when;
  await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${when}`);
}

it('0028–0030 fill in refused mails, invoices’ challenge names and the accounts resets replaced', async () => {
  const paid = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'demo' })).json().order;
  const reset = await t.app.inject({
    method: 'POST',
    url: `/api/admin/accounts/${paid.accountId}/reset`,
    headers: w.admin.headers,
    payload: { reason: 'Clean start' },
  });
  expect(reset.statusCode, reset.body).toBe(201);
  const fresh = reset.json().account as { id: string };
  // Two mails given up: one refused at its third attempt, one after its eighth (an outage).
  const mails = await rows<{ id: string }>(sql`select id from email_outbox order by created_at, id limit 2`);
  expect(mails).toHaveLength(2);
  await t.database.db.execute(sql`update email_outbox set status = 'failed', attempts = 3 where id = ${mails[0]!.id}`);
  await t.database.db.execute(sql`update email_outbox set status = 'failed', attempts = 8 where id = ${mails[1]!.id}`);

  await undoFrom('0028_outbox_refused', [
    'alter table email_outbox drop column refused',
    'alter table invoices drop column challenge_name',
    'alter table trading_accounts drop column replaces_account_id',
  ]);
  await migrate(t.database);

  const refused = await rows<{ id: string; refused: boolean }>(
    sql`select id, refused from email_outbox where id in (${mails[0]!.id}, ${mails[1]!.id})`,
  );
  expect(Object.fromEntries(refused.map((r) => [r.id, r.refused]))).toEqual({
    [mails[0]!.id]: true,
    [mails[1]!.id]: false,
  });
  const [invoice] = await rows<{ challenge_name: string }>(
    sql`select challenge_name from invoices where order_id = ${paid.id}`,
  );
  expect(invoice).toEqual({ challenge_name: 'Test 100K Two-Step' });
  const replaced = await rows<{ id: string; replaces_account_id: string | null }>(
    sql`select id, replaces_account_id from trading_accounts where id in (${paid.accountId}, ${fresh.id})`,
  );
  expect(Object.fromEntries(replaced.map((r) => [r.id, r.replaces_account_id]))).toEqual({
    [paid.accountId]: null,
    [fresh.id]: paid.accountId,
  });
  // The unique key came back with the column: a second replacement of the old account is refused.
  const twice = await t.app.inject({
    method: 'POST',
    url: `/api/admin/accounts/${paid.accountId}/reset`,
    headers: w.admin.headers,
    payload: { reason: 'Again' },
  });
  expect(twice.statusCode).toBe(409);
});

it("0031 names the payout of each withdrawal the platform booked, so a bridge's report of it is a duplicate", async () => {
  const pw = await setupWorld(t, payoutChallenge());
  const a = await fundedWithProfit(t, pw);
  const { payout } = (
    await requestPayout(t, pw.member, { accountId: a.id, amountCents: FULL_SHARE, destination: bankDestination })
  ).json();
  expect((await staffAction(t, pw.admin, payout.id, 'approve')).statusCode).toBe(200);
  expect((await staffAction(t, pw.admin, payout.id, 'mark-paid', { reference: 'SEPA-0031' })).statusCode).toBe(200);

  // The key as 0008 made it, and no payout column.
  await undoFrom('0031_payout_withdrawal_key', [
    'alter table account_events drop constraint account_events_account_id_key_connector_id_event_key_pk',
    'alter table account_events drop column key_connector_id',
    'alter table account_events drop column event_key',
    'alter table account_events drop column payout_id',
    `alter table account_events add column key_connector_id uuid generated always as (case when kind = 'trade' and close_time is not null then '00000000-0000-0000-0000-000000000000'::uuid else connector_id end) stored not null`,
    `alter table account_events add column event_key text collate "C" generated always as (case when kind = 'trade' and close_time is not null then ticket else event_id end) stored not null`,
    'alter table account_events add primary key (account_id, key_connector_id, event_key)',
  ]);
  await migrate(t.database);

  const booked = await rows<{ event_id: string; payout_id: string | null; event_key: string }>(
    sql`select event_id, payout_id, event_key from account_events where account_id = ${a.id} and kind = 'balance'`,
  );
  expect(booked).toEqual([{ event_id: `payout-${payout.id}`, payout_id: payout.id, event_key: payout.id }]);
  const bridge = await ingest(t, pw.connectorKey, [
    { ...ev.balance('mt5-deal-0031', a.login, '2026-03-20T12:00:00Z', -5000, '', 'withdrawal'), payout: payout.id },
  ]);
  expect(bridge.json()).toMatchObject({ accepted: 0, duplicates: 1 });
});

it('0032 dates the news events stored before: the demo’s in UTC, imported ones in New York', async () => {
  await t.database.db.execute(sql`delete from news_events where title_key in ('migrated holiday', 'migrated nfp')`);
  await undoFrom('0032_news_local_date', ['alter table news_events drop column local_date']);
  await t.database.db.execute(sql`insert into news_events (time, time_kind, currency, title, title_key, impact, source)
    values ('2026-03-16T00:00:00Z', 'all_day', 'JPY', 'Migrated holiday', 'migrated holiday', 'holiday', 'demo'),
      ('2026-03-20T03:30:00Z', 'exact', 'USD', 'Migrated NFP', 'migrated nfp', 'high', 'upload')`);
  await migrate(t.database);

  const dated = await rows<{ title: string; local_date: string }>(
    sql`select title, to_char(local_date, 'YYYY-MM-DD') as local_date from news_events
      where title_key in ('migrated holiday', 'migrated nfp') order by title_key`,
  );
  // 03:30 UTC on the 20th is 23:30 on the 19th in New York.
  expect(dated).toEqual([
    { title: 'Migrated holiday', local_date: '2026-03-16' },
    { title: 'Migrated NFP', local_date: '2026-03-19' },
  ]);
  const required = await t.database.db.execute(sql`select attnotnull from pg_attribute
    where attrelid = 'news_events'::regclass and attname = 'local_date'`);
  expect((required as unknown as { rows: { attnotnull: boolean }[] }).rows[0]!.attnotnull).toBe(true);
});

it('0033 keeps, for each account reinstated before, its latest event stamped by the reinstatement', async () => {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload });
  const a = (await post('/api/admin/accounts', { email: w.member.email, challengeId: w.challengeId })).json().account;
  await ingest(t, w.connectorKey, [
    ev.snapshot(`m33-ok-${a.login}`, a.login, '2026-03-19T09:00:00Z', 100000, 100000, 0),
    ev.snapshot(`m33-dd-${a.login}`, a.login, '2026-03-19T10:00:00Z', 100000, 90000, 1),
  ]);
  expect((await post(`/api/admin/accounts/${a.id}/reinstate`, { reason: 'Bad feed' })).statusCode).toBe(200);
  await undoFrom('0033_account_reinstated_through', ['alter table trading_accounts drop column reinstated_through']);
  await migrate(t.database);

  const [row] = await rows<{ through: string | null }>(
    sql`select to_char(reinstated_through at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as through
      from trading_accounts where id = ${a.id}`,
  );
  expect(row).toEqual({ through: '2026-03-19T10:00' });
  const [other] = await rows<{ n: number }>(
    sql`select count(*)::int as n from trading_accounts where reinstated_through is not null and id <> ${a.id}`,
  );
  expect(other).toEqual({ n: 0 });
});

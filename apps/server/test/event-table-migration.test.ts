// Migration 0003 moves the events stored in the former per-kind tables into account_events; a
// database created before it keeps every event, its connector and its kind.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/migrate.ts';

const BEFORE_EVENT_TABLE = 3; // 0000–0002
const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('carries trades, snapshots and balance operations over with their connector', async () => {
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, BEFORE_EVENT_TABLE) }));

  const client = await PGlite.create('memory://');
  try {
    await migratePglite(drizzle(client), { migrationsFolder: folder });
    const connector = '11111111-1111-4111-8111-111111111111';
    const account = '22222222-2222-4222-8222-222222222222';
    await client.exec(`
      insert into ingested_events (connector_id, event_id, account_id) values
        ('${connector}', 't-1', '${account}'), ('${connector}', 's-1', '${account}'), ('${connector}', 'b-1', '${account}');
      insert into trades (account_id, event_id, ticket, symbol, side, volume, time, open_time, open_price, close_time, close_price,
        profit_cents, commission_cents, swap_cents)
        values ('${account}', 't-1', '9001', 'EURUSD', 'sell', 0.5, '2026-03-02T11:00:00Z', '2026-03-02T10:00:00Z', 1.08, '2026-03-02T11:00:00Z', 1.07, 12345, -350, -20);
      insert into equity_snapshots (account_id, event_id, time, balance_cents, equity_cents, open_positions)
        values ('${account}', 's-1', '2026-03-02T12:00:00Z', 10011975, 10010000, 2);
      insert into balance_operations (account_id, event_id, time, amount_cents, comment)
        values ('${account}', 'b-1', '2026-03-02T13:00:00Z', -5000, 'fee');`);

    await migratePglite(drizzle(client), { migrationsFolder });

    const rows = (
      await client.query(`
      select connector_id, event_id, kind, time, symbol, side, volume, profit_cents, commission_cents, swap_cents,
        balance_cents, equity_cents, open_positions, amount_cents, comment
      from account_events order by event_id`)
    ).rows;
    expect(rows).toEqual([
      expect.objectContaining({
        connector_id: connector,
        event_id: 'b-1',
        kind: 'balance',
        amount_cents: -5000,
        comment: 'fee',
        symbol: null,
      }),
      expect.objectContaining({
        event_id: 's-1',
        kind: 'snapshot',
        balance_cents: 10011975,
        equity_cents: 10010000,
        open_positions: 2,
      }),
      expect.objectContaining({
        event_id: 't-1',
        kind: 'trade',
        symbol: 'EURUSD',
        side: 'sell',
        volume: 0.5,
        profit_cents: 12345,
        commission_cents: -350,
        swap_cents: -20,
      }),
    ]);
    const oldTables = (
      await client.query(`select table_name from information_schema.tables
      where table_name in ('trades', 'equity_snapshots', 'balance_operations', 'ingested_events')`)
    ).rows;
    expect(oldTables).toEqual([]);
  } finally {
    await client.close();
  }
});

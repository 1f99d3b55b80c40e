// The trade journal of a member's account: each position listed once, newest first, paged by a
// keyset cursor and filtered on the server, and the same rows in the CSV export.
import type { IngestEventInput } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('trade journal', () => {
  it('lists a position once: its open report gives way to its close', async () => {
    const a = await createAccount(t, w);
    await ingest(t, w.connectorKey, [
      ev.trade('open-77', a.login, '2026-03-02T08:00:00Z', null, 250, { ticket: '77' }),
      ev.trade('open-88', a.login, '2026-03-02T08:05:00Z', null, 30, { ticket: '88' }),
    ]);
    await ingest(t, w.connectorKey, [
      ev.trade('close-77', a.login, '2026-03-02T08:00:00Z', '2026-03-02T10:00:00Z', -40, { ticket: '77' }),
    ]);
    const trades = (await get(`/api/accounts/${a.id}/trades`, w.member.headers)).json().trades as Array<{
      ticket: string;
      closeTime: string | null;
      profitCents: number;
    }>;
    expect(trades.map((x) => [x.ticket, x.closeTime !== null, x.profitCents])).toEqual([
      ['77', true, -4000],
      ['88', false, 3000],
    ]);
    const csv = (await get(`/api/accounts/${a.id}/trades.csv`, w.member.headers)).body;
    expect(csv.trim().split('\r\n')).toHaveLength(3); // the header and the two positions
  });

  it('lists an open position once when the bridge reports it again under a new id: the latest report', async () => {
    const a = await createAccount(t, w);
    // A bridge that reconnects reports its open positions again, each under a new event id.
    await ingest(t, w.connectorKey, [
      ev.trade('open-55-a', a.login, '2026-03-02T08:00:00Z', null, 20, { ticket: '55' }),
    ]);
    await ingest(t, w.connectorKey, [
      ev.trade('open-55-b', a.login, '2026-03-02T08:00:00Z', null, 35, { ticket: '55' }),
      ev.trade('open-66', a.login, '2026-03-02T08:10:00Z', null, -5, { ticket: '66' }),
    ]);
    const open = async () =>
      (
        (await get(`/api/accounts/${a.id}/trades`, w.member.headers)).json().trades as Array<{
          ticket: string;
          closeTime: string | null;
          profitCents: number;
        }>
      ).map((x) => [x.ticket, x.closeTime !== null, x.profitCents]);
    expect(await open()).toEqual([
      ['66', false, -500],
      ['55', false, 3500],
    ]);
    const csv = (await get(`/api/accounts/${a.id}/trades.csv`, w.member.headers)).body;
    expect(csv.trim().split('\r\n')).toHaveLength(3); // the header and the two positions
    await ingest(t, w.connectorKey, [
      ev.trade('close-55', a.login, '2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z', 40, { ticket: '55' }),
    ]);
    expect(await open()).toEqual([
      ['55', true, 4000],
      ['66', false, -500],
    ]);
  });

  it('pages trades newest first with a keyset cursor and filters by symbol, side and time', async () => {
    const a = await createAccount(t, w);
    const events: IngestEventInput[] = [];
    for (let i = 0; i < 25; i++) {
      const open = new Date(Date.UTC(2026, 2, 2, 8, i)).toISOString();
      const close = new Date(Date.UTC(2026, 2, 2, 9, i)).toISOString();
      events.push(
        ev.trade(`pg-${i}`, a.login, open, close, i % 2 ? 10 : -5, {
          symbol: i % 3 ? 'EURUSD' : 'XAUUSD',
          side: i % 2 ? 'buy' : 'sell',
        }),
      );
    }
    await ingest(t, w.connectorKey, events);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/api/accounts/${a.id}/trades?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
        w.member.headers,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.trades.map((x: { ticket: string }) => x.ticket));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `pg-${24 - i}`));

    const gold = (await get(`/api/accounts/${a.id}/trades?symbol=XAUUSD&side=sell`, w.member.headers)).json().trades;
    expect(gold.map((x: { ticket: string }) => x.ticket)).toEqual(['pg-24', 'pg-18', 'pg-12', 'pg-6', 'pg-0']);
    expect(gold[0]).toMatchObject({ profitCents: -500, commissionCents: -700, netCents: -1200, volume: 1 });
    const ranged = (
      await get(`/api/accounts/${a.id}/trades?from=2026-03-02T09:05:00Z&to=2026-03-02T09:07:00Z`, w.member.headers)
    ).json();
    expect(ranged.trades.map((x: { ticket: string }) => x.ticket)).toEqual(['pg-7', 'pg-6', 'pg-5']);
    const bad = await get(`/api/accounts/${a.id}/trades?side=long`, w.member.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^side: /);
    expect((await get(`/api/accounts/${a.id}/trades?cursor=zzz`, w.member.headers)).statusCode).toBe(400);
  });
});

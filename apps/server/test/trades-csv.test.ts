// GET /api/accounts/:id/trades.csv: the filtered journal as CSV, read back and compared with the
// trades API; filters; escaping and the formula guard; chunked keyset reads; who may download.
import { TRADES_CSV_COLUMNS, type IngestEventInput } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradesCsv } from '../src/modules/accounts/index.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from './trading-fixtures.ts';
import { parseCsv } from './read-csv.ts';
import { UTF8_BOM } from '../src/lib/csv-reply.ts';

interface ApiTrade {
  id: string;
  ticket: string;
  symbol: string;
  side: string;
  volume: number;
  openTime: string;
  openPrice: number;
  closeTime: string | null;
  closePrice: number | null;
  profitCents: number;
  commissionCents: number;
  swapCents: number;
  netCents: number;
}

const guarded = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** What the CSV row of an API trade must say. */
const expectedRow = (t: ApiTrade, currency: string) => [
  t.id,
  guarded(t.ticket),
  guarded(t.symbol),
  t.side,
  String(t.volume),
  t.openTime,
  String(t.openPrice),
  t.closeTime ?? '',
  t.closePrice === null ? '' : String(t.closePrice),
  decimal(t.profitCents),
  decimal(t.commissionCents),
  decimal(t.swapCents),
  decimal(t.netCents),
  currency,
];

let t: TestContext;
let w: TradingWorld;
let account: { id: string; login: string };
const SYMBOLS = ['EURUSD', 'XAUUSD', 'US30,"cash"', '=HYPERLINK("x")'];
const TRADES = 320;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' } });
  w = await setupWorld(t);
  account = await createAccount(t, w);
  const start = Date.UTC(2026, 2, 2, 8);
  const events: IngestEventInput[] = [];
  for (let n = 0; n < TRADES; n++) {
    // Pairs share a close time (the keyset's tie-breaker is the arrival order); a few stay open.
    const close = start + Math.floor(n / 2) * 600_000;
    const open = n % 37 === 5;
    events.push(
      ev.trade(
        `csv-${n}`,
        account.login,
        new Date(close - 120_000).toISOString(),
        open ? null : new Date(close).toISOString(),
        // Small wins and losses, some with odd cents, so the account stays active.
        n % 2 ? 3.07 + (n % 5) : -(2.01 + (n % 3)),
        {
          ticket:
            n % 50 === 7
              ? `-${n}+1`
              : n % 50 === 9
                ? `@T${n}`
                : n % 50 === 11
                  ? `T${n}\r\nsecond line`
                  : n % 50 === 13
                    ? `\tT${n}`
                    : `T${n}`,
          symbol: SYMBOLS[n % SYMBOLS.length],
          side: n % 3 ? 'buy' : 'sell',
          volume: [0.01, 0.5, 1, 2.25][n % 4],
          commission: n % 4 === 0 ? -0.07 : -3.5,
          swap: n % 7 === 0 ? -1.13 : 0,
        },
      ),
    );
  }
  for (let i = 0; i < events.length; i += 100) {
    const res = await ingest(t, w.connectorKey, events.slice(i, i + 100));
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

async function apiTrades(query: string): Promise<ApiTrade[]> {
  const all: ApiTrade[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams(query);
    q.set('limit', '100');
    if (cursor) q.set('cursor', cursor);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${account.id}/trades?${q}`,
      headers: w.member.headers,
    });
    expect(res.statusCode).toBe(200);
    all.push(...res.json().trades);
    cursor = res.json().nextCursor;
  } while (cursor);
  return all;
}

const csv = (query = '', url = `/api/accounts/${account.id}/trades.csv`, headers = w.member.headers) =>
  t.app.inject({ method: 'GET', url: `${url}${query ? `?${query}` : ''}`, headers });

describe('the journal as CSV', () => {
  it('reads back equal to the trades API, with a header row, as a download', async () => {
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="trades-${account.login}.csv"`);
    // Marked as UTF-8 for spreadsheets, which otherwise read it in a legacy code page.
    expect(res.body.startsWith(UTF8_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...TRADES_CSV_COLUMNS]);
    const api = await apiTrades('');
    expect(api).toHaveLength(TRADES);
    expect(rows).toEqual(api.map((tr) => expectedRow(tr, 'USD')));
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('quotes what needs quoting and defuses cells a spreadsheet would run as formulas', async () => {
    const body = (await csv()).body;
    expect(body).toContain(',"US30,""cash""",');
    expect(body).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(body).toContain(",'-7+1,");
    expect(body).toContain(",'@T9,");
    expect(body).toContain(',"T11\r\nsecond line",');
    expect(body).toContain(",'\tT13,");
    // Numbers we write ourselves are not text: a negative amount stays a number.
    expect(body).toMatch(/,-0\.07,/);
  });

  it('applies the list filters: symbol, side, from and to', async () => {
    const cases = [
      'symbol=XAUUSD',
      'side=sell',
      'from=2026-03-02T12:00:00Z&to=2026-03-03T02:00:00.000Z',
      `symbol=${encodeURIComponent('US30,"cash"')}&side=buy&from=2026-03-02T10:00:00%2B01:00`,
    ];
    for (const q of cases) {
      const api = await apiTrades(q);
      expect(api.length).toBeGreaterThan(0);
      const [, ...rows] = parseCsv((await csv(q)).body);
      expect(rows).toEqual(api.map((tr) => expectedRow(tr, 'USD')));
    }
    const none = parseCsv((await csv('symbol=NOPE')).body);
    expect(none).toEqual([[...TRADES_CSV_COLUMNS]]);
    expect((await csv('side=hold')).statusCode).toBe(400);
  });

  it('is read in keyset chunks that join up to the same file', async () => {
    const whole = (await csv()).body;
    let text = '';
    for await (const chunk of tradesCsv(t.database.db, { accountId: account.id }, 'USD', 7)) text += chunk;
    expect(UTF8_BOM + text).toBe(whole);
    let filtered = '';
    for await (const chunk of tradesCsv(t.database.db, { accountId: account.id, side: 'sell' }, 'USD', 3)) {
      filtered += chunk;
    }
    expect(UTF8_BOM + filtered).toBe((await csv('side=sell')).body);
  });

  it("someone else's account is a 404; staff download any member's; members cannot use the staff path", async () => {
    const res = await csv('', `/api/accounts/${account.id}/trades.csv`, w.other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await csv('', `/api/accounts/${account.id}/trades.csv`, {} as never)).statusCode).toBe(401);
    const staffUrl = `/api/admin/users/${w.member.id}/accounts/${account.id}/trades.csv`;
    const staff = await csv('side=buy', staffUrl, w.support.headers);
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toBe((await csv('side=buy')).body);
    expect(
      (await csv('', `/api/admin/users/${w.other.id}/accounts/${account.id}/trades.csv`, w.support.headers)).statusCode,
    ).toBe(404);
    expect((await csv('', staffUrl, w.member.headers)).statusCode).toBe(403);
  });
});

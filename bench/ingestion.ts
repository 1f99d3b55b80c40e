// Ingestion throughput: events/s through POST /api/integrations/trading/events (1,000-event
// batches over 1,000 accounts, validation, storage and rule evaluation included) ÷ rows/s of raw
// multi-row INSERTs of trade-shaped rows into the same database in the same run. Target ≥ 0.5.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (or only it, with opts.databaseUrl).
import type { IngestEventInput } from '@app/contracts';
import { prng } from '../apps/server/src/lib/prng.ts';
import type { BenchFigure } from './lib/result.ts';
import { rawQuery, setupTradingBench, type TradingBench } from './lib/trading-setup.ts';

const ACCOUNTS = 1000;
const BATCH = 1000;
const ACCOUNTS_PER_BATCH = 100;
const MAX_EVENTS = 1_000_000;
const RAW_COLUMNS = 14;

async function createAccounts(b: TradingBench): Promise<{ logins: string[]; ids: string[] }> {
  const logins: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const a = await b.services.accounts.createForUser(null, {
      email: b.memberEmail,
      challengeId: b.challengeId,
      phase: 0,
    });
    logins.push(a.login);
    ids.push(a.id);
  }
  return { logins, ids };
}

/** Batch k: 100 accounts × 10 events (6 trades, 4 snapshots), times moving forward per account. */
function makeBatch(
  k: number,
  logins: string[],
  rnd: () => number,
  balances: Map<string, number>,
  start: number,
): IngestEventInput[] {
  const events: IngestEventInput[] = [];
  const first = (k * ACCOUNTS_PER_BATCH) % logins.length;
  const round = Math.floor((k * ACCOUNTS_PER_BATCH) / logins.length);
  for (let j = 0; j < ACCOUNTS_PER_BATCH; j++) {
    const login = logins[(first + j) % logins.length]!;
    let balance = balances.get(login) ?? 100_000_00;
    const base = start + round * 10 * 60_000;
    for (let e = 0; e < 10; e++) {
      const time = new Date(base + e * 60_000).toISOString();
      const id = `b${k}-${j}-${e}`;
      if (e % 5 === 1 || e % 5 === 3) {
        const equity = balance + Math.round((rnd() - 0.5) * 20_000);
        events.push({
          id,
          type: 'snapshot',
          account: login,
          time,
          balance: balance / 100,
          equity: equity / 100,
          openPositions: rnd() < 0.5 ? 1 : 0,
        });
      } else {
        const profit = Math.round((rnd() - 0.5) * 30_000);
        const commission = -700;
        balance += profit + commission;
        events.push({
          id,
          type: 'trade',
          account: login,
          ticket: id,
          symbol: 'EURUSD',
          side: rnd() < 0.5 ? 'buy' : 'sell',
          volume: 1,
          openTime: new Date(base + e * 60_000 - 30_000).toISOString(),
          openPrice: 1.0842,
          closeTime: time,
          closePrice: 1.0851,
          profit: profit / 100,
          commission: commission / 100,
          swap: 0,
        });
      }
    }
    balances.set(login, balance);
  }
  return events;
}

/**
 * Raw reference: multi-row INSERT … VALUES of 1,000 trade-shaped rows per statement into a scratch
 * table of trade columns with a bigint primary key and one (account, time) index.
 */
async function rawInserter(
  b: TradingBench,
  accountIds: string[],
): Promise<{ insert: (k: number) => Promise<number>; drop: () => Promise<void> }> {
  await rawQuery(
    b.database,
    `create table bench_raw (id bigint generated always as identity primary key, account_id uuid not null,
    event_id text not null, ticket text not null, symbol text not null, side text not null, volume float8 not null, time timestamptz not null,
    open_time timestamptz not null, open_price float8 not null, close_time timestamptz, close_price float8, profit_cents bigint not null,
    commission_cents bigint not null, swap_cents bigint not null)`,
  );
  await rawQuery(b.database, 'create index bench_raw_account_time on bench_raw (account_id, time, id)');
  const placeholders = Array.from(
    { length: BATCH },
    (_, r) => `(${Array.from({ length: RAW_COLUMNS }, (_, c) => `$${r * RAW_COLUMNS + c + 1}`).join(',')})`,
  ).join(',');
  const sqlText = `insert into bench_raw (account_id, event_id, ticket, symbol, side, volume, time, open_time, open_price, close_time,
    close_price, profit_cents, commission_cents, swap_cents) values ${placeholders}`;
  return {
    // The same spread as the ingestion batches: 100 of the accounts per statement, 10 rows each.
    async insert(k: number) {
      const params: unknown[] = [];
      const t0 = Date.now() - 3_600_000 + k * 600_000;
      for (let r = 0; r < BATCH; r++) {
        const account = accountIds[(k * ACCOUNTS_PER_BATCH + Math.floor(r / 10)) % accountIds.length]!;
        const at = new Date(t0 + (r % 10) * 60_000).toISOString();
        params.push(account, `r${k}-${r}`, `r${k}-${r}`, 'EURUSD', 'buy', 1, at, at, 1.0842, at, 1.0851, 1234, -700, 0);
      }
      const start = performance.now();
      await rawQuery(b.database, sqlText, params);
      return performance.now() - start;
    },
    drop: async () => {
      await rawQuery(b.database, 'drop table bench_raw');
    },
  };
}

/**
 * Ingestion batches and raw INSERT statements alternate, so both see the same machine load; each
 * side's rate is its rows over its own accumulated time.
 */
export async function measure(b: TradingBench, accounts: { logins: string[]; ids: string[] }, seconds: number) {
  const { logins } = accounts;
  const rnd = prng(1);
  const balances = new Map<string, number>();
  const start = Date.now() - 30 * 24 * 3_600_000;
  const raw = await rawInserter(b, accounts.ids);
  let events = 0;
  let ingestMs = 0;
  let rawMs = 0;
  let rawRows = 0;
  const latencies: number[] = [];
  const began = performance.now();
  for (let k = 0; performance.now() - began < seconds * 1000 && events < MAX_EVENTS; k++) {
    rawMs += await raw.insert(k);
    rawRows += BATCH;
    const payload = JSON.stringify({ events: makeBatch(k, logins, rnd, balances, start) });
    const t0 = performance.now();
    const res = await b.built.app.inject({
      method: 'POST',
      url: '/api/integrations/trading/events',
      headers: { authorization: `Bearer ${b.connectorKey}`, 'content-type': 'application/json' },
      payload,
    });
    const took = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`ingestion answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const body = res.json() as { accepted: number };
    if (body.accepted !== BATCH) throw new Error(`expected ${BATCH} accepted, got ${body.accepted}`);
    ingestMs += took;
    latencies.push(took);
    events += BATCH;
  }
  await raw.drop();
  latencies.sort((a, b) => a - b);
  return {
    ingestRate: events / (ingestMs / 1000),
    rawRate: rawRows / (rawMs / 1000),
    events,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

async function leg(databaseUrl: string | undefined, seconds: number): Promise<BenchFigure[]> {
  const b = await setupTradingBench(databaseUrl);
  try {
    const accounts = await createAccounts(b);
    const m = await measure(b, accounts, seconds);
    const ratio = m.ingestRate / m.rawRate;
    return [
      {
        name: `ingestion events/s ÷ raw INSERT rows/s (${b.label})`,
        value: Number(ratio.toFixed(4)),
        unit: 'ratio',
        target: '>= 0.5',
        ok: ratio >= 0.5,
        detail: `${Math.round(m.ingestRate)} events/s (${m.events} events, ${ACCOUNTS} accounts, 1,000-event batches, batch p99 ${m.p99.toFixed(0)} ms) vs ${Math.round(m.rawRate)} rows/s raw`,
      },
    ];
  } finally {
    await b.close();
  }
}

export async function ingestionBench(opts: { databaseUrl?: string; seconds?: number } = {}): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 60;
  if (opts.databaseUrl) return leg(opts.databaseUrl, seconds);
  const figures = await leg(undefined, seconds);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Trading: ingestion', await ingestionBench({ seconds: Number(process.env.BENCH_INGEST_SECONDS ?? 60) }));
}

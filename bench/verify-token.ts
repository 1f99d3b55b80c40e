// Issue-2 figures: (a) verify-token req/s ÷ bare Fastify req/s, (b) database writes per
// verify-token call, (c) verify-token p99 during a login flood ÷ its idle p99 (PGlite; PostgreSQL
// too when TEST_DATABASE_URL is set).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { hashToken, newToken } from '../apps/server/src/lib/tokens.ts';
import { load, type LoadResult } from './lib/load.ts';
import { root, startAppServer, startBareServer } from './lib/processes.ts';
import type { BenchFigure } from './lib/result.ts';
import { quantile, steadyLoad, type SteadyResult } from './lib/steady-load.ts';

const SESSIONS = 10_000;
const USERS = 200;
const PASSWORD = 'Bench123!';
/** Idle and flooded rounds of the latency figure, alternating. */
const FLOOD_ROUNDS = 5;
/** Quiet between a flooded round and the next idle one. */
const SETTLE_MS = 2000;

/** Counts every row written to any application table, to prove verify-token writes nothing. */
const WRITE_COUNTER_SQL = `
create table bench_writes (n bigint not null);
insert into bench_writes values (0);
create function bench_count() returns trigger language plpgsql as $$
begin update bench_writes set n = n + 1; return null; end $$;
`;

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** USERS members with one password, SESSIONS live sessions spread over them. */
async function seedUsersAndSessions(query: Query): Promise<{ tokens: string[]; emails: string[] }> {
  const passwordHash = await hash(PASSWORD);
  const emails = Array.from({ length: USERS }, (_, i) => `bench${i}@example.com`);
  const ids: string[] = [];
  for (const email of emails) {
    const r = await query(
      `insert into users (email, first_name, last_name, role, password_hash) values ($1, 'Bench', 'User', 'USER', $2) returning id`,
      [email, passwordHash],
    );
    ids.push(r.rows[0]!.id as string);
  }
  const tokens = Array.from({ length: SESSIONS }, () => newToken());
  const values = tokens.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}, now() + interval '1 day')`);
  for (let start = 0; start < SESSIONS; start += 1000) {
    const chunk = tokens.slice(start, start + 1000);
    const params = chunk.flatMap((t, i) => [ids[(start + i) % USERS]!, hashToken(t)]);
    await query(
      `insert into sessions (user_id, token_hash, expires_at) values ${values.slice(0, chunk.length).join(',')}`,
      params,
    );
  }
  return { tokens, emails };
}

async function prepareDatabase(dir: string): Promise<{ tokens: string[]; emails: string[] }> {
  const database = await openDatabase({ dataDir: dir });
  await migrate(database);
  const pg = database.driver as PGlite;
  const seeded = await seedUsersAndSessions((text, params) => pg.query(text, params));
  await pg.exec(WRITE_COUNTER_SQL);
  const tables = await pg.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public' and tablename <> 'bench_writes'`,
  );
  for (const { tablename } of tables.rows) {
    await pg.exec(
      `create trigger bench_count_${tablename} after insert or update or delete on ${tablename} for each row execute function bench_count()`,
    );
  }
  await database.close();
  return seeded;
}

/** A scratch database on the PostgreSQL server at `serverUrl`, migrated and seeded; `drop` removes it. */
async function preparePostgres(serverUrl: string) {
  const name = `bench_verify_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  const pool = database.driver as pg.Pool;
  const seeded = await seedUsersAndSessions((text, params) => pool.query(text, params));
  await database.close();
  return {
    ...seeded,
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function readWrites(dir: string): Promise<number> {
  const database = await openDatabase({ dataDir: dir });
  const pg = database.driver as PGlite;
  const r = await pg.query<{ n: string }>('select n from bench_writes');
  await database.close();
  return Number(r.rows[0]!.n);
}

/** Each request carries the next session's token. */
function rotating(tokens: string[]) {
  let i = 0;
  return (req: { headers?: Record<string, string> }) => {
    i = (i + 1) % tokens.length;
    return { ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[i]}` } };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * verify-token's p99 at a steady 2,000 req/s, idle and during a login flood, on a server started
 * with `env`. Idle and flooded windows alternate (FLOOD_ROUNDS of each) and each kind's answers are
 * pooled, so a moment of load from elsewhere on the machine moves one window, not the figure.
 */
async function floodFigure(
  env: Record<string, string>,
  tokens: string[],
  emails: string[],
  seconds: number,
  label: string,
): Promise<BenchFigure> {
  const app = await startAppServer(env);
  const flood = await startLoginFlood();
  try {
    const rate = 2000;
    // Live sessions are ones verified in the last minutes: one pass over all of them first.
    await load({
      url: `${app.url}/api/auth/verify-token`,
      seconds: 120,
      amount: tokens.length,
      setupRequest: rotating(tokens),
    });
    let next = 0;
    const steady = (s: number) =>
      steadyLoad({
        url: `${app.url}/api/auth/verify-token`,
        rate,
        seconds: s,
        connections: 20,
        headers: () => ({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
      });
    const login = { url: `${app.url}/api/auth/login`, emails, password: PASSWORD };
    // Warm: verify-token at the rate, and the sign-in path once (its first run compiles and loads).
    await Promise.all([steady(3), flood.run({ ...login, seconds: 2 })]);
    await sleep(SETTLE_MS);
    const idle: SteadyResult[] = [];
    const flooded: SteadyResult[] = [];
    const logins: LoadResult[] = [];
    for (let round = 0; round < FLOOD_ROUNDS; round++) {
      idle.push(await steady(seconds));
      // Measured from half a second into the flood until before it ends: logins all along.
      const running = flood.run({ ...login, seconds: seconds + 1 });
      await sleep(500);
      flooded.push(await steady(seconds));
      logins.push(await running);
      // The flood's last logins (and the work they leave behind) end before the next idle window.
      await sleep(SETTLE_MS);
    }
    const pooled = (rs: SteadyResult[]) => rs.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const p99 = (rs: SteadyResult[]) => quantile(pooled(rs), 0.99);
    const ms = (v: number) => v.toFixed(1);
    const c = p99(flooded) / p99(idle);
    const loginRate = logins.reduce((n, l) => n + l.rps, 0) / logins.length;
    const failed = [...idle, ...flooded].reduce((n, r) => n + r.non2xx + r.errors, 0);
    const failedLogins = logins.reduce((n, l) => n + l.non2xx, 0);
    const each = (rs: SteadyResult[]) => rs.map((r) => ms(quantile(r.latencies, 0.99))).join(', ');
    return {
      name: `verify-token p99 during a login flood ÷ idle p99 (${label})`,
      value: c,
      unit: 'ratio',
      target: '<= 1.5',
      ok: c <= 1.5 && failed === 0,
      detail: `${FLOOD_ROUNDS} alternating windows of ${seconds} s at a steady ${rate} req/s, pooled: p99 ${ms(p99(flooded))} vs ${ms(p99(idle))} ms, p50 ${ms(quantile(pooled(flooded), 0.5))} vs ${ms(quantile(pooled(idle), 0.5))} ms (per window flooded ${each(flooded)}; idle ${each(idle)}); flood ${Math.round(loginRate)} logins/s (${failedLogins} non-2xx); ${failed} verify-token failures`,
    };
  } finally {
    flood.stop();
    await app.stop();
  }
}

/** The login flood's process (login-flood.ts), loaded before anything is measured. */
async function startLoginFlood() {
  const child = fork(`${root}/bench/lib/login-flood.ts`, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the login flood exited with ${code}`))),
  );
  exited.catch(() => {}); // raised where it is awaited, below
  const next = <T>() => Promise.race([new Promise<T>((resolve) => child.once('message', resolve)), exited]);
  await next<'ready'>();
  return {
    run: (order: { url: string; seconds: number; emails: string[]; password: string }) => {
      const result = next<LoadResult>();
      child.send(order);
      return result;
    },
    stop: () => child.connected && child.disconnect(),
  };
}

export async function verifyTokenBench(opts: { seconds?: number } = {}): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  const dir = mkdtempSync(join(tmpdir(), 'fp-bench-'));
  try {
    const { tokens, emails } = await prepareDatabase(dir);
    const env = {
      DATA_DIR: dir,
      DEMO_DATA: 'false',
      // The flood must reach argon2: no throttling in this measurement.
      RATE_LIMIT_LOGIN_PER_IP: '100000000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000000',
    };
    const rotate = rotating(tokens);
    // (a) throughput against the bare reference, rounds interleaved so both see the same machine
    const bare = await startBareServer();
    const app = await startAppServer(env);
    const verifyUrl = `${app.url}/api/auth/verify-token`;
    const bareLoad = (s: number) => load({ url: bare.url, seconds: s });
    const verifyLoad = (s: number) => load({ url: verifyUrl, seconds: s, setupRequest: rotate });
    // Live sessions are ones verified in the last minutes: one pass over all of them first.
    await load({ url: verifyUrl, seconds: 120, amount: tokens.length, setupRequest: rotate });
    await bareLoad(2);
    await verifyLoad(2);
    const bareRounds = [];
    const verifyRounds = [];
    for (let round = 0; round < 3; round++) {
      bareRounds.push(await bareLoad(seconds));
      verifyRounds.push(await verifyLoad(seconds));
    }
    await bare.stop();
    await app.stop();
    const median = (rs: Array<{ rps: number }>) => [...rs].sort((x, y) => x.rps - y.rps)[1]!;
    const bareRun = { median: median(bareRounds) };
    const verifyRun = { median: median(verifyRounds) as (typeof verifyRounds)[number], all: verifyRounds };
    const allCalls = verifyRun.all.reduce((n, r) => n + r.requests, 0);
    // The counter started at 0 after preparation, so everything it holds came from this phase.
    const writes = await readWrites(dir);

    // (c) latency at a fixed moderate rate, idle vs during a login flood, on each database
    const floods = [await floodFigure(env, tokens, emails, seconds, 'PGlite')];
    if (process.env.TEST_DATABASE_URL) {
      const onPg = await preparePostgres(process.env.TEST_DATABASE_URL);
      const { DATA_DIR: _embedded, ...onPostgres } = env;
      try {
        floods.push(
          await floodFigure({ ...onPostgres, DATABASE_URL: onPg.url }, onPg.tokens, onPg.emails, seconds, 'PostgreSQL'),
        );
      } finally {
        await onPg.drop();
      }
    }

    const a = verifyRun.median.rps / bareRun.median.rps;
    const b = writes / allCalls;
    return [
      {
        name: 'verify-token req/s ÷ bare Fastify req/s',
        value: a,
        unit: 'ratio',
        target: '>= 0.5',
        ok: a >= 0.5,
        detail: `${Math.round(verifyRun.median.rps)} vs ${Math.round(bareRun.median.rps)} req/s, 100 connections, ${SESSIONS} sessions, median of 3 × ${seconds} s; non-2xx ${verifyRun.median.non2xx}`,
      },
      {
        name: 'database writes per verify-token call',
        value: b,
        unit: 'writes/call',
        target: '<= 0.001',
        ok: b <= 0.001,
        detail: `${writes} row writes over ${allCalls} calls`,
      },
      ...floods,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

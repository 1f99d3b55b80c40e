// Issue-9 figure: does POST /api/auth/recover take as long for an unknown address as for a known
// one? 50 of each over HTTP in pairs (which goes first is drawn at random), each known address
// asked once (its first request is the one that does the most work), each request from its own
// client address (X-Forwarded-For, TRUST_PROXY on) so no throttle answers, RECOVER_GAP_MS (default
// 100, ±50 %) between pairs. Prints median and p90 in ms and their known ÷ unknown ratios.
// RECOVER_RUN_JOBS=false leaves queued jobs unrun (the request path alone).
// Run: node --import tsx bench/recover-timing.ts            (embedded PostgreSQL)
//      DATABASE_URL=postgres://… node --import tsx bench/recover-timing.ts
import { hash } from '@node-rs/argon2';
import { buildApp } from '../apps/server/src/app.ts';
import { DEMO_FIRM, loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openScratchDatabase } from '../apps/server/test/test-database.ts';

const N = Number(process.env.RECOVER_SAMPLES ?? 50);
const WARMUP = 10;
const GAP_MS = Number(process.env.RECOVER_GAP_MS ?? 100);
const RUN_JOBS = process.env.RECOVER_RUN_JOBS !== 'false';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function main() {
  const url = process.env.DATABASE_URL;
  const database = url ? await openScratchDatabase(url, 'bench_recover') : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...DEMO_FIRM,
    TRUST_PROXY: 'true',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const { app, services } = await buildApp({ config, database, mailTransport: null, runJobs: RUN_JOBS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const passwordHash = await hash('Timing123!');
  const known: string[] = [];
  for (let i = 0; i < N + WARMUP; i++) {
    const email = `known${i}.${Date.now()}@example.com`;
    await services.users.create({ email, firstName: 'Tim', lastName: 'Ing', role: 'USER', passwordHash });
    known.push(email);
  }
  let ip = 0;
  const time = async (email: string) => {
    ip++;
    const start = process.hrtime.bigint();
    const res = await fetch(`${base}/api/auth/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${ip >> 8}.${ip & 255}` },
      body: JSON.stringify({ email }),
    });
    const body = await res.text();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.status !== 200) throw new Error(`recover answered ${res.status}: ${body}`);
    return ms;
  };
  const k: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < N + WARMUP; i++) {
    const unknown = `nobody${i}.${Date.now()}@example.com`;
    let tk: number;
    let tu: number;
    if (Math.random() < 0.5) {
      tu = await time(unknown);
      tk = await time(known[i]!);
    } else {
      tk = await time(known[i]!);
      tu = await time(unknown);
    }
    if (i >= WARMUP) {
      k.push(tk);
      u.push(tu);
    }
    // Lets the background work a request started (a job, the outbox) run before the next pair.
    await new Promise((r) => setTimeout(r, GAP_MS * (0.5 + Math.random())));
  }
  const fmt = (x: number) => x.toFixed(2);
  const row = (name: string, xs: number[]) =>
    console.log(`${name.padEnd(8)} median ${fmt(quantile(xs, 0.5))} ms  p90 ${fmt(quantile(xs, 0.9))} ms`);
  console.log(
    `recover timing on ${database.kind}, ${N} requests each, jobs ${RUN_JOBS ? 'run' : 'not run'}, ${GAP_MS} ms between pairs`,
  );
  row('known', k);
  row('unknown', u);
  console.log(
    `ratio known/unknown: median ${(quantile(k, 0.5) / quantile(u, 0.5)).toFixed(2)}, p90 ${(quantile(k, 0.9) / quantile(u, 0.9)).toFixed(2)}`,
  );
  await app.close();
  await database.close();
}

await main();

// Live updates with 1,000 members each holding a GET /api/accounts/stream open (in a child process):
// 1. push latency: ingestion batches of 1,000 snapshots, one per member's account, each posted when
//    the previous one was delivered; the time from the batch's acceptance (its answer: it is
//    committed and published before) to each client receiving its event, p99 over every delivery
//    ≤ 500 ms (the time from posting it, processing included, is printed beside);
// 2. the ingestion ratio of bench/ingestion.ts (1,000-event batches over the same 1,000 accounts vs
//    raw INSERTs, alternating, same run) while the 1,000 streams are connected and pushed to, ≥ 0.5.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (or only it, with opts.databaseUrl).
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { IngestEventInput } from '@app/contracts';
import { measure } from './ingestion.ts';
import { root } from './lib/processes.ts';
import type { BenchFigure } from './lib/result.ts';
import { setupTradingBench, type TradingBench } from './lib/trading-setup.ts';

const CLIENTS = 1000;
const PUSH_BATCHES = 15;

const now = () => performance.timeOrigin + performance.now();

interface Members {
  tokens: string[];
  logins: string[];
  ids: string[];
}

/** 1,000 members, each signed in once and holding one account. One password hash serves them all. */
async function createMembers(b: TradingBench): Promise<Members> {
  const { services } = b;
  const passwordHash = await services.passwords.hash('Bench123!');
  const out: Members = { tokens: [], logins: [], ids: [] };
  for (let i = 0; i < CLIENTS; i++) {
    const email = `live${i}@example.com`;
    const user = await services.users.create({
      email,
      firstName: 'Live',
      lastName: String(i),
      role: 'USER',
      passwordHash,
    });
    const { token } = await services.sessions.create(b.database.db, user!.id, {});
    const account = await services.accounts.createForUser(null, { email, challengeId: b.challengeId, phase: 0 });
    out.tokens.push(token);
    out.logins.push(account.login);
    out.ids.push(account.id);
  }
  return out;
}

class Clients {
  private readonly child: ChildProcess;
  received = 0;
  readonly arrivals: number[] = [];

  constructor() {
    this.child = fork(`${root}/bench/lib/sse-clients.ts`, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    this.child.on('message', (msg: { type: string; items?: Array<[string, number]> }) => {
      if (msg.type !== 'events') return;
      for (const [, at] of msg.items!) this.arrivals.push(at);
      this.received += msg.items!.length;
    });
  }

  open(url: string, tokens: string[]): Promise<{ opened: number; failed: number }> {
    return new Promise((resolve) => {
      const onReady = (msg: { type: string; opened?: number; failed?: number }) => {
        if (msg.type !== 'ready') return;
        this.child.off('message', onReady);
        resolve({ opened: msg.opened!, failed: msg.failed! });
      };
      this.child.on('message', onReady);
      this.child.send({ type: 'open', url, tokens });
    });
  }

  async waitFor(count: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.received < count) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 2));
    }
    return true;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'close' });
    });
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function leg(databaseUrl: string | undefined, seconds: number): Promise<BenchFigure[]> {
  const b = await setupTradingBench(databaseUrl);
  const clients = new Clients();
  try {
    const setupStarted = performance.now();
    const members = await createMembers(b);
    await b.built.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(b.built.app.server.address() as AddressInfo).port}/api/accounts/stream`;
    const { opened, failed } = await clients.open(url, members.tokens);
    if (opened !== CLIENTS) throw new Error(`${failed} of ${CLIENTS} streams were refused`);
    const live = b.services.accounts.live;
    if (live.size !== CLIENTS) throw new Error(`the server holds ${live.size} streams`);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    // 1. Push latency: every batch touches every member's account once.
    const latencies: number[] = [];
    const sinceAnswer: number[] = [];
    let lost = 0;
    // Before the times the ratio phase sends (30 days back and on), so none of its events is late.
    const start = Date.now() - 60 * 24 * 3_600_000;
    for (let k = 0; k < PUSH_BATCHES; k++) {
      const time = new Date(start + k * 60_000).toISOString();
      const events: IngestEventInput[] = members.logins.map((login, i) => ({
        id: `push-${k}-${i}`,
        type: 'snapshot',
        account: login,
        time,
        balance: 100_000,
        equity: 100_000 + ((k * 31 + i) % 200) - 100,
        openPositions: 1,
      }));
      const payload = JSON.stringify({ events });
      const expected = clients.received + CLIENTS;
      const from = clients.arrivals.length;
      const sent = now();
      const res = await b.built.app.inject({
        method: 'POST',
        url: '/api/integrations/trading/events',
        headers: { authorization: `Bearer ${b.connectorKey}`, 'content-type': 'application/json' },
        payload,
      });
      const answered = now();
      if (res.statusCode !== 200 || res.json().accepted !== CLIENTS)
        throw new Error(`ingestion: ${res.body.slice(0, 200)}`);
      if (!(await clients.waitFor(expected, 5000))) lost += expected - clients.received;
      for (const at of clients.arrivals.slice(from)) {
        latencies.push(at - sent);
        sinceAnswer.push(at - answered);
      }
      clients.received = Math.max(clients.received, expected);
    }
    latencies.sort((x, y) => x - y);
    sinceAnswer.sort((x, y) => x - y);
    // From acceptance: the batch is committed (and published) before it is answered.
    const p99 = sinceAnswer.length ? Math.max(0, percentile(sinceAnswer, 0.99)) : Infinity;

    // 2. The ingestion ratio with the streams connected (each batch pushes to 100 of them).
    const pushedBefore = clients.received;
    const m = await measure(b, { logins: members.logins, ids: members.ids }, seconds);
    await new Promise((r) => setTimeout(r, 500));
    const pushedDuring = clients.received - pushedBefore;
    const ratio = m.ingestRate / m.rawRate;
    if (live.size !== CLIENTS) throw new Error(`streams dropped during the run: ${live.size} left`);

    return [
      {
        name: `push latency, accepted ingestion batch → ${CLIENTS.toLocaleString('en')} stream clients, p99 (${b.label})`,
        value: Math.round(p99),
        unit: 'ms',
        target: '<= 500',
        ok: p99 <= 500 && lost === 0,
        detail: `from the batch's answer; ${latencies.length} deliveries over ${PUSH_BATCHES} batches of ${CLIENTS} snapshots (one per member), ${lost} lost; p50 ${Math.round(percentile(sinceAnswer, 0.5))} ms; from posting the batch (its processing included): p50 ${Math.round(percentile(latencies, 0.5))} ms, p99 ${Math.round(percentile(latencies, 0.99))} ms; ${CLIENTS} members, accounts and streams set up in ${setupSeconds.toFixed(0)} s`,
      },
      {
        name: `ingestion events/s ÷ raw INSERT rows/s with ${CLIENTS.toLocaleString('en')} streams connected (${b.label})`,
        value: Number(ratio.toFixed(4)),
        unit: 'ratio',
        target: '>= 0.5',
        ok: ratio >= 0.5,
        detail: `${Math.round(m.ingestRate)} events/s (${m.events} events, batch p99 ${m.p99.toFixed(0)} ms) vs ${Math.round(m.rawRate)} rows/s raw; ${pushedDuring.toLocaleString('en')} events pushed meanwhile`,
      },
    ];
  } finally {
    await clients.close();
    await b.close();
  }
}

export async function livePushBench(opts: { databaseUrl?: string; seconds?: number } = {}): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 20;
  if (opts.databaseUrl) return leg(opts.databaseUrl, seconds);
  const figures = await leg(undefined, seconds);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Trading: live updates', await livePushBench());
}

/**
 * Keeps feeding live-looking trades and snapshots to a running server through the ingestion API,
 * as a bridge would.
 *
 *   npm run simulate -- [--url http://127.0.0.1:3000] [--key <connector key> | env CONNECTOR_KEY]
 *                       [--accounts 50000001,50000002] [--interval 5] [--rounds N]
 *                       [--admin-email admin@example.com --admin-password Admin123!]
 *
 * Without --accounts it feeds every active account (listed with the admin login). Without a key it
 * creates a connector with the admin login. Without an admin login it only knows the accounts it was
 * given, so it sends trades only (a snapshot states the balance, which it does not know).
 */
import { parseArgs } from 'node:util';
import type { IngestEventInput, IngestResponse } from '@app/contracts';
import { DemoTrader } from '../demo/demo-feed.ts';
import { prng } from '../lib/prng.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    key: { type: 'string' },
    accounts: { type: 'string' },
    interval: { type: 'string', default: '5' },
    rounds: { type: 'string' },
    'admin-email': { type: 'string', default: process.env.ADMIN_EMAIL ?? 'admin@example.com' },
    'admin-password': { type: 'string', default: process.env.ADMIN_PASSWORD ?? 'Admin123!' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (args.help) {
  console.log(
    'Usage: npm run simulate -- [--url URL] [--key KEY] [--accounts LOGIN,LOGIN] [--interval SECONDS] [--rounds N]',
  );
  process.exit(0);
}

const base = args.url!.replace(/\/$/, '');
const intervalMs = Math.max(0.2, Number(args.interval)) * 1000;
const rounds = args.rounds ? Number(args.rounds) : Infinity;

async function call<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function adminToken(): Promise<string | null> {
  try {
    const r = await call<{ accessToken: string }>('POST', '/api/auth/login', {
      email: args['admin-email'],
      password: args['admin-password'],
    });
    return r.accessToken;
  } catch (err) {
    console.warn(`admin login failed (${(err as Error).message.slice(0, 120)})`);
    return null;
  }
}

interface AccountInfo {
  login: string;
  initialBalanceCents: number;
  balanceCents: number;
  status: string;
}

async function main(): Promise<void> {
  let key = args.key ?? process.env.CONNECTOR_KEY ?? null;
  const wanted =
    args.accounts
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? null;
  const token = !key || !wanted ? await adminToken() : await adminToken().catch(() => null);
  if (!key) {
    if (!token) throw new Error('Give a connector key (--key or CONNECTOR_KEY) or an admin login to create one');
    const created = await call<{ key: string; keyPrefix: string }>(
      'POST',
      '/api/admin/connectors',
      { name: `Simulator ${new Date().toISOString()}` },
      token,
    );
    key = created.key;
    console.log(`created connector ${created.keyPrefix}… (pass --key to reuse it)`);
  }
  let known: AccountInfo[] = [];
  if (token) {
    known = (await call<{ accounts: AccountInfo[] }>('GET', '/api/admin/accounts?limit=1000', undefined, token))
      .accounts;
  }
  const targets: Array<{ login: string; info: AccountInfo | null }> = wanted
    ? wanted.map((login) => ({ login, info: known.find((a) => a.login === login) ?? null }))
    : known.filter((a) => a.status === 'active').map((a) => ({ login: a.login, info: a }));
  if (!targets.length) throw new Error('No accounts to feed: pass --accounts or make sure there are active accounts');

  const rnd = prng(args.seed ? Number(args.seed) : Date.now() % 2 ** 31);
  const runId = `sim-${Date.now().toString(36)}`;
  const traders = targets.map((t) => ({
    // 10-digit tickets: these accounts may hold 8-digit ones from the demo seed and earlier runs.
    trader: new DemoTrader(
      t.login,
      t.info?.initialBalanceCents ?? 100_000_00,
      t.info?.balanceCents ?? 0,
      rnd,
      runId,
      10,
    ),
    snapshots: t.info !== null,
  }));
  console.log(
    `feeding ${traders.length} account(s) at ${base} every ${intervalMs / 1000}s: ${targets.map((t) => t.login).join(', ')}`,
  );

  let stop = false;
  process.on('SIGINT', () => {
    stop = true;
  });
  process.on('SIGTERM', () => {
    stop = true;
  });
  const lastStatus = new Map<string, string>();
  for (let round = 0; round < rounds && !stop; round++) {
    const now = Date.now();
    const events: IngestEventInput[] = [];
    for (const { trader, snapshots } of traders) {
      if (rnd() < 0.6) {
        const open = now - Math.floor((2 + rnd() * 60) * 60_000);
        events.push(trader.trade(open, now - 1000, 0.5, 8));
      }
      if (snapshots) events.push(trader.snapshot(now, 6));
    }
    for (let i = 0; i < events.length; i += 1000) {
      const batch = events.slice(i, i + 1000);
      if (!batch.length) continue;
      try {
        const res = await call<IngestResponse>('POST', '/api/integrations/trading/events', { events: batch }, key);
        for (const a of res.accounts) {
          if (lastStatus.get(a.account) !== a.status) {
            if (lastStatus.has(a.account) || a.status !== 'active') {
              console.log(
                `account ${a.account}: ${a.status}${a.breach ? ` (${a.breach.rule} at ${a.breach.at}: equity ${a.breach.equity} < ${a.breach.level})` : ''}`,
              );
            }
            lastStatus.set(a.account, a.status);
          }
        }
        console.log(`round ${round + 1}: ${res.accepted} accepted, ${res.duplicates} duplicates`);
      } catch (err) {
        console.error(`round ${round + 1}: ${(err as Error).message}`);
      }
    }
    if (round + 1 < rounds && !stop) await new Promise((r) => setTimeout(r, intervalMs));
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

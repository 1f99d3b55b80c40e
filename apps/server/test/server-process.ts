import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_FIRM } from '../src/config.ts';
import { TEMPLATE_ENV } from './test-database.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves once the process has exited and its output is read to the end. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A port for a test's server: below Linux's ephemeral range (32768 and up), where the local end of
 * any outgoing connection (to PostgreSQL, to another test server) may already hold it.
 */
export const testPort = () => 20000 + Math.floor(Math.random() * 12000);

/**
 * A new data directory for a server process (DATA_DIR) holding the run's migrated embedded database
 * (the global setup's dump): the process starts as on an installed, migrated machine, ~4.5 s sooner
 * than on an empty directory. A start from nothing (create and migrate) is what the browser suite's
 * server does at every run. Without a dump (a run outside the server project), the directory is empty.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dump = process.env[TEMPLATE_ENV];
  if (dump && !process.env.TEST_DATABASE_URL) {
    const untar = spawnSync('tar', ['-xf', dump, '-C', dir], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`could not unpack ${dump}: ${untar.stderr}`);
  }
  return dir;
}

/**
 * Starts the real server (main.ts) as its own process and waits until /readyz says ready.
 * `detached`: in a process group of its own (as a shell's job is), so a test can signal the group.
 * A port taken meanwhile by another process is retried on another one.
 */
export async function startServer(
  env: Record<string, string>,
  opts: { detached?: boolean; readyMs?: number } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, opts);
    } catch (error) {
      if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

async function startOnce(
  env: Record<string, string>,
  opts: { detached?: boolean; readyMs?: number },
): Promise<ServerProcess> {
  const port = testPort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // The demo bank account: a server that is not a demo refuses to start without one (manual orders).
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The other suites share the machine (test-app.ts says why).
      PASSWORD_HASH_PRIORITY: 'normal',
      ...DEMO_FIRM,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  // 'close', not 'exit': the output pipes are drained by then.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      // The reason is in the output, read to its end only once the pipes close.
      const { code, signal } = await exited;
      throw new Error(`server exited early (code ${code}, signal ${signal}):\n${out}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => out, exited };
}

export const postJson = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** The pids of a process's children (the server's password worker), read from /proc. */
export function childPids(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so split after its closing parenthesis.
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

export interface Answer {
  /** The HTTP status, or the network error's code when no answer came (ECONNRESET, ECONNREFUSED). */
  status: number | string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request on a connection of its own (no keep-alive pool), so each request's fate is its
 * own: answered, refused at connect, or cut off.
 */
export function rawRequest(
  url: string,
  opts: { method?: string; body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = request(
      url,
      {
        method: opts.method ?? (payload ? 'POST' : 'GET'),
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ status: err.code ?? 'ERROR', headers: {}, body }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: err.code ?? 'ERROR', headers: {}, body: '' }));
    req.end(payload);
  });
}

/** The request urls the server logged as received ("incoming request", LOG_LEVEL=info). */
export function receivedUrls(output: string): Set<string> {
  const urls = new Set<string>();
  for (const line of output.split('\n')) {
    if (!line.includes('"incoming request"')) continue;
    try {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      if (url) urls.add(url);
    } catch {
      /* not a log line */
    }
  }
  return urls;
}

/** Polls `check` every `everyMs` until it answers true or `withinMs` passed; answers the last result. */
export async function eventually(check: () => Promise<boolean>, withinMs: number, everyMs = 50): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

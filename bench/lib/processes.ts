import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_FIRM } from '../../apps/server/src/config.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Below the ephemeral range (32768 and up), where an outgoing connection may hold the port. */
export const freePort = () => 10000 + Math.floor(Math.random() * 10000);

async function waitFor(url: string, child: ChildProcess, out: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${out()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`not ready: ${url}\n${out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Proc {
  url: string;
  stop(): Promise<void>;
}

/** The real server (main.ts) in its own process. */
export async function startAppServer(env: Record<string, string>): Promise<Proc> {
  const port = freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...DEMO_FIRM, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child, () => out);
  return { url, stop: () => stopChild(child) };
}

/** The bare Fastify reference in its own process. */
export async function startBareServer(): Promise<Proc> {
  const port = freePort();
  const child = fork(`${root}/bench/bare-server.ts`, [], {
    env: { ...process.env, PORT: String(port) },
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child, () => '');
  return { url, stop: () => stopChild(child) };
}

/** A built web page (`distDir`) served by the app's static-file plugin alone, in its own process. */
export async function startSpaServer(distDir: string): Promise<Proc> {
  const port = freePort();
  const child = fork(`${root}/bench/spa-server.ts`, [], {
    env: { ...process.env, PORT: String(port), DIST_DIR: distDir },
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child, () => '');
  return { url, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

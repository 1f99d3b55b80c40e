import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openScratchDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';

const fixture = fileURLToPath(new URL('./process-exit.fixture.ts', import.meta.url));
// A child process opens its own database (PGlite's first open is slow on a busy machine).
const CHILD_MS = 60_000;

// On PostgreSQL the child gets a scratch database of its own; on PGlite it opens one in memory.
let scratch: Database | null = null;
beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL;
  if (server) scratch = await openScratchDatabase(server, 'jobs_exit');
});
afterAll(async () => {
  await scratch?.close();
});

/** Runs the fixture; resolves to its exit code and how long it lived after its last step. */
function runFixture(mode: 'stop' | 'forget'): Promise<{ code: number | null; exitAfterMs: number }> {
  const url = scratch ? (scratch.driver as pg.Pool).options.connectionString : undefined;
  const env = { ...process.env, ...(url ? { FIXTURE_DATABASE_URL: url } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), CHILD_MS - 5000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(kill);
      const line = out.trim().split('\n').at(-1) ?? '{}';
      resolve({ code, exitAfterMs: (JSON.parse(line) as { exitAfterMs?: number }).exitAfterMs ?? Infinity });
    });
  });
}

it('after stop() and the database’s close the process ends at once', { timeout: CHILD_MS }, async () => {
  const { code, exitAfterMs } = await runFixture('stop');
  expect(code).toBe(0);
  expect(exitAfterMs).toBeLessThan(500);
});

it(
  'a runner never stopped neither holds the process nor crashes it once its database is gone',
  { timeout: CHILD_MS },
  async () => {
    const { code, exitAfterMs } = await runFixture('forget');
    expect(code).toBe(0);
    expect(exitAfterMs).toBeLessThan(1000);
  },
);

import { buildApp, type App, type AppDeps } from '../src/app.ts';
import { DEMO_FIRM, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { FakeClock } from '../src/lib/clock.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestContext extends App {
  database: Database;
  clock: FakeClock;
  close(): Promise<void>;
}

/**
 * buildApp on a fresh database with a fake clock; `env` overrides configuration. Jobs are stored
 * but not run (the every-minute sweep would run on real time against the fake clock): tests of
 * background work pass `deps: { runJobs: true }`, or run the work directly.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; clock?: FakeClock; deps?: Partial<AppDeps> } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const clock = opts.clock ?? new FakeClock(new Date());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    STAFF_MFA_REQUIRED: 'false',
    // The suites running beside this one, not its own requests, would starve a low-priority
    // worker: measured, 3.3× the time of the login suites with the other core busy.
    PASSWORD_HASH_PRIORITY: 'normal',
    // Suites sign in back to back and in parallel: the flood cap would only lengthen them (it has
    // its own tests in passwords.test.ts).
    PASSWORD_HASH_CPU_SHARE: '1',
    ...DEMO_FIRM,
    ...opts.env,
  });
  const built = await buildApp({ config, database, clock, mailTransport: null, runJobs: false, ...opts.deps });
  await built.app.ready();
  return {
    ...built,
    database,
    clock,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export const VALID_PASSWORD = 'Secret123!';

let counter = 0;
/** A unique, valid registration payload. */
export function newMember(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    email: `member${counter}.${Date.now()}@example.com`.slice(-50),
    password: VALID_PASSWORD,
    firstName: 'Alice',
    lastName: 'Trader',
    role: 'USER',
    ...overrides,
  };
}

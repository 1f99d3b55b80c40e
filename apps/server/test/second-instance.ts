import { buildApp, type App } from '../src/app.ts';
import { DEMO_FIRM, loadConfig } from '../src/config.ts';
import type { TestContext } from './test-app.ts';

/**
 * Another server instance on `t`'s database and clock, as a second node of a cluster would be: it
 * shares the rows, and hears what the first announces (NOTIFY) as any other instance would.
 * The caller closes it (`app.close()`) before `t`.
 */
export async function secondInstance(t: TestContext): Promise<App> {
  const b = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...DEMO_FIRM }),
    database: t.database,
    clock: t.clock,
    mailTransport: null,
    runJobs: false,
  });
  await b.app.ready();
  return b;
}

/** `check` polled for up to a second until it gives `expected`; what it gave last. */
export async function settle<T>(check: () => Promise<T>, expected: T): Promise<T> {
  for (let i = 0; i < 50; i++) {
    if ((await check()) === expected) return expected;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

// Shared set-up of the trading benchmarks: a fresh migrated database (PGlite in memory, or a scratch
// database on a PostgreSQL server), the app built in-process, users, a challenge, accounts, a connector.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { DEMO_FIRM, loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { openScratchDatabase } from '../../apps/server/test/test-database.ts';

export interface TradingBench {
  built: App;
  database: Database;
  services: App['services'];
  connectorKey: string;
  memberEmail: string;
  memberToken: string;
  challengeId: string;
  label: string;
  close(): Promise<void>;
}

export async function setupTradingBench(databaseUrl?: string): Promise<TradingBench> {
  const database = databaseUrl
    ? await openScratchDatabase(databaseUrl, 'bench')
    : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', SESSION_IDLE_MINUTES: '600', ...DEMO_FIRM });
  // No job runs here: the measurements are of requests alone.
  const built = await buildApp({ config, database, clock: systemClock, mailTransport: null, runJobs: false });
  await built.app.ready();
  const { services } = built;
  await services.challenges.seedCatalogue();
  const challenge = (await services.challenges.catalogue()).find((c) => c.slug === '100k-two-step')!;
  const memberEmail = 'bench.member@example.com';
  const password = 'Bench123!';
  await services.users.create({
    email: memberEmail,
    firstName: 'Bench',
    lastName: 'Member',
    role: 'USER',
    passwordHash: await services.passwords.hash(password),
  });
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: memberEmail, password },
  });
  const connector = await services.connectors.create(null, 'bench');
  return {
    built,
    database,
    services,
    connectorKey: connector.key,
    memberEmail,
    memberToken: login.json().accessToken,
    challengeId: challenge.id,
    label: databaseUrl ? 'PostgreSQL' : 'PGlite',
    async close() {
      await built.app.close();
      await database.close(); // a scratch database is dropped here too
    },
  };
}

/** Runs a statement on the raw driver (PGlite or a pg pool). */
export async function rawQuery(
  database: Database,
  text: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const result =
    database.kind === 'pglite'
      ? await (database.driver as PGlite).query<Record<string, unknown>>(text, params)
      : await (database.driver as pg.Pool).query<Record<string, unknown>>(text, params);
  return result.rows;
}

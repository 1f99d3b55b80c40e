import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './demo/demo-seed.ts';
import { systemClock } from './lib/clock.ts';

/** Reads config, opens and migrates the database, builds the app, seeds demo data, listens, closes gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrate(database);
  const built = await buildApp({ config, database, serveWeb: true });
  const { app } = built;
  // Ready first: the job runner is started, so whatever the demo data sends has somewhere to go.
  await app.ready();
  if (config.demoData) await seedDemo(built, systemClock);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Open ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './demo/demo-seed.ts';
import { systemClock } from './lib/clock.ts';

/** After this long, hashing requests still queued are answered 503, so that every request is answered… */
const SHED_AFTER_MS = 10_000;
/** …before this hard stop. */
const FORCE_AFTER_MS = 15_000;
/**
 * Closing the listener resets the connections the kernel has queued but the process has not yet
 * accepted, and Fastify's close ends accepted connections whose request it has not read yet: on a
 * busy machine, clients that connected before the signal would see a reset instead of an answer.
 * For this long after the signal the server keeps accepting and answers every new request 503 with
 * Retry-After (a load balancer tries another instance), then closes.
 */
const DRAIN_MS = 500;

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

  // SIGTERM, or SIGINT from a terminal's Ctrl-C, which reaches the whole process group: the password
  // worker ignores both and is ended here, once the requests that need it are answered.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A long login queue (a flood) would outlast the hard stop: what still waits is answered 503.
    const shed = setTimeout(() => built.services.passwords.shed(), SHED_AFTER_MS);
    shed.unref();
    const force = setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, FORCE_AFTER_MS);
    force.unref();
    try {
      app.refuseNewRequests();
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
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

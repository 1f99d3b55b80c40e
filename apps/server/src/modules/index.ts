import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { registerAccountRoutes } from './accounts/accounts.routes.ts';
import { AccountsService } from './accounts/accounts.service.ts';
import type { SessionService } from './auth/session.service.ts';
import { registerCertificateRoutes } from './certificates/certificates.routes.ts';
import { CertificatesService } from './certificates/certificates.service.ts';
import { registerChallengeRoutes } from './challenges/challenges.routes.ts';
import { ChallengesService } from './challenges/challenges.service.ts';
import { registerConnectorRoutes } from './connectors/connectors.routes.ts';
import { ConnectorsService } from './connectors/connectors.service.ts';
import { seedTradingDemo } from './demo/trading-demo.ts';
import { registerIngestionRoutes } from './ingestion/ingestion.routes.ts';
import { IngestionService } from './ingestion/ingestion.service.ts';
import { startTimeLimitJob } from './jobs/time-limit.job.ts';

/** What the business modules (challenges, accounts, ingestion, …) get from the app. */
export interface DomainDeps {
  config: Config;
  database: Database;
  clock: Clock;
  sessions: SessionService;
}

export interface DomainServices {
  challenges: ChallengesService;
  connectors: ConnectorsService;
  accounts: AccountsService;
  ingestion: IngestionService;
  certificates: CertificatesService;
}

const servicesByApp = new WeakMap<FastifyInstance, DomainServices>();

/** The business services of a built app (demo seeding, tests, benchmarks). */
export function domainServices(app: FastifyInstance): DomainServices {
  const s = servicesByApp.get(app);
  if (!s) throw new Error('registerDomainModules has not run on this app');
  return s;
}

/** Registers the business modules' routes and jobs. */
export async function registerDomainModules(app: FastifyInstance, deps: DomainDeps): Promise<void> {
  const { database, clock, config } = deps;
  const db = database.db;
  const services: DomainServices = {
    challenges: new ChallengesService(db, clock),
    connectors: new ConnectorsService(db, clock),
    accounts: new AccountsService(db, clock, config.TRADING_DAY_TZ),
    ingestion: new IngestionService(db, clock),
    certificates: new CertificatesService(db),
  };
  servicesByApp.set(app, services);

  registerChallengeRoutes(app, { challenges: services.challenges });
  registerConnectorRoutes(app, { connectors: services.connectors });
  registerAccountRoutes(app, { accounts: services.accounts });
  registerIngestionRoutes(app, { ingestion: services.ingestion, connectors: services.connectors });
  registerCertificateRoutes(app, { certificates: services.certificates });

  let job: ReturnType<typeof startTimeLimitJob> | undefined;
  app.addHook('onReady', async () => {
    job = startTimeLimitJob({ database, clock, log: app.log });
  });
  app.addHook('onClose', async () => {
    job?.stop();
  });
}

/**
 * Demo data of the business modules, after the demo users exist (main.ts, empty database only):
 * the challenge catalogue (when there is none) and the demo member's accounts, fed through the
 * ingestion path by a demo connector.
 */
export async function seedDomainDemo(app: FastifyInstance, deps: DomainDeps): Promise<void> {
  const services = domainServices(app);
  const added = await services.challenges.seedCatalogue();
  if (added) app.log.info({ challenges: added }, 'challenge catalogue seeded');
  await seedTradingDemo(app, deps, services);
}

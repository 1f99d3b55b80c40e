import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { SessionService } from './auth/session.service.ts';

/** What the business modules (challenges, accounts, ingestion, …) get from the app. */
export interface DomainDeps {
  config: Config;
  database: Database;
  clock: Clock;
  sessions: SessionService;
}

/** Registers the business modules' routes and jobs. */
export async function registerDomainModules(_app: FastifyInstance, _deps: DomainDeps): Promise<void> {}

/** Demo data of the business modules, after the demo users exist (main.ts, empty database only). */
export async function seedDomainDemo(_app: FastifyInstance, _deps: DomainDeps): Promise<void> {}

// Health: liveness, readiness (database and migrations) and the settings the web app reads.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { registerHealthRoutes } from './health.routes.ts';
import { registerPublicConfigRoutes } from './public-config.routes.ts';

export function register(app: FastifyInstance, deps: { config: Config; database: Database }): void {
  registerHealthRoutes(app, { database: deps.database });
  registerPublicConfigRoutes(app, { config: deps.config });
}

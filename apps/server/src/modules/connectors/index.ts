// Connectors: the API keys trading-platform bridges post their events with.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerConnectorRoutes } from './connectors.routes.ts';
import { ConnectorsService } from './connectors.service.ts';

export { ConnectorsService } from './connectors.service.ts';
export type { ConnectorRow } from './connectors.repository.ts';

export function register(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock },
): { connectors: ConnectorsService } {
  const connectors = new ConnectorsService(deps.database.db, deps.clock, {
    keyGraceMinutes: deps.config.CONNECTOR_KEY_GRACE_MINUTES,
  });
  registerConnectorRoutes(app, { connectors });
  return { connectors };
}

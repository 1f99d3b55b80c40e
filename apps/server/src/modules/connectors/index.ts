// Connectors: the API keys trading-platform bridges post their events with.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { listenWhileUp } from '../../db/listen.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerConnectorRoutes } from './connectors.routes.ts';
import { CONNECTOR_CHANGES_CHANNEL } from './connectors.repository.ts';
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
  keepKeysInStep(app, deps.database, connectors);
  return { connectors };
}

/** A key revoked or rotated on another server stops here at once, not when its cache entry ends. */
function keepKeysInStep(app: FastifyInstance, database: Database, connectors: ConnectorsService): void {
  listenWhileUp(app, database, CONNECTOR_CHANGES_CHANNEL, (id) => connectors.forget(id), {
    onLost: () => connectors.lost(),
    onListening: () => connectors.restored(),
  });
}

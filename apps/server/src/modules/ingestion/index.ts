// Ingestion: connectors post trading events; each batch is stored and evaluated in one transaction.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { ConnectorsService } from '../connectors/index.ts';
import { registerIngestionRoutes } from './ingestion.routes.ts';
import { IngestionService } from './ingestion.service.ts';

export { IngestionService } from './ingestion.service.ts';

export function register(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; connectors: ConnectorsService; accounts: AccountsService },
): { ingestion: IngestionService } {
  const ingestion = new IngestionService(deps.database.db, deps.clock, deps.accounts);
  registerIngestionRoutes(app, { ingestion, connectors: deps.connectors });
  return { ingestion };
}

// The admin dashboard: range figures from hourly aggregates kept by triggers (migration 0018,
// decision 022), what needs staff now, charts and short lists.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

export { DashboardService } from './dashboard.service.ts';

export function register(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock },
): { dashboard: DashboardService } {
  const dashboard = new DashboardService({
    db: deps.database.db,
    clock: deps.clock,
    currency: deps.config.FIRM_CURRENCY,
  });
  registerDashboardRoutes(app, { dashboard });
  return { dashboard };
}

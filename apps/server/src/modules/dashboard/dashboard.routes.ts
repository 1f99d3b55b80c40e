import { dashboardQuerySchema, dashboardResponseSchema } from '@app/contracts/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The admin dashboard: every staff role reads it (it changes nothing). */
export function registerDashboardRoutes(fastify: FastifyInstance, deps: { dashboard: DashboardService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/dashboard', {
    config: { access: 'staff' },
    schema: {
      tags: ['dashboard'],
      description:
        'KPIs for a range (today, 7d, 30d, 90d, all, or custom from/to days in tz) and the period of the same length before it, from hourly aggregates; what needs staff now; charts and short lists.',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.dashboard.dashboard(req.query),
  });
}

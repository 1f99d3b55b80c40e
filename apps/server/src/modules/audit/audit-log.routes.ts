import { auditFacetsSchema, auditListQuerySchema, auditListResponseSchema } from '@app/contracts/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.ts';
import type { AuditLogService } from './audit-log.service.ts';

/** The audit log, read by staff (SUPPORT included). There is no write route: rows come from the writes. */
export function registerAuditLogRoutes(fastify: FastifyInstance, auditLog: AuditLogService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  app.get('/api/admin/audit-log', {
    config: { access: 'staff' },
    schema: { tags, querystring: auditListQuerySchema, response: { 200: auditListResponseSchema, ...errorResponses } },
    handler: (req) => auditLog.list(req.query),
  });

  app.get('/api/admin/audit-log/facets', {
    config: { access: 'staff' },
    schema: { tags, response: { 200: auditFacetsSchema, ...errorResponses } },
    handler: () => auditLog.facets(),
  });
}

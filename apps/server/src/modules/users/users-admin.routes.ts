import {
  adminLoginEventsResponseSchema,
  adminSessionParamsSchema,
  adminSessionsResponseSchema,
  adminUserExportQuerySchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserMailParamsSchema,
  adminUserMailResponseSchema,
  adminUserMailsResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  bulkUserStatusRequestSchema,
  bulkUserStatusResponseSchema,
  createAdminUserRequestSchema,
  resendUndeliveredResponseSchema,
  statusResponseSchema,
  updateAdminUserRequestSchema,
  userResponseSchema,
  userStatusRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv-reply.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { UserMailsService } from './user-mails.service.ts';
import type { UsersAdminService } from './users-admin.service.ts';

/** The staff users screen. Every staff role reads (SUPPORT included); only ADMIN writes. */
export function registerUsersAdminRoutes(
  fastify: FastifyInstance,
  deps: { usersAdmin: UsersAdminService; userMails: UserMailsService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin users'];
  const svc = deps.usersAdmin;
  const params = adminUserParamsSchema;

  app.get('/api/admin/users', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: adminUserListQuerySchema,
      response: { 200: adminUserListResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.list(req.query),
  });

  app.get('/api/admin/users/export.csv', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'The filtered list in its order as CSV (UTF-8, RFC 4180), streamed in chunks; times ISO 8601 UTC.',
      querystring: adminUserExportQuerySchema,
      response: errorResponses,
    },
    handler: async (req, reply) => sendCsv(reply, 'users.csv', svc.exportCsv(req.query)),
  });

  app.patch('/api/admin/users/:userId/status', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'One user: the same rules as the bulk change (not oneself, never the last active ADMIN).',
      params,
      body: userStatusRequestSchema,
      response: { 200: userResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.setStatus(requirePrincipal(req), req.params.userId, req.body.status),
  });

  app.post('/api/admin/users/status', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: bulkUserStatusRequestSchema,
      response: { 200: bulkUserStatusResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.bulkStatus(requirePrincipal(req), req.body.userIds, req.body.status),
  });

  app.post('/api/admin/users', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: createAdminUserRequestSchema,
      response: { 201: adminUserResponseSchema, ...errorResponses },
    },
    handler: async (req, reply) => reply.code(201).send(await svc.create(requirePrincipal(req), req.body)),
  });

  app.get('/api/admin/users/:userId', {
    config: { access: 'staff' },
    schema: { tags, params, response: { 200: adminUserResponseSchema, ...errorResponses } },
    handler: (req) => svc.get(req.params.userId),
  });

  app.patch('/api/admin/users/:userId', {
    config: { access: 'admin' },
    schema: {
      tags,
      params,
      body: updateAdminUserRequestSchema,
      response: { 200: adminUserResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.update(requirePrincipal(req), req.params.userId, req.body),
  });

  app.post('/api/admin/users/:userId/anonymise', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: adminUserResponseSchema, ...errorResponses } },
    handler: (req) => svc.anonymise(requirePrincipal(req), req.params.userId),
  });

  app.get('/api/admin/users/:userId/login-events', {
    config: { access: 'staff' },
    schema: { tags, params, response: { 200: adminLoginEventsResponseSchema, ...errorResponses } },
    handler: (req) => svc.loginEvents(req.params.userId),
  });

  app.get('/api/admin/users/:userId/mails', {
    config: { access: 'staff' },
    schema: { tags, params, response: { 200: adminUserMailsResponseSchema, ...errorResponses } },
    handler: (req) => deps.userMails.mails(req.params.userId),
  });

  app.post('/api/admin/users/:userId/mails/:mailId/resend', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: adminUserMailParamsSchema,
      response: { 200: adminUserMailResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.userMails.resendMail(requirePrincipal(req), req.params.userId, req.params.mailId),
  });

  // Every user's refused mails at once (the dashboard's "needs you"): the same service as one's.
  app.post('/api/admin/mails/resend-undelivered', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: resendUndeliveredResponseSchema, ...errorResponses } },
    handler: (req) => deps.userMails.resendUndelivered(requirePrincipal(req)),
  });

  app.get('/api/admin/users/:userId/sessions', {
    config: { access: 'staff' },
    schema: { tags, params, response: { 200: adminSessionsResponseSchema, ...errorResponses } },
    handler: (req) => svc.sessions(req.params.userId),
  });

  app.delete('/api/admin/users/:userId/sessions/:sessionId', {
    config: { access: 'admin' },
    schema: { tags, params: adminSessionParamsSchema, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: (req) => svc.revokeSession(requirePrincipal(req), req.params.userId, req.params.sessionId),
  });
}

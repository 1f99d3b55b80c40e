import {
  NEWS_IMPORT_MAX_BYTES,
  newsImportPreviewSchema,
  newsImportRequestSchema,
  newsImportResultSchema,
  newsImportStatusSchema,
  newsWeekQuerySchema,
  newsWeekResponseSchema,
  nextRestrictedResponseSchema,
  type NewsWeekResponse,
} from '@app/contracts/news';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { NewsService } from './news.service.ts';

/**
 * The import body carries the file as a JSON string: escaping can double a file's size, so the
 * body may be twice the 10 MB the file itself may be (the service refuses a larger file with 413).
 */
const IMPORT_BODY_LIMIT = 2 * NEWS_IMPORT_MAX_BYTES + 64 * 1024;

export function registerNewsRoutes(fastify: FastifyInstance, deps: { news: NewsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['news'];

  // The schema documents the answer; the body is the database's JSON text, sent as is (a string
  // with a JSON content type skips serialisation). Its shape is checked against the schema in tests.
  app.get('/api/news/events', {
    config: { access: 'member' },
    schema: { tags, querystring: newsWeekQuerySchema, response: { 200: newsWeekResponseSchema, ...errorResponses } },
    handler: async (req, reply) => {
      const text = await deps.news.weekText(req.query);
      // The typed reply wants the object; the text is that object's JSON.
      return reply.type('application/json; charset=utf-8').send(text as unknown as NewsWeekResponse);
    },
  });

  app.get('/api/news/next-restricted', {
    config: { access: 'member' },
    schema: { tags, response: { 200: nextRestrictedResponseSchema, ...errorResponses } },
    handler: () => deps.news.nextRestricted(),
  });

  // Staff read the feed's state and the imports (SUPPORT included); only ADMIN imports.
  app.get('/api/admin/news/status', {
    config: { access: 'staff' },
    schema: { tags, response: { 200: newsImportStatusSchema, ...errorResponses } },
    handler: () => deps.news.status(),
  });

  app.post('/api/admin/news/import/preview', {
    config: { access: 'admin' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { tags, body: newsImportRequestSchema, response: { 200: newsImportPreviewSchema, ...errorResponses } },
    handler: (req) => deps.news.preview(req.body),
  });

  app.post('/api/admin/news/import', {
    config: { access: 'admin' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { tags, body: newsImportRequestSchema, response: { 201: newsImportResultSchema, ...errorResponses } },
    handler: async (req, reply) => reply.code(201).send(await deps.news.commit(requirePrincipal(req), req.body)),
  });
}

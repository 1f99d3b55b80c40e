import type { ErrorBody, ErrorCode } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_ERROR', message: 'Invalid content length' },
};

/** One shape for every error: `{ code, message }`. 5xx details are logged, never answered. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).headers(err.headers).send(body(err.code, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '(body)';
        fields[key] ??= v.message ?? 'Field is not valid';
      }
      const [firstKey, firstMessage] = Object.entries(fields)[0] ?? ['', 'Field is not valid'];
      const message = firstKey && firstKey !== '(body)' ? `${firstKey}: ${firstMessage}` : firstMessage;
      return reply.code(400).send({ ...body('VALIDATION_ERROR', message), fields });
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.code(err.statusCode ?? 400).send(body(known.code, known.message));
    if (err.statusCode === 429) {
      return reply.code(429).send(body('RATE_LIMITED', 'Too many requests. Please try again later.'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(body('VALIDATION_ERROR', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL', 'Oops! Something went wrong. Please try again.'));
  });
}

function body(code: ErrorCode, message: string): ErrorBody {
  return { code, message };
}

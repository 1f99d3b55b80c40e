import type { ErrorBody, ErrorCode } from '@app/contracts';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { clientFaultOf, isRetryable } from '../db/pg-errors.ts';
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
      const answer = body(err.code, err.message);
      return reply
        .code(err.status)
        .headers(err.headers)
        .send(err.fields ? { ...answer, fields: err.fields } : answer);
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
    const fault = clientFaultOf(err);
    if (fault) {
      // A value validation let through and the database refused (class 22/23): the client's, never a 500.
      // Logged through the `err` serializer: SQLSTATE, constraint, table, message; never the parameters.
      request.log.warn({ err }, 'the database refused a value of the request');
      return fault === 'conflict'
        ? reply.code(409).send(body('CONFLICT', 'The request conflicts with existing data'))
        : reply.code(400).send(body('VALIDATION_ERROR', 'A value in the request is not valid or out of range'));
    }
    if (isRetryable(err)) {
      // A deadlock or serialization failure the service did not retry itself: nothing was stored,
      // and the same request a moment later goes through.
      request.log.warn({ err }, 'transaction aborted by the database (deadlock or serialization)');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send(body('SERVICE_UNAVAILABLE', 'The service is busy. Please try again in a moment.'));
    }
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      request.log.warn({ reason: unavailable }, 'database unavailable'); // no query, no parameters
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL', 'Oops! Something went wrong. Please try again.'));
  });
}

function body(code: ErrorCode, message: string): ErrorBody {
  return { code, message };
}

/**
 * Fastify's `clientErrorHandler`: Node's refusals of a malformed HTTP request (a bad header line, a
 * header too large, a request too slow), written on the socket, in our shape with the API's headers.
 */
export function clientErrorHandler(headersFor: (url: string) => Record<string, string>) {
  return (err: Error & { code?: string }, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
          : [400, 'Bad Request', 'The request is not valid HTTP'];
    const text = JSON.stringify(body('VALIDATION_ERROR', message));
    const headers = Object.entries(headersFor('/api/'))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
          `Connection: close\r\n${headers}\r\n${text}`,
      );
    }
    socket.destroy(err);
  };
}

/**
 * Fastify's `frameworkErrors`: its refusals before routing — a URL that does not decode (`GET /%ff`),
 * a path parameter over maxParamLength — answer in our shape with the security headers (no hook
 * runs for them, and the error handler is not theirs).
 */
export function frameworkErrorHandler(headersFor: (url: string) => Record<string, string>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headersFor(request.url));
    if (err.code === 'FST_ERR_BAD_URL') {
      void reply.code(400).send(body('VALIDATION_ERROR', 'The request URL is not valid'));
    } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      void reply.code(414).send(body('VALIDATION_ERROR', 'A path parameter is too long'));
    } else {
      request.log.error({ err }, 'unhandled framework error');
      void reply.code(500).send(body('INTERNAL', 'Oops! Something went wrong. Please try again.'));
    }
  };
}

const CONNECTION_CODES =
  /^(08...|57P0.|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/;
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Why the database cannot be used right now, when that is the failure (down, restarting, out of
 * connections: worth a retry, not the request's fault): a connection error (SQLSTATE class 08),
 * an admin or crash shutdown or a server still starting (57P0x), too many clients (53300), a
 * refused or reset socket, or node-postgres's own "Connection terminated". Wrapped errors (drizzle
 * puts the driver's error in `cause`) are looked through.
 */
function databaseUnavailable(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const { code, message, cause, errors } = e as Record<string, unknown> & { errors?: unknown[] };
    if (typeof code === 'string' && CONNECTION_CODES.test(code)) return code;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return message.slice(0, 80);
    e = cause ?? errors?.[0]; // AggregateError: every address refused
  }
  return undefined;
}

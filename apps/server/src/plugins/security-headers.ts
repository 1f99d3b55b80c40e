import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers, computed once at start and set on every reply. Running helmet per
 * request cost more than half of the throughput of a cheap route (see decision 005); its headers
 * do not depend on the request, so computing them once gives the same answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return headers;
}

/**
 * JSON answers are never rendered as documents, so they carry the short set OWASP recommends for
 * REST APIs (and no-store: they hold personal and financial data); pages get helmet's full set.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cache-control': 'no-store',
};

/** The headers of an answer to `url`: the API's short set, or helmet's for pages (computed once). */
export function securityHeadersFor(options: HelmetOptions): (url: string) => Record<string, string> {
  const pageHeaders = securityHeaders(options);
  return (url) => (url.startsWith('/api/') && !url.startsWith('/api/docs') ? API_HEADERS : pageHeaders);
}

/**
 * Sets the headers on every reply, in the first onRequest hook: register it before any hook that
 * may answer (the access check's 401/403), so those answers carry them too. Fastify's refusals
 * before routing get them from `frameworkErrorHandler` (plugins/errors.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headersFor: (url: string) => Record<string, string>,
): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headersFor(req.url));
    done();
  });
}

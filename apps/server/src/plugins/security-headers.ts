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

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = securityHeaders(options);
  app.addHook('onRequest', (req, reply, done) => {
    const isApi = req.url.startsWith('/api/') && !req.url.startsWith('/api/docs');
    reply.headers(isApi ? API_HEADERS : pageHeaders);
    done();
  });
}

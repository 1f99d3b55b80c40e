/**
 * Log serializers that keep secrets out of the log. pino's standard `err` serializer writes every
 * enumerable property of an error: a drizzle query error carries the query's parameters (its
 * message ends with them, and `params` holds them), so a failed insert logged a password hash. And
 * the standard `req` serializer writes the URL with its query string, reset tokens included.
 */

/** Error properties that describe a failure without carrying the data that caused it. */
const SAFE_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

const MAX_MESSAGE = 2000;
const clip = (s: string) => (s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE)}…` : s);

/**
 * An error as a log object without the data behind it: its type, message (a drizzle error's without
 * its `params:` line; a PostgreSQL data exception's with quoted values blanked, as they echo the
 * input), SQLSTATE and constraint, table, column, stack frames (not the stack's first line, which
 * repeats the message), and the same of its causes. Never `params`, `detail` or `where` (they hold
 * values), nor any other property.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function errorForLog(err: unknown, depth = 0): LoggedError {
  if (typeof err === 'string') return { type: 'string', message: clip(err), stack: '' };
  if (err === null || typeof err !== 'object')
    return { type: err === null ? 'null' : typeof err, message: '', stack: '' };
  const e = err as Record<string, unknown>;
  const code = typeof e.code === 'string' ? e.code : undefined;
  let message = typeof e.message === 'string' ? e.message : '';
  const paramsAt = message.indexOf('\nparams:');
  if (paramsAt >= 0) message = message.slice(0, paramsAt);
  if (code && /^22[0-9A-Z]{3}$/.test(code)) message = message.replace(/"[^"]*"/g, '"…"');
  const type = (err as { constructor?: { name?: unknown } }).constructor?.name;
  const stack = typeof e.stack === 'string' ? e.stack : '';
  const out: LoggedError = {
    type: typeof type === 'string' && type ? type : 'Error',
    message: clip(message),
    stack: stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
  for (const field of SAFE_FIELDS) {
    const v = e[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = v;
  }
  if (depth < 4 && e.cause !== undefined) out.cause = errorForLog(e.cause, depth + 1);
  if (depth < 4 && Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((x) => errorForLog(x, depth + 1));
  return out;
}

/** Query parameters whose values are secrets (a reset link's token, a key). */
const SECRET_QUERY = /([?&](?:token|key|password|access_token|accessToken)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[REDACTED]');

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with secret query values redacted. */
export function requestForLog(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

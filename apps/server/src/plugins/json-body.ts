import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * The deepest nesting of arrays and objects a JSON body may have (a flat object is 1 level). The
 * API's deepest body has 4 (a login with its geolocation). A body nested thousands deep parses — V8's
 * JSON.parse does not recurse — but JSON.stringify then overflows the stack on it: a 5,000-deep
 * `userGeolocation` passed validation and answered 500 (RangeError in drizzle's jsonb mapping).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a parsed JSON value nests arrays and objects more than `max` levels deep. Recurses at most
 * `max + 1` calls deep and only into containers (~5 % of JSON.parse's time on an ingestion batch).
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max < 1) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object' && nestsDeeperThan(item, max - 1)) return true;
    }
    return false;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) {
    const item = object[key];
    if (item !== null && typeof item === 'object' && nestsDeeperThan(item, max - 1)) return true;
  }
  return false;
}

/**
 * Fastify's own JSON parser (same prototype-poisoning protection, same errors) followed by a depth
 * check: a body nested deeper than MAX_JSON_DEPTH is a 400 before anything else sees it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    void parse(req, body as string, (err, value) => {
      if (!err && nestsDeeperThan(value, MAX_JSON_DEPTH)) {
        const message = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels`;
        done(new AppError('VALIDATION_ERROR', 400, message), undefined);
        return;
      }
      done(err, value);
    });
  });
}

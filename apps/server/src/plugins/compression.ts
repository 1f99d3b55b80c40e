import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** What the API answers in: JSON and the CSV exports. */
const API_TYPES = /^(?:application\/(?:[\w.+-]+\+)?json|text\/csv)\b/;

/**
 * The API's answers over 1 KB compressed for a client that accepts it (brotli, else gzip): a list
 * page or an account's figures is text that shrinks 4–5×. Brotli at quality 4 costs about what
 * gzip does on dynamic content (its default, 11, is meant for build time). Static files come
 * compressed from the build (spa.ts) and are passed through; live streams (text/event-stream) are
 * written to the socket directly and never pass here. Small answers (a session check, a sign-in's
 * token) stay below the threshold, where compressing would not shrink them much.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: API_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

import type { FastifyBaseLogger } from 'fastify';

/** Where the runner reports failures: the app's logger (pino), never the console. */
export type JobsLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryOnDeadlock } from '../db/pg-errors.ts';
import { registerErrorHandling } from './errors.ts';

/** What node-postgres throws for a deadlock the database broke (SQLSTATE 40P01), wrapped as drizzle does. */
const deadlock = () =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });

const app = Fastify();
beforeAll(async () => {
  registerErrorHandling(app);
  app.get('/deadlock', async () => {
    throw deadlock();
  });
  await app.ready();
});
afterAll(() => app.close());

describe('a transaction the database aborted', () => {
  it('is a 503 with Retry-After, never a 500: nothing was stored and the same request goes through later', async () => {
    const res = await app.inject({ method: 'GET', url: '/deadlock' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is busy. Please try again in a moment.',
    });
  });

  it('is run again by retryOnDeadlock, up to its attempts; other errors pass at once', async () => {
    let runs = 0;
    expect(await retryOnDeadlock(async () => (++runs < 3 ? Promise.reject(deadlock()) : 'done'))).toBe('done');
    expect(runs).toBe(3);
    runs = 0;
    await expect(retryOnDeadlock(async () => Promise.reject(Object.assign(deadlock(), { n: ++runs })))).rejects.toThrow(
      'Failed query',
    );
    expect(runs).toBe(3);
    runs = 0;
    await expect(retryOnDeadlock(async () => Promise.reject(new Error(`other ${++runs}`)))).rejects.toThrow('other 1');
    expect(runs).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { onRealPostgres } from './test-database.ts';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_PORT: '0' } });
  const address = t.metrics!.address()!;
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one sample, found by its name and labels as the exposition format prints them. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('Prometheus metrics (METRICS_PORT)', () => {
  it('counts requests by route template and status, never by the URL', async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    const id = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/accounts/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/nothing-here/${id}` })).statusCode).toBe(404);

    const text = await scrape();
    const config = 'http_server_request_duration_seconds_count{method="GET",route="/api/config",status_code="200"}';
    expect(sample(text, config)).toBe(3);
    expect(
      sample(
        text,
        'http_server_request_duration_seconds_count{method="GET",route="/api/accounts/:id",status_code="401"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'http_server_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    // An id in a label would make one series per record.
    expect(text).not.toContain(id);
    // Every request falls in the last bucket; the duration sum is positive.
    expect(sample(text, config.replace('_count{', '_bucket{le="+Inf",'))).toBe(3);
    expect(sample(text, config.replace('_count', '_sum'))).toBeGreaterThan(0);
  });

  it('reports the outbox backlog: pending and failed mails and the oldest one waiting', async () => {
    const before = await scrape();
    expect(sample(before, 'mail_outbox_mails{status="pending"}')).toBe(0);
    expect(sample(before, 'mail_outbox_oldest_pending_seconds')).toBe(0);

    const mail = { to: 'metrics@example.com', subject: 'Hello', text: 'Body' };
    await t.database.db
      .insert(emailOutbox)
      .values([
        { ...mail, createdAt: new Date(Date.now() - 120_000) },
        { ...mail },
        { ...mail, status: 'failed', attempts: 5 },
        { ...mail, status: 'sent', sentAt: new Date() },
      ]);
    const after = await scrape();
    expect(sample(after, 'mail_outbox_mails{status="pending"}')).toBe(2);
    expect(sample(after, 'mail_outbox_mails{status="failed"}')).toBe(1);
    const age = sample(after, 'mail_outbox_oldest_pending_seconds')!;
    expect(age).toBeGreaterThanOrEqual(119);
    expect(age).toBeLessThan(600);
  });

  it("has the process's own figures, answers only GET /metrics, and is not on the app's port", async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it.runIf(onRealPostgres())(
    'reports the PostgreSQL pool: connections open, idle, and queries waiting for one',
    async () => {
      const quiet = await scrape();
      const total = sample(quiet, 'db_pool_connections{state="total"}')!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(quiet, 'db_pool_connections{state="idle"}')).toBeLessThanOrEqual(total);
      // Every one of the pool's 10 connections busy and more queries queued behind them. Drizzle's
      // queries start when awaited: Promise.resolve starts them now.
      const busy = Array.from({ length: 12 }, () => Promise.resolve(t.database.db.execute(sql`select pg_sleep(4)`)));
      const pool = (text: string) => ({
        total: sample(text, 'db_pool_connections{state="total"}'),
        idle: sample(text, 'db_pool_connections{state="idle"}'),
        waiting: sample(text, 'db_pool_connections{state="waiting"}')!,
      });
      // The pool opens its connections one after another: one scrape sees all of them busy and
      // queries waiting behind them.
      await expect
        .poll(
          async () => {
            const p = pool(await scrape());
            return p.total === 10 && p.idle === 0 && p.waiting >= 1;
          },
          { timeout: 3_000 },
        )
        .toBe(true);
      await Promise.all(busy);
    },
  );
});

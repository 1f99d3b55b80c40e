// Prometheus metrics on a port of their own (METRICS_PORT, off by default), never on the public one:
// the process (CPU, memory, event-loop delay, GC), every request's duration by route template and
// status, the database pool, and (watchOutbox, once the mail module is registered) the mail
// outbox's backlog, the one queue whose silent growth a firm notices only when members complain
// that no mail arrives.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';

export interface Metrics {
  registry: Registry;
  /** Where the metrics listener listens, once the app is ready. */
  address(): AddressInfo | null;
}

/** Seconds; from a cached answer to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Adds the request timer to `app` and serves the registry on `host:port` while the app runs. */
export function registerMetrics(
  app: FastifyInstance,
  database: Database,
  listen: { host: string; port: number },
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // The route's template (`/api/accounts/:id`), never the URL: ids would make a series per record.
  app.addHook('onResponse', (req, reply, done) => {
    duration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (database.kind === 'postgres') registerPoolGauges(registry, database.driver as pg.Pool);

  let server: Server | null = null;
  app.addHook('onReady', async () => {
    server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: Error) => {
          app.log.error({ err }, 'metrics: collecting failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting the metrics failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject).listen(listen.port, listen.host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });
  return { registry, address: () => (server?.address() as AddressInfo | null) ?? null };
}

/** The mail outbox's backlog, as the mail module reads it (null when the database cannot answer). */
export type OutboxBacklog = { pending: number; failed: number; oldestPendingSeconds: number };

/** Mails waiting and failed, and how long the oldest waiting one has waited. */
export function watchOutbox(metrics: Metrics, readBacklog: () => Promise<OutboxBacklog | null>): void {
  // One read per scrape, shared by both gauges (a scrape collects them side by side). A scrape
  // while the database is down still answers, with the process's own figures.
  let reading: Promise<OutboxBacklog | null> | null = null;
  const read = () => (reading ??= readBacklog().finally(() => (reading = null)));
  new Gauge({
    name: 'mail_outbox_mails',
    help: 'Mails in the outbox by status: pending (not yet delivered) and failed (given up)',
    labelNames: ['status'] as const,
    registers: [metrics.registry],
    async collect() {
      const backlog = await read();
      this.reset();
      if (backlog) {
        this.set({ status: 'pending' }, backlog.pending);
        this.set({ status: 'failed' }, backlog.failed);
      }
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail not yet delivered (0 when none waits)',
    registers: [metrics.registry],
    async collect() {
      const backlog = await read();
      this.reset();
      if (backlog) this.set(backlog.oldestPendingSeconds);
    },
  });
}

/** The PostgreSQL pool: connections open, idle, and queries waiting for one. */
function registerPoolGauges(registry: Registry, pool: pg.Pool): void {
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state: total, idle, and waiting (queries queued for a connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}

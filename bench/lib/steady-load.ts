import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SteadyResult {
  /** Every answer's latency in ms, sorted ascending. */
  latencies: number[];
  non2xx: number;
  errors: number;
}

/**
 * GET `url` at a steady `rate` per second for `seconds`, open loop: request i is due at
 * start + i / rate whatever became of the earlier ones, and its latency runs from that moment, so
 * time spent waiting for a free connection counts (no coordinated omission). autocannon's
 * `overallRate` cannot serve here: each connection sends its share of a second back to back and
 * then waits for the next second, so "2,000 req/s" is a saturating burst followed by silence.
 */
export function steadyLoad(opts: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  headers: (i: number) => Record<string, string>;
}): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const start = performance.now();

  return new Promise((resolve) => {
    const done = () => {
      if (++settled < total) return;
      agent.destroy();
      resolve({ latencies: latencies.sort((a, b) => a - b), non2xx, errors });
    };
    const send = (i: number) => {
      const due = start + i * interval;
      const req = http.get(opts.url, { agent, headers: opts.headers(i) }, (res) => {
        res.resume();
        res.once('end', () => {
          latencies.push(performance.now() - due);
          if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
          done();
        });
      });
      req.once('error', () => {
        errors++;
        done();
      });
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(sent++);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}

/** The value below which `q` of the sorted values lie (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

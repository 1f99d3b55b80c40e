import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export type RequestSetup = (req: { headers?: Record<string, string> }) => { headers?: Record<string, string> };

/** One bounded autocannon run on loopback. */
export async function load(opts: {
  url: string;
  seconds: number;
  /** Stop after this many requests instead (seconds then only bounds the run). */
  amount?: number;
  connections?: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: RequestSetup;
  overallRate?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    duration: opts.seconds,
    ...(opts.amount ? { amount: opts.amount } : {}),
    connections: opts.connections ?? 100,
    pipelining: 1,
    overallRate: opts.overallRate,
    requests: [
      {
        method: opts.method ?? 'GET',
        body: opts.body,
        headers: opts.headers,
        // autocannon's types want its own request type; ours is the subset we touch.
        ...(opts.setupRequest ? { setupRequest: opts.setupRequest as never } : {}),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * The p99 of each named page, read one after the other by one client: a second of warm-up, then
 * `seconds` measured. Any non-2xx answer fails the bench (a fast error page proves nothing).
 */
export async function pageP99s(
  pages: Record<string, string>,
  opts: { seconds: number; headers?: Record<string, string> },
): Promise<Record<string, number>> {
  const p99s: Record<string, number> = {};
  for (const [name, url] of Object.entries(pages)) {
    await load({ url, seconds: 1, connections: 1, headers: opts.headers });
    const r = await load({ url, seconds: opts.seconds, connections: 1, headers: opts.headers });
    if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx answers`);
    p99s[name] = r.p99;
  }
  return p99s;
}

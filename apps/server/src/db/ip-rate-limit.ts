// A per-address throttle for public endpoints: a counter in the shared `rate_limits` table
// (decision 002; one atomic upsert per request), so every instance counts together.
import { MESSAGES } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { AppError } from '../lib/app-error.ts';

export class IpRateLimit {
  /** `name` keys the counters ("quote" → "quote:ip:<address>"). */
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request from `ip`; throws 429 with Retry-After past the limit. */
  async hit(ip: string, nowMs: number): Promise<void> {
    const now = sql`to_timestamp(${nowMs}::float8 / 1000)`;
    const result = await this.db.execute(sql`
      insert into rate_limits as l (key, count, reset_at)
      values (${`${this.name}:ip:${ip}`}, 1, to_timestamp(${nowMs + this.windowMs}::float8 / 1000))
      on conflict (key) do update set
        count = case when l.reset_at <= ${now} then 1 else l.count + 1 end,
        reset_at = case when l.reset_at <= ${now} then excluded.reset_at else l.reset_at end
      returning count, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`);
    const row = (result as unknown as { rows: Array<{ count: number; reset_ms: number }> }).rows[0]!;
    if (Number(row.count) > this.limit) {
      const wait = Math.max(1, Math.ceil((Number(row.reset_ms) - nowMs) / 1000));
      throw new AppError('RATE_LIMITED', 429, MESSAGES.rateLimited, { 'retry-after': String(wait) });
    }
  }
}

import type { Clock } from './clock.ts';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused this attempt ends. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in memory. Auth endpoints count per IP and per (account, IP), so someone
 * hammering an account from one address cannot lock its owner out from another.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  hit(key: string, limit: number, windowMs: number): RateDecision {
    const now = this.clock.now().getTime();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return {
      allowed: w.count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
    };
  }

  /** Drops expired windows now and then so memory stays bounded by live keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

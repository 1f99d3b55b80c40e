import { MESSAGES } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

export interface AuthLimitSettings {
  loginPerIp: number;
  loginPerAccount: number;
  windowMs: number;
}

/**
 * Auth throttles, checked before any password hashing so a throttled attempt costs nothing.
 * Account limits are per (account, IP): an attacker's address is throttled, the owner's is not.
 */
export class AuthRateLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly s: AuthLimitSettings,
  ) {}

  login(ip: string, email: string): AppError | null {
    return (
      this.check(`login:ip:${ip}`, this.s.loginPerIp) ?? this.check(`login:acct:${email}:${ip}`, this.s.loginPerAccount)
    );
  }

  register(ip: string): AppError | null {
    return this.check(`register:ip:${ip}`, 20);
  }

  recover(ip: string, email: string): AppError | null {
    return this.check(`recover:ip:${ip}`, 20) ?? this.check(`recover:acct:${email}:${ip}`, 5);
  }

  reset(ip: string): AppError | null {
    return this.check(`reset:ip:${ip}`, 20);
  }

  private check(key: string, limit: number): AppError | null {
    const d = this.limiter.hit(key, limit, this.s.windowMs);
    if (d.allowed) return null;
    return new AppError('RATE_LIMITED', 429, MESSAGES.rateLimited, {
      'retry-after': String(d.retryAfterSeconds),
    });
  }
}

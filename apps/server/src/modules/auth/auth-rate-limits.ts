import { MESSAGES } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { rateLimitsRepository as repo } from './rate-limits.repository.ts';

export interface AuthLimitSettings {
  loginPerIp: number;
  /** Per (account, IP): an attacker's address is throttled, the owner's is not. */
  loginPerAccount: number;
  /** Failed logins on one account, from any addresses, before its back-off starts. */
  accountFailures: number;
  /** The longest back-off between two attempts on one account. */
  accountMaxDelayMs: number;
  windowMs: number;
}

/** What a login attempt's check found: the refusal, if any, and whether the account has failures. */
export interface LoginCheck {
  refusal: AppError | null;
  accountHasFailures: boolean;
}

const SWEEP_EVERY_MS = 60_000;
export const MFA_ATTEMPTS = 5;

/**
 * Auth throttles, checked before any password hashing so a throttled attempt costs nothing.
 * Counters live in the database (`rate_limits`), so every instance counts the same attempts.
 *
 * Login has three: per IP, per (account, IP) — both fixed windows — and per account across all
 * addresses, which slows rather than locks (as Keycloak's brute-force detection does): after
 * `accountFailures` failed logins, each further attempt must wait 1 s, 2 s, 4 s … (at most
 * `accountMaxDelayMs`) after the last failure; until then it is answered 429 with Retry-After, and
 * once the wait is over the owner's right password signs in and clears the count.
 */
export class AuthRateLimits {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly s: AuthLimitSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async login(ip: string, email: string): Promise<LoginCheck> {
    const now = this.now();
    const ipKey = `login:ip:${ip}`;
    const pairKey = `login:acct:${email}:${ip}`;
    const accountKey = failuresKey(email);
    const rows = await repo.hit(
      this.db,
      now,
      [
        { key: ipKey, windowMs: this.s.windowMs },
        { key: pairKey, windowMs: this.s.windowMs },
      ],
      accountKey,
    );
    const account = rows.get(accountKey);
    const accountHasFailures = account !== undefined && account.resetAt > now;
    const refusal =
      this.over(rows.get(ipKey), this.s.loginPerIp, now) ??
      this.over(rows.get(pairKey), this.s.loginPerAccount, now) ??
      (account?.blockedUntil && account.blockedUntil > now ? tooMany(account.blockedUntil - now) : null);
    return { refusal, accountHasFailures };
  }

  /** A wrong password (or no such account): counts towards the account's back-off. */
  async loginFailed(email: string, userId: string | null): Promise<void> {
    const now = this.now();
    const key = failuresKey(email);
    const failures = await repo.fail(this.db, now, key, this.s.windowMs);
    const excess = failures - this.s.accountFailures;
    if (excess < 0) return;
    const delayMs = Math.min(this.s.accountMaxDelayMs, 1000 * 2 ** Math.min(excess, 30));
    await repo.block(this.db, key, now + delayMs);
    // For staff: an account under a guessing attack. The account id only (null: no such account).
    this.log.warn(
      { event: 'auth.login_backoff', userId, failures, retryAfterSeconds: Math.ceil(delayMs / 1000) },
      'repeated failed logins on one account: its logins are slowed',
    );
  }

  /** The right password: the account's failures are forgotten. */
  async loginSucceeded(email: string, check: LoginCheck): Promise<void> {
    if (check.accountHasFailures) await repo.clear(this.db, failuresKey(email));
  }

  register(ip: string): Promise<AppError | null> {
    return this.check([{ key: `register:ip:${ip}`, limit: 20 }]);
  }

  recover(ip: string, email: string): Promise<AppError | null> {
    return this.check([
      { key: `recover:ip:${ip}`, limit: 20 },
      { key: `recover:acct:${email}:${ip}`, limit: 5 },
    ]);
  }

  /**
   * Two-factor codes, per account across all addresses and sessions: at most 5 attempts per
   * window (a 6-digit code cannot be guessed in that many); a success starts the count again.
   */
  mfa(userId: string): Promise<AppError | null> {
    return this.check([{ key: `mfa:acct:${userId}`, limit: MFA_ATTEMPTS }]);
  }

  async mfaSucceeded(userId: string): Promise<void> {
    await repo.clear(this.db, `mfa:acct:${userId}`);
  }

  /**
   * A signed-in user's current password (password change, email change, two-factor off), per
   * account: at most 5 checks per window, wrong or right; a right one starts the count again.
   */
  currentPassword(userId: string): Promise<AppError | null> {
    return this.check([{ key: `password:acct:${userId}`, limit: MFA_ATTEMPTS }]);
  }

  async currentPasswordRight(userId: string): Promise<void> {
    await repo.clear(this.db, `password:acct:${userId}`);
  }

  reset(ip: string): Promise<AppError | null> {
    return this.check([{ key: `reset:ip:${ip}`, limit: 20 }]);
  }

  private async check(limits: Array<{ key: string; limit: number }>): Promise<AppError | null> {
    const now = this.now();
    const rows = await repo.hit(
      this.db,
      now,
      limits.map((l) => ({ key: l.key, windowMs: this.s.windowMs })),
    );
    for (const l of limits) {
      const refusal = this.over(rows.get(l.key), l.limit, now);
      if (refusal) return refusal;
    }
    return null;
  }

  private over(row: { count: number; resetAt: number } | undefined, limit: number, now: number): AppError | null {
    return row && row.count > limit ? tooMany(row.resetAt - now) : null;
  }

  /** The clock's time; now and then, expired rows are dropped (in the background). */
  private now(): number {
    const now = this.clock.now().getTime();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      repo.sweep(this.db, now).catch((err: unknown) => this.log.warn({ err }, 'rate limit sweep failed'));
    }
    return now;
  }
}

const failuresKey = (email: string) => `login:fail:${email}`;

function tooMany(waitMs: number): AppError {
  return new AppError('RATE_LIMITED', 429, MESSAGES.rateLimited, {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

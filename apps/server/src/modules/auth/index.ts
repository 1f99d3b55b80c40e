// Auth: login, registration, password recovery and reset, the session heartbeat and logout.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import type { OutboxService } from '../mail/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { UsersService } from '../users/index.ts';
import { AuthRateLimits } from './auth-rate-limits.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';

export { AuthService, type ClientMeta } from './auth.service.ts';

export function register(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    passwords: PasswordHasher;
    sessions: SessionService;
    users: UsersService;
    outbox: OutboxService;
  },
): { auth: AuthService } {
  const { config, clock, sessions } = deps;
  const limits = new AuthRateLimits(new RateLimiter(clock), {
    loginPerIp: config.RATE_LIMIT_LOGIN_PER_IP,
    loginPerAccount: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
  });
  const auth = new AuthService({
    db: deps.database.db,
    clock,
    passwords: deps.passwords,
    sessions,
    users: deps.users,
    limits,
    outbox: deps.outbox,
    publicUrl: config.publicUrl,
  });
  registerAuthRoutes(app, { auth, sessions });
  return { auth };
}

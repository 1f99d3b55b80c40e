// Auth: login (with its two-factor step), registration, password recovery and reset, the session
// heartbeat and logout; two-factor settings and the login history.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { OutboxService } from '../mail/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { CurrentPasswordGate, SecurityMailer, UsersService } from '../users/index.ts';
import { AuthRateLimits } from './auth-rate-limits.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService, SEND_RESET_LINK, type ResetLinkJob } from './auth.service.ts';
import { registerMfaRoutes } from './mfa.routes.ts';
import { MfaService } from './mfa.service.ts';

export { AuthService, SEND_RESET_LINK, type ClientMeta } from './auth.service.ts';

export function register(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    passwords: PasswordHasher;
    sessions: SessionService;
    users: UsersService;
    securityMailer: SecurityMailer;
    /** The users module's checks of a current password, throttled by this module's counters. */
    currentPassword: CurrentPasswordGate;
    outbox: OutboxService;
    jobs: Jobs;
  },
): { auth: AuthService } {
  const { config, clock, sessions, jobs } = deps;
  const limits = new AuthRateLimits(
    deps.database.db,
    clock,
    {
      loginPerIp: config.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      accountFailures: config.RATE_LIMIT_ACCOUNT_FAILURES,
      accountMaxDelayMs: config.RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS * 1000,
      windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    app.log.child({ module: 'auth' }),
  );
  deps.currentPassword.use({
    attempt: (userId) => limits.currentPassword(userId),
    succeeded: (userId) => limits.currentPasswordRight(userId),
  });
  const mfa = new MfaService({
    db: deps.database.db,
    clock,
    passwords: deps.passwords,
    sessions,
    users: deps.users,
    limits,
    currentPassword: deps.currentPassword,
    issuer: config.SELLER_NAME,
    mailer: deps.securityMailer,
  });
  const auth = new AuthService({
    db: deps.database.db,
    clock,
    passwords: deps.passwords,
    sessions,
    users: deps.users,
    limits,
    mfa,
    mailer: deps.securityMailer,
    outbox: deps.outbox,
    jobs,
    publicUrl: config.publicUrl,
    loginConcurrency: config.PASSWORD_HASH_CONCURRENCY,
  });
  // recover's work, off the request so that known and unknown addresses answer alike.
  jobs.work<ResetLinkJob>(SEND_RESET_LINK, (data) => auth.sendResetLink(data), {
    policy: 'stately',
    concurrency: 2,
    retryLimit: 3,
  });
  registerAuthRoutes(app, { auth, sessions });
  registerMfaRoutes(app, { auth, mfa });
  return { auth };
}

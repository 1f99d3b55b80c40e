import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { AuthRateLimits } from './modules/auth/auth-rate-limits.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerPublicConfigRoutes } from './modules/health/public-config.routes.ts';
import { createSmtpTransport, type MailTransport } from './modules/mail/mail-transport.ts';
import { OutboxService } from './modules/mail/outbox.service.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerDomainModules } from './modules/index.ts';
import { UsersService } from './modules/users/users.service.ts';
import { registerAccountSecurityRoutes } from './modules/users/account-security.routes.ts';
import { AccountSecurityService } from './modules/users/account-security.service.ts';
import { listen } from './db/listen.ts';
import { SESSION_EVENTS_CHANNEL } from './modules/auth/sessions.repository.ts';
import { registerAccessControl, type RouteAccess } from './plugins/access.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Overrides SMTP_URL (tests pass a transport to a local SMTP server or a failing one). */
  mailTransport?: MailTransport | null;
  passwords?: PasswordHasher;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where logs go (tests capture them to prove no secret is logged). */
  logStream?: NodeJS.WritableStream;
}

export interface App {
  app: FastifyInstance;
  routes: RouteAccess[];
  services: { sessions: SessionService; outbox: OutboxService; auth: AuthService; users: UsersService; passwords: PasswordHasher };
}

const BODY_LIMIT = 1024 * 1024;
const OUTBOX_INTERVAL_MS = 30_000;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const db = database.db;
  const passwords = deps.passwords ?? (await createPasswordHasher(config.PASSWORD_HASH_CONCURRENCY));
  const sessions = new SessionService(db, clock, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    cacheMs: config.SESSION_CACHE_SECONDS * 1000,
    touchEveryMs: 5 * 60_000,
  });
  const transport =
    deps.mailTransport !== undefined ? deps.mailTransport : config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : null;
  const outbox = new OutboxService(db, transport, config.MAIL_FROM, clock, app.log);
  const limits = new AuthRateLimits(new RateLimiter(clock), {
    loginPerIp: config.RATE_LIMIT_LOGIN_PER_IP,
    loginPerAccount: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
  });
  const auth = new AuthService({ db, clock, passwords, sessions, limits, outbox, publicUrl: config.publicUrl });
  const users = new UsersService(db);
  const security = new AccountSecurityService({ db, clock, passwords, sessions });

  const routes = registerAccessControl(app, sessions);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The client asks a public geolocation service before login.
        connectSrc: ["'self'", new URL(config.GEOLOCATION_URL).origin],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
  });
  await registerOpenApi(app);

  registerHealthRoutes(app, { database });
  registerPublicConfigRoutes(app, { config });
  registerAuthRoutes(app, { auth, sessions });
  registerUserRoutes(app, { users });
  registerAccountSecurityRoutes(app, { security });
  await registerDomainModules(app, { config, database, clock, sessions });
  if (deps.serveWeb) await registerSpa(app);

  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ code: 'NOT_FOUND', message: `The requested route ${req.method} ${req.url.split('?')[0]} is not found` }),
  );

  // While shutting down, keep-alive connections that go idle after their last answer are closed
  // too, so clients do not hold the process open (nothing is added to the per-request path).
  app.addHook('preClose', async () => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });

  // Deliver what the outbox holds now and then (retries, mail left by a crash).
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // Another instance revoked or suspended someone: drop what this one cached about them.
    unlisten = await listen(database, SESSION_EVENTS_CHANNEL, (userId) => sessions.forgetUser(userId));
    timer = setInterval(() => void outbox.kick(), OUTBOX_INTERVAL_MS);
    timer.unref();
    void outbox.kick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await unlisten?.().catch(() => {});
    if (!deps.passwords) await passwords.close();
    await outbox.kick();
    transport?.close?.();
  });

  return { app, routes, services: { sessions, outbox, auth, users, passwords } };
}

import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { createJobs } from './jobs/create-jobs.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { errorForLog, requestForLog } from './lib/log-serializers.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.ts';
import type { MailTransport } from './modules/mail/index.ts';
import { createSessionService } from './modules/sessions/index.ts';
import { registerAccessControl, type RouteAccess } from './plugins/access.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerMetrics, watchOutbox, type Metrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { refuseWhileClosing } from './plugins/closing.ts';
import { registerSecurityHeaders, securityHeadersFor } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerModules, type ModuleDeps, type ModuleServices } from './registry.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Overrides SMTP_URL (tests pass a transport to a local SMTP server or a failing one). */
  mailTransport?: MailTransport | null;
  passwords?: PasswordHasher;
  /** Serve the built web app (off in API tests); a path serves that build instead of apps/web/dist. */
  serveWeb?: boolean | string;
  /** Where logs go (tests capture them to prove no secret is logged). */
  logStream?: NodeJS.WritableStream;
  /**
   * Run job handlers and schedules in this process (default true). Off: jobs are still stored, not
   * run (API tests, whose fake clock the every-minute sweep would read on real time).
   */
  runJobs?: boolean;
  /** Overrides the payment providers of the configuration (tests: a provider that is down). */
  paymentProviders?: ModuleDeps['paymentProviders'];
  /** Overrides the built first-paint renderer (default: the web build's when serving the web, else none). */
  firstPaintRenderer?: ModuleDeps['firstPaintRenderer'];
}

export interface App {
  app: FastifyInstance;
  routes: RouteAccess[];
  /** The modules' services and the password hasher (tests, benchmarks, demo data). */
  services: ModuleServices & { passwords: PasswordHasher };
  /** Started on ready, stopped on close. */
  jobs: Jobs;
  /** The database it was built on (demo data and benchmarks write to it set-wise). */
  database: Database;
  /** Prometheus metrics, served on METRICS_PORT; null when it is not set. */
  metrics: Metrics | null;
}

const BODY_LIMIT = 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: n proxies in front = the first n hops are trusted. */
function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const headersFor = securityHeadersFor({
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
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Errors without query parameters (a failed query's carry password hashes), URLs without tokens.
      serializers: { err: (err: Error) => errorForLog(err), req: requestForLog },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    // TRUST_PROXY off: X-Forwarded-For is ignored and req.ip is the connection's address.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Refused by our own hook instead (plugins/closing.ts): our shape and headers.
    return503OnClosing: false,
    // A URL that does not decode (`GET /%ff`) or an overlong parameter: our shape and headers.
    frameworkErrors: frameworkErrorHandler(headersFor),
    // Malformed HTTP that Node refuses before Fastify sees a request: the same.
    clientErrorHandler: clientErrorHandler(headersFor),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The first onRequest hook, so every answer carries the headers, the access check's 401/403 included.
  registerSecurityHeaders(app, headersFor);
  refuseWhileClosing(app);
  registerJsonBodyParser(app);
  await registerCompression(app);
  const metrics =
    config.METRICS_PORT === undefined
      ? null
      : registerMetrics(app, database, { host: config.METRICS_HOST, port: config.METRICS_PORT });

  const passwords =
    deps.passwords ??
    (await createPasswordHasher(
      config.PASSWORD_HASH_CONCURRENCY,
      config.PASSWORD_HASH_PRIORITY,
      config.PASSWORD_HASH_CPU_SHARE,
    ));
  // The access check asks the session service on every guarded request and has to be in place
  // before the first route, so the service is made here; the sessions module listens for it.
  const sessions = createSessionService({ config, database, clock });
  const routes = registerAccessControl(app, sessions, { staffMfaRequired: config.staffMfaRequired });
  await registerOpenApi(app);

  // Made before the modules, which declare their queues and schedules on it while they register.
  const jobs = createJobs(database, app.log.child({ module: 'jobs' }), { runJobs: deps.runJobs ?? true });
  const services = registerModules(app, {
    config,
    database,
    clock,
    passwords,
    sessions,
    jobs,
    mailTransport: deps.mailTransport,
    paymentProviders: deps.paymentProviders,
    // Pages are drawn for the web app this server serves; an API alone draws none.
    firstPaintRenderer: deps.firstPaintRenderer ?? (deps.serveWeb ? undefined : async () => null),
  });
  if (metrics) watchOutbox(metrics, () => services.outbox.backlog());
  app.addHook('onReady', async () => {
    await jobs.start();
  });
  // onClose hooks run last-added-first: the runner stops (running jobs finish) before the modules
  // close what their jobs use, such as the SMTP transport.
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  if (deps.serveWeb) await registerSpa(app, typeof deps.serveWeb === 'string' ? deps.serveWeb : undefined);

  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .send({ code: 'NOT_FOUND', message: `The requested route ${req.method} ${req.url.split('?')[0]} is not found` }),
  );

  // While shutting down, keep-alive connections that go idle after their last answer are closed
  // too, so clients do not hold the process open (nothing is added to the per-request path).
  app.addHook('preClose', async () => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });

  // A hasher made here ends with the app; one passed in belongs to the caller.
  if (!deps.passwords) app.addHook('onClose', async () => passwords.close());

  return { app, routes, services: { ...services, passwords }, jobs, database, metrics };
}

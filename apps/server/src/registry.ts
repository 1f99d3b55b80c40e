// The modules, in order: the one place a module is added. Each module's index.ts registers what it
// adds to the app (routes, jobs, listeners) and returns the service others may use; a module is
// given only the services of modules listed before it.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Clock } from './lib/clock.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import * as accountsModule from './modules/accounts/index.ts';
import * as auditModule from './modules/audit/index.ts';
import * as authModule from './modules/auth/index.ts';
import * as certificatesModule from './modules/certificates/index.ts';
import * as challengesModule from './modules/challenges/index.ts';
import * as connectorsModule from './modules/connectors/index.ts';
import * as dashboardModule from './modules/dashboard/index.ts';
import * as firstPaintModule from './modules/first-paint/index.ts';
import * as healthModule from './modules/health/index.ts';
import * as ingestionModule from './modules/ingestion/index.ts';
import * as mailModule from './modules/mail/index.ts';
import * as newsModule from './modules/news/index.ts';
import * as ordersModule from './modules/orders/index.ts';
import * as payoutsModule from './modules/payouts/index.ts';
import * as sessionsModule from './modules/sessions/index.ts';
import * as usersModule from './modules/users/index.ts';

/** What the app gives the modules. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  clock: Clock;
  passwords: PasswordHasher;
  /** Made by buildApp before any route (the access check asks it); the sessions module listens for it. */
  sessions: sessionsModule.SessionService;
  /** The job runner: modules declare their queues and schedules on it; buildApp starts and stops it. */
  jobs: Jobs;
  /** Overrides SMTP_URL (tests pass a transport to a local SMTP server, a failing one, or null). */
  mailTransport?: mailModule.MailTransport | null;
  /** Overrides the payment providers of the configuration (tests: a provider that is down). */
  paymentProviders?: ordersModule.PaymentProviders;
  /** Overrides the web app's built first-paint renderer (tests: one that is not built). */
  firstPaintRenderer?: () => Promise<firstPaintModule.FirstPaintRenderer | null>;
}

/** The modules' services: what tests, benchmarks and the demo data use of a built app. */
export interface ModuleServices {
  sessions: sessionsModule.SessionService;
  auditLog: auditModule.AuditLogService;
  outbox: mailModule.OutboxService;
  users: usersModule.UsersService;
  auth: authModule.AuthService;
  challenges: challengesModule.ChallengesService;
  connectors: connectorsModule.ConnectorsService;
  certificates: certificatesModule.CertificatesService;
  accounts: accountsModule.AccountsService;
  verdictReviews: accountsModule.VerdictReviewsService;
  orders: ordersModule.OrdersService;
  discountCodes: ordersModule.DiscountCodesService;
  ingestion: ingestionModule.IngestionService;
  payouts: payoutsModule.PayoutsService;
  payoutDesk: payoutsModule.PayoutDeskService;
  news: newsModule.NewsService;
  dashboard: dashboardModule.DashboardService;
}

export function registerModules(app: FastifyInstance, deps: ModuleDeps): ModuleServices {
  const { config, database, clock, passwords, sessions, jobs } = deps;
  healthModule.register(app, { config, database });
  sessionsModule.register(app, { database, sessions });
  const { auditLog } = auditModule.register(app, { database });
  const { outbox } = mailModule.register(app, { config, database, clock, jobs, transport: deps.mailTransport });
  const { users, securityMailer, usersAdmin, currentPassword } = usersModule.register(app, {
    config,
    database,
    clock,
    passwords,
    sessions,
    outbox,
  });
  const { auth } = authModule.register(app, {
    config,
    database,
    clock,
    passwords,
    sessions,
    users,
    securityMailer,
    currentPassword,
    outbox,
    jobs,
  });
  const { challenges } = challengesModule.register(app, { database, clock });
  const { connectors } = connectorsModule.register(app, { config, database, clock });
  const { certificates } = certificatesModule.register(app, { config, database, clock, outbox });
  const { news } = newsModule.register(app, { config, database, clock, jobs });
  const { accounts, verdictReviews } = accountsModule.register(app, {
    config,
    database,
    clock,
    jobs,
    users,
    challenges,
    certificates,
    sessions,
    news,
    outbox,
  });
  const { orders, discountCodes } = ordersModule.register(app, {
    config,
    database,
    clock,
    challenges,
    accounts,
    users,
    outbox,
    providers: deps.paymentProviders,
  });
  // An erasure cancels the person's pending orders; their payment pages are the orders module's.
  usersAdmin.afterAnonymise((cancelled) => orders.closePaymentPages(cancelled));
  const { ingestion } = ingestionModule.register(app, { database, clock, connectors, accounts });
  const { payouts, payoutDesk } = payoutsModule.register(app, {
    config,
    database,
    clock,
    accounts,
    ingestion,
    certificates,
    outbox,
  });
  const { dashboard } = dashboardModule.register(app, { config, database, clock });
  firstPaintModule.register(app, { renderer: deps.firstPaintRenderer });
  return {
    sessions,
    auditLog,
    outbox,
    users,
    auth,
    challenges,
    connectors,
    certificates,
    accounts,
    verdictReviews,
    orders,
    discountCodes,
    ingestion,
    payouts,
    payoutDesk,
    news,
    dashboard,
  };
}

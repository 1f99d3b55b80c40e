// Accounts: members' trading accounts, staff provisioning and closing, verdict reviews, the clock job.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CertificatesService } from '../certificates/index.ts';
import type { ChallengesService } from '../challenges/index.ts';
import type { OutboxService } from '../mail/index.ts';
import type { NewsService } from '../news/index.ts';
import type { SessionService } from '../sessions/index.ts';
import type { UsersService } from '../users/index.ts';
import { AccountLive } from './account-live.ts';
import { registerAccountLiveRoutes } from './account-live.routes.ts';
import { registerAccountRoutes } from './accounts.routes.ts';
import { AccountsService } from './accounts.service.ts';
import { runClockSweep } from './clock-sweep.job.ts';
import { StaffOverrides } from './staff-overrides.ts';
import { registerTradesCsvRoutes } from './trades-csv.routes.ts';
import { registerVerdictReviewRoutes } from './verdict-reviews.routes.ts';
import { VerdictReviewsService } from './verdict-reviews.service.ts';

export { AccountsService } from './accounts.service.ts';
export { VerdictReviewsService } from './verdict-reviews.service.ts';
export { AccountLive, ACCOUNT_CHANGES_CHANNEL } from './account-live.ts';
export { equityHoursRepository, RAW_EQUITY_LIMIT } from './equity-hours.repository.ts';
export { tradesCsv } from './trades-csv.ts';
export { credentialsMail } from './credentials-mail.ts';
// What the ingestion path needs to evaluate locked account rows in its own transaction.
export { breachOf, rulesOf, stateOf, type AccountRow } from './account-row.ts';
export { evaluate, isOpen, recordEvaluation, type Evaluation } from './evaluation.ts';
export { runClockSweep } from './clock-sweep.job.ts';

/**
 * The routes, the live stream (LISTEN from ready to close; streams end before the server closes),
 * and the clock sweep (day rolls, time limits): a job every minute, once across the cluster.
 */
export function register(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    jobs: Jobs;
    users: UsersService;
    challenges: ChallengesService;
    certificates: CertificatesService;
    sessions: SessionService;
    news: NewsService;
    outbox: OutboxService;
  },
): { accounts: AccountsService; verdictReviews: VerdictReviewsService } {
  const { database, clock, jobs } = deps;
  const graceMs = deps.config.VERDICT_GRACE_MINUTES * 60_000;
  const live = new AccountLive({ database, sessions: deps.sessions, log: app.log.child({ module: 'accounts.live' }) });
  const accounts = new AccountsService({
    db: database.db,
    clock,
    graceMs,
    tz: deps.config.TRADING_DAY_TZ,
    users: deps.users,
    challenges: deps.challenges,
    certificates: deps.certificates,
    live,
    highImpactEvents: (from, to) => deps.news.highImpactBetween(from, to),
    outbox: deps.outbox,
    publicUrl: deps.config.publicUrl,
  });
  const verdictReviews = new VerdictReviewsService({
    db: database.db,
    clock,
    graceMs,
    onPhasePassed: (tx, account, at) => accounts.onPhasePassed(tx, account, at),
    live,
  });
  registerAccountLiveRoutes(app, { live });
  const overrides = new StaffOverrides({
    db: database.db,
    clock,
    users: deps.users,
    challenges: deps.challenges,
    live,
    outbox: deps.outbox,
    publicUrl: deps.config.publicUrl,
  });
  registerAccountRoutes(app, { accounts, overrides });
  registerTradesCsvRoutes(app, { accounts });
  app.addHook('onReady', () => live.start());
  app.addHook('preClose', async () => live.closeStreams());
  app.addHook('onClose', () => live.stop());
  registerVerdictReviewRoutes(app, { reviews: verdictReviews });

  jobs.work(
    'accounts.clock-sweep',
    async () => {
      const settled = await runClockSweep(database, clock, graceMs, live);
      if (settled > 0) app.log.info({ settled }, 'clock sweep rolled trading days and took time limits');
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 600 },
  );
  jobs.schedule('accounts.clock-sweep', '* * * * *');
  return { accounts, verdictReviews };
}
